//! One reply over the wire: the request (bearer, `X-Request-ID`, Team workflow headers),
//! the few automatic retries H1 allows (connect errors, timeouts, 429 with `Retry-After`,
//! 502/503/504; never for anything else), the streamed or whole body, and Stop. What is
//! written afterwards is in `finish.rs`.

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::Value;
use tokio::sync::watch;

use super::stream::{completion_of, CompletionStream, StreamFailure, StreamItem};
use super::wire::{ChatEvent, MessageStatus, TokenUsage};
use super::ChatSink;
use crate::api::read_envelope;
use crate::auth::call::ContextCall;
use crate::chat::store::MessageRecord;
use crate::chat::Chat;
use crate::foundation::error::{Error, ErrorCode, IpcError, Result};

pub(crate) const COMPLETIONS_PATH: &str = "/api/proxy/v1/chat/completions";
/// Total time for a whole (non-streamed) reply.
const WHOLE_REPLY_TIMEOUT: Duration = Duration::from_secs(180);
const MAX_AUTO_RETRIES: u32 = 2;
/// The most text one streamed reply may hold, like a reply answered whole
/// (`api::MAX_BODY_BYTES`): a platform that streams without end is cut off there, and what
/// arrived is saved (and charged, as the platform reports) like any interrupted reply.
pub(super) const MAX_REPLY_BYTES: usize = crate::api::MAX_BODY_BYTES;
/// A longer `Retry-After` is not waited out: the reply fails saying how long the platform
/// asked to wait, and the person retries when they choose.
const MAX_RETRY_AFTER: Duration = crate::foundation::retry_after::MAX_AUTOMATIC_WAIT;
/// How often streamed text is written to SQLite while it arrives.
const SAVE_EVERY: Duration = Duration::from_millis(500);
/// At most one `Delta` per this window: what arrives sooner is held and sent as one. Each
/// event crosses to the page as one script evaluation, and WebKitGTK keeps memory in
/// proportion to what is evaluated (both processes; wry#1489), so a reply of 1,000 tokens
/// must not be 1,000 evaluations. The page batches deltas per frame anyway (16 ms), so
/// this delays nothing it would show; the first text goes at once.
const DELTA_EVERY: Duration = Duration::from_millis(16);

pub(super) enum Outcome {
    Complete,
    Stopped,
    Failed { error: IpcError, fatal: Option<Error> },
}

/// What the platform said about a reply, besides its text.
#[derive(Default)]
pub(super) struct Answer {
    pub(super) platform_request_id: Option<String>,
    pub(super) replayed: bool,
    pub(super) charged_points: Option<String>,
    pub(super) usage: Option<TokenUsage>,
    pub(super) first_token_ms: Option<i64>,
    /// Why the model ended the reply (`finish_reason`), as sent.
    pub(super) finish_reason: Option<String>,
}

use crate::api::header_text as header;

use crate::foundation::retry_after::{retry_after, whole_seconds};

/// Resolves once Stop was pressed.
async fn stopped(cancel: &mut watch::Receiver<bool>) {
    loop {
        if *cancel.borrow_and_update() {
            return;
        }
        if cancel.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Waits before an automatic retry; true when Stop was pressed meanwhile.
async fn pause(wait: Duration, cancel: &mut watch::Receiver<bool>) -> bool {
    tokio::select! {
        _ = stopped(cancel) => true,
        _ = tokio::time::sleep(wait) => false,
    }
}

pub(super) fn failed_with(err: Error, request_id: &str) -> Outcome {
    let mut error = IpcError::from(&err);
    if error.request_id.is_none() {
        error.request_id = Some(request_id.to_owned());
    }
    let fatal = matches!(err, Error::Unauthorized { .. }).then_some(err);
    Outcome::Failed { error, fatal }
}

/// A timeout or a broken connection after the request was sent: it may have been carried out.
/// A reply that passed `MAX_REPLY_BYTES`: ended there, the platform's request carried out.
fn cut_off(request_id: &str) -> Outcome {
    let mib = MAX_REPLY_BYTES / (1024 * 1024);
    let mut error = IpcError::new(
        ErrorCode::Decode,
        format!("the reply was cut off at {mib} MiB: the platform kept streaming"),
    );
    error.request_id = Some(request_id.to_owned());
    Outcome::Failed { error, fatal: None }
}

fn network(message: impl Into<String>, request_id: &str) -> Outcome {
    let mut error = IpcError::new(ErrorCode::Network, message);
    error.request_id = Some(request_id.to_owned());
    error.outcome_unknown = true;
    Outcome::Failed { error, fatal: None }
}

fn stream_failure(failure: StreamFailure, request_id: &str) -> Outcome {
    // Every stream failure comes after the platform accepted the request.
    let (code, message, platform_code, rid) = match failure {
        StreamFailure::Platform { code, message, request_id: rid } => {
            let kind = crate::foundation::error::platform_error_code(&code, &message);
            (kind, message, Some(code), rid)
        }
        StreamFailure::Malformed(detail) => {
            (ErrorCode::Decode, format!("unreadable stream event: {detail}"), None, None)
        }
        StreamFailure::TooLarge(n) => {
            (ErrorCode::Decode, format!("a stream event exceeded {n} bytes"), None, None)
        }
        StreamFailure::EndedWithoutDone => {
            (ErrorCode::Network, "the stream ended before [DONE]".to_owned(), None, None)
        }
    };
    let mut error = IpcError::new(code, message);
    error.platform_code = platform_code;
    error.request_id = Some(rid.unwrap_or_else(|| request_id.to_owned()));
    error.outcome_unknown = true;
    Outcome::Failed { error, fatal: None }
}

/// Whether an `X-Xiaoya-Idempotent-Replay` value says "replayed": the docs give `true` for
/// speech and fix no form for chat (READINGS M7), so `True`, `1` and `yes` say it too.
fn marks_replay(value: &str) -> bool {
    ["true", "1", "yes"].iter().any(|yes| value.trim().eq_ignore_ascii_case(yes))
}

/// Whether a 409's code says the request id was already settled (`CHAT_REQUEST_ALREADY_SETTLED`,
/// `REQUEST_ALREADY_SETTLED`, as speech's `TTS_REQUEST_ALREADY_SETTLED`; READINGS M8: the docs
/// name no code for chat).
fn names_settled(code: &str) -> bool {
    crate::foundation::error::code_names_any(code, &["SETTLED"])
}

pub(super) fn elapsed_ms(since: Instant) -> i64 {
    i64::try_from(since.elapsed().as_millis()).unwrap_or(i64::MAX)
}

impl Chat {
    pub(super) fn reply_request(
        &self,
        call: &ContextCall,
        reply: &MessageRecord,
        streamed: bool,
    ) -> Result<reqwest::RequestBuilder> {
        let body =
            reply.request_body.clone().ok_or_else(|| Error::Invariant("reply without a request body"))?;
        let request_id =
            reply.request_id.as_deref().ok_or_else(|| Error::Invariant("reply without a request id"))?;
        let mut req = call
            .request(&self.shared.client(), reqwest::Method::POST, COMPLETIONS_PATH)?
            .header("Content-Type", "application/json")
            .header("Accept", if streamed { "text/event-stream" } else { "application/json" })
            .header("X-Request-ID", request_id)
            .body(body);
        if !streamed {
            req = req.timeout(WHOLE_REPLY_TIMEOUT);
        }
        if call.team_id().is_some() {
            let field = |v: &Option<String>, name: &str| {
                v.clone()
                    .ok_or_else(|| Error::Corrupt { what: "Team reply tuple", value: format!("no {name}") })
            };
            req = req
                .header(
                    "X-Xiaoya-Workflow-Version-Id",
                    field(&reply.workflow_version_id, "a workflow version")?,
                )
                .header("X-Xiaoya-Run-Id", field(&reply.run_id, "a run id")?)
                .header("X-Xiaoya-Node-Id", field(&reply.node_id, "a node id")?)
                .header("X-Xiaoya-Attempt", reply.attempt.unwrap_or(1).to_string());
        }
        Ok(req)
    }

    /// Whether one more automatic attempt is allowed. An automatic retry is the same request
    /// again: same id, body and, for a Team reply, the identical workflow tuple (its
    /// `X-Xiaoya-Attempt` included) — the outcome of the first send may be unknown, and the
    /// tuple is the Team's idempotency boundary.
    fn next_attempt(&self, auto: &mut u32) -> bool {
        if *auto >= MAX_AUTO_RETRIES {
            return false;
        }
        *auto += 1;
        true
    }

    /// Sends the reply's request (with the allowed automatic retries) and reads the answer.
    pub(super) async fn receive(
        &self,
        call: &ContextCall,
        reply: &mut MessageRecord,
        answer: &mut Answer,
        started: Instant,
        cancel: &mut watch::Receiver<bool>,
        sink: &dyn ChatSink,
    ) -> Result<Outcome> {
        let streamed = reply.streamed == Some(1);
        let request_id = reply.request_id.clone().unwrap_or_default();
        let idle = self.chat_runtime().idle_timeout();
        let mut auto = 0;
        loop {
            let request = self.reply_request(call, reply, streamed)?;
            let client = self.shared.client();
            let sent = tokio::select! {
                _ = stopped(cancel) => return Ok(Outcome::Stopped),
                sent = tokio::time::timeout(if streamed { idle } else { WHOLE_REPLY_TIMEOUT }, client.send(request)) => sent,
            };
            let response = match sent {
                Ok(Ok(response)) => response,
                Ok(Err(e)) if !(e.is_connect() || e.is_timeout()) => {
                    return Ok(failed_with(Error::Transport(e), &request_id));
                }
                failed => {
                    if self.next_attempt(&mut auto) {
                        tracing::info!(
                            auto,
                            "chat request did not connect or timed out; retrying with the same id"
                        );
                        if pause(Duration::from_millis(500 << auto), cancel).await {
                            return Ok(Outcome::Stopped);
                        }
                        continue;
                    }
                    return Ok(match failed {
                        Ok(Err(e)) => failed_with(Error::Transport(e), &request_id),
                        _ => network("the platform did not answer in time", &request_id),
                    });
                }
            };
            let headers = response.headers().clone();
            answer.platform_request_id =
                header(&headers, "x-xiaoya-request-id").or(answer.platform_request_id.take());
            answer.replayed =
                header(&headers, "x-xiaoya-idempotent-replay").is_some_and(|v| marks_replay(&v));
            answer.charged_points = header(&headers, "x-xiaoya-charged-points");
            let status = response.status().as_u16();
            let asked = retry_after(&headers);
            let too_long = asked.is_some_and(|wait| wait > MAX_RETRY_AFTER);
            if matches!(status, 429 | 502 | 503 | 504) && !too_long && self.next_attempt(&mut auto) {
                let wait = asked.unwrap_or(Duration::from_millis(500 << auto));
                tracing::info!(status, auto, "chat request refused for now; retrying with the same id");
                if pause(wait, cancel).await {
                    return Ok(Outcome::Stopped);
                }
                continue;
            }
            if !response.status().is_success() {
                let err = match read_envelope::<Value>(response).await {
                    Err(err) => err,
                    Ok(_) => Error::Decode(format!("HTTP {status} with a success envelope")),
                };
                let mut outcome = failed_with(err, &request_id);
                if let Outcome::Failed { error, .. } = &mut outcome {
                    if too_long {
                        error.retry_after_secs =
                            asked.map(|w| u32::try_from(whole_seconds(w)).unwrap_or(u32::MAX));
                    }
                    if status == 409 && error.platform_code.as_deref().is_some_and(names_settled) {
                        error.code = ErrorCode::ReplyAlreadySettled;
                    }
                }
                return Ok(outcome);
            }
            let is_stream =
                header(&headers, "content-type").is_some_and(|t| t.starts_with("text/event-stream"));
            return if is_stream {
                self.read_stream(response, reply, answer, started, idle, cancel, sink).await
            } else {
                self.read_whole(response, reply, answer, started, cancel, sink).await
            };
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn read_stream(
        &self,
        response: reqwest::Response,
        reply: &mut MessageRecord,
        answer: &mut Answer,
        started: Instant,
        idle: Duration,
        cancel: &mut watch::Receiver<bool>,
        sink: &dyn ChatSink,
    ) -> Result<Outcome> {
        let request_id = reply.request_id.clone().unwrap_or_default();
        let mut body = response.bytes_stream();
        let mut completion = CompletionStream::new();
        let mut last_save = Instant::now();
        reply.status = MessageStatus::Streaming.as_str().to_owned();
        self.shared.db().save_reply_progress(&reply.id, &reply.content, &reply.status).await?;
        // Text read (and already in `reply.content`) but not yet sent as a `Delta`.
        let mut held = String::new();
        let mut last_sent: Option<Instant> = None;
        loop {
            // While text is held, wait for more only until its window closes.
            let wait = match last_sent {
                Some(at) if !held.is_empty() => DELTA_EVERY.saturating_sub(at.elapsed()),
                _ => idle,
            };
            let next = tokio::select! {
                _ = stopped(cancel) => {
                    send_held(&mut held, reply, sink);
                    return Ok(Outcome::Stopped);
                }
                next = tokio::time::timeout(wait, body.next()) => next,
            };
            let chunk = match next {
                Err(_) if !held.is_empty() => {
                    last_sent = Some(Instant::now());
                    if !send_held(&mut held, reply, sink) {
                        return Ok(Outcome::Stopped);
                    }
                    continue;
                }
                Err(_) => {
                    return Ok(network(
                        format!("no data for {} s: the stream stalled", idle.as_secs_f32()),
                        &request_id,
                    ))
                }
                Ok(None) => {
                    send_held(&mut held, reply, sink);
                    answer.usage = completion.usage.or(answer.usage);
                    answer.finish_reason = completion.finish_reason.clone();
                    return Ok(match completion.finish() {
                        Ok(()) => Outcome::Complete,
                        Err(failure) => stream_failure(failure, &request_id),
                    });
                }
                Ok(Some(Err(e))) => {
                    send_held(&mut held, reply, sink);
                    return Ok(failed_with(Error::Transport(e), &request_id));
                }
                Ok(Some(Ok(chunk))) => chunk,
            };
            let pushed = completion.push(&chunk);
            answer.usage = completion.usage.or(answer.usage);
            answer.finish_reason.clone_from(&completion.finish_reason);
            let mut done = false;
            for item in pushed.items {
                match item {
                    StreamItem::Delta(text) => {
                        answer.first_token_ms.get_or_insert_with(|| elapsed_ms(started));
                        let room = MAX_REPLY_BYTES.saturating_sub(reply.content.len());
                        if text.len() > room {
                            let mut end = room;
                            while !text.is_char_boundary(end) {
                                end -= 1;
                            }
                            reply.content.push_str(&text[..end]);
                            held.push_str(&text[..end]);
                            send_held(&mut held, reply, sink);
                            return Ok(cut_off(&request_id));
                        }
                        reply.content.push_str(&text);
                        held.push_str(&text);
                    }
                    StreamItem::Done => {
                        done = true;
                        break;
                    }
                }
            }
            let window_closed = last_sent.is_none_or(|at| at.elapsed() >= DELTA_EVERY);
            if !held.is_empty() && (window_closed || done || pushed.failure.is_some()) {
                last_sent = Some(Instant::now());
                // Nobody listens any more (the window went away): stop like Stop.
                if !send_held(&mut held, reply, sink) {
                    return Ok(Outcome::Stopped);
                }
            }
            if done {
                return Ok(Outcome::Complete);
            }
            if let Some(failure) = pushed.failure {
                return Ok(stream_failure(failure, &request_id));
            }
            if last_save.elapsed() >= SAVE_EVERY {
                last_save = Instant::now();
                self.shared.db().save_reply_progress(&reply.id, &reply.content, &reply.status).await?;
            }
        }
    }

    async fn read_whole(
        &self,
        response: reqwest::Response,
        reply: &mut MessageRecord,
        answer: &mut Answer,
        started: Instant,
        cancel: &mut watch::Receiver<bool>,
        sink: &dyn ChatSink,
    ) -> Result<Outcome> {
        let request_id = reply.request_id.clone().unwrap_or_default();
        let bytes = tokio::select! {
            _ = stopped(cancel) => return Ok(Outcome::Stopped),
            bytes = crate::api::read_body_capped(response, crate::api::MAX_BODY_BYTES) => bytes,
        };
        let bytes = match bytes {
            Ok(bytes) => bytes,
            Err(e) => return Ok(failed_with(e, &request_id)),
        };
        let value: Value = match serde_json::from_slice(&bytes) {
            Ok(value) => value,
            Err(e) => return Ok(stream_failure(StreamFailure::Malformed(e.to_string()), &request_id)),
        };
        // A completion may also arrive wrapped in the open API envelope.
        let value = match value.get("success").and_then(Value::as_bool) {
            Some(true) => value.get("data").cloned().unwrap_or(Value::Null),
            _ => value,
        };
        match completion_of(&value) {
            Ok(whole) => {
                let content = whole.content;
                answer.usage = whole.usage;
                answer.finish_reason = whole.finish_reason;
                if reply.streamed == Some(1) {
                    answer.first_token_ms = Some(elapsed_ms(started));
                }
                reply.content = content.clone();
                if !content.is_empty() {
                    sink.send(ChatEvent::Delta { message_id: reply.id.clone(), text: content });
                }
                Ok(Outcome::Complete)
            }
            Err(failure) => Ok(stream_failure(failure, &request_id)),
        }
    }
}

/// Sends the held text as one `Delta` (nothing when none is held); false when nobody listens.
fn send_held(held: &mut String, reply: &MessageRecord, sink: &dyn ChatSink) -> bool {
    if held.is_empty() {
        return true;
    }
    sink.send(ChatEvent::Delta { message_id: reply.id.clone(), text: std::mem::take(held) })
}
