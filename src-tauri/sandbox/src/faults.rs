//! Fault injection: faults are queued per route and consumed in order, `times` each.

use std::sync::Mutex;
use std::time::Duration;

use axum::http::Method;
use serde::{Deserialize, Serialize};

/// Which platform route a fault applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// Every platform route (never `/__sandbox/...`).
    Any,
    Authorize,
    Token,
    Revoke,
    Me,
    Teams,
    /// The read-only Team information (`/overview`, `/members`, `/member-credits`,
    /// `/entitlements`, `/membership…`); an injected 402 there is `TEAM_CREDIT_PACK_PLAN_REQUIRED`.
    TeamInfo,
    Models,
    Balance,
    Usage,
    TtsOptions,
    ChatCompletions,
    Speech,
}

impl Route {
    /// The route a request belongs to; `None` for control and static paths.
    pub fn classify(method: &Method, path: &str) -> Option<Route> {
        let route = match path {
            "/oauth/authorize" => Route::Authorize,
            "/oauth/token" => Route::Token,
            "/oauth/revoke" => Route::Revoke,
            "/api/v1/open/me" => Route::Me,
            "/api/v1/open/models" => Route::Models,
            "/api/v1/open/balance" => Route::Balance,
            "/api/v1/open/usage" => Route::Usage,
            "/api/proxy/v1/tts/options" => Route::TtsOptions,
            "/api/proxy/v1/chat/completions" if method == Method::POST => Route::ChatCompletions,
            "/api/proxy/v1/audio/speech" if method == Method::POST => Route::Speech,
            _ if path.starts_with("/api/v1/open/teams") => {
                if path.ends_with("/models") {
                    Route::Models
                } else if path.ends_with("/balance") {
                    Route::Balance
                } else if ["/overview", "/members", "/member-credits", "/entitlements"]
                    .iter()
                    .any(|end| path.ends_with(end))
                    || path.contains("/membership")
                {
                    Route::TeamInfo
                } else {
                    Route::Teams
                }
            }
            _ => return None,
        };
        Some(route)
    }

    pub(crate) fn label(self) -> &'static str {
        match self {
            Route::Speech => "speech",
            Route::ChatCompletions => "chat_completions",
            _ => "other",
        }
    }
}

/// What goes wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// Wait this long before handling the request.
    Latency(Duration),
    /// Answer with this status instead of handling the request (no charge). 429 and 503 carry
    /// `Retry-After: 1`.
    Status(u16),
    /// Like `Status`, with this `Retry-After` instead of 1 second.
    StatusRetryAfter { status: u16, after: RetryAfter },
    /// A refusal with this status and this platform code in the error envelope (no charge):
    /// a code the docs don't name, as another platform may spell it (READINGS M11).
    Refusal { status: u16, code: &'static str },
    /// Drop the connection before anything is handled or charged.
    ResetBeforeCommit,
    /// Handle the request (charges are committed), then drop the connection without a response.
    ResetAfterCommit,
    /// Answer 200 with a JSON body of this many bytes (mostly whitespace), handling nothing.
    HugeBody { bytes: usize },
    /// Handle the request, send the first `after_bytes` of the answer's body, then pause
    /// (any route; for a stalled audio download).
    BodyStall { after_bytes: usize, pause: Duration },
    /// Streaming responses only: pause after this many `data:` events, then continue.
    SseStall { after_events: u32, pause: Duration },
    /// Streaming responses only: abort the connection after this many `data:` events (no `[DONE]`).
    SseDrop { after_events: u32 },
    /// Streaming responses only: handle the request (charges are committed), then stream
    /// deltas of `delta_bytes` without end (the sandbox itself stops after 64 MiB).
    SseEndless { delta_bytes: usize },
    // ----- issue 24 batch A -----
    /// Answer with this status, `Content-Type` and exact body instead of handling the request
    /// (no charge), with `after` as its wait: the bodies another platform or a proxy in front
    /// of it sends: a FastAPI 422 `{"detail": [{loc, msg, type}]}` or `{"detail": "text"}`
    /// (READINGS A2, A3), a plain-text or HTML 502/504 (A3), the OAuth error JSON of a
    /// throttled or refused token exchange (B7, C3).
    RawBody { status: u16, content_type: &'static str, body: &'static str, after: RetryAfter },
    /// Streaming responses only: after this many `data:` events, send an error inside the
    /// stream in this shape (code `UPSTREAM_MODEL_ERROR`) and end it, no `[DONE]` (READINGS M3:
    /// the docs mention "errors delivered in the stream" and fix no shape).
    SseError { after_events: u32, shape: StreamErrorShape },
}

/// How an error inside a stream is written (READINGS M3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamErrorShape {
    /// OpenAI's: `data: {"error": {"code", "message"}}`.
    ErrorObject,
    /// The Open API envelope: `data: {"success": false, "code", "message", "request_id"}`.
    Envelope,
    /// A typed event: `event: error` then `data: {"code", "message"}`.
    ErrorEvent,
}

impl StreamErrorShape {
    /// The platform code every shape carries.
    pub const CODE: &'static str = "UPSTREAM_MODEL_ERROR";

    /// The whole event, blank line included; `request_id` goes in the envelope's `request_id`.
    pub fn event(self, request_id: &str) -> String {
        let message = "The model failed while writing the reply";
        let code = Self::CODE;
        match self {
            StreamErrorShape::ErrorObject => {
                format!("data: {{\"error\":{{\"code\":\"{code}\",\"message\":\"{message}\"}}}}\n\n")
            }
            StreamErrorShape::Envelope => format!(
                "data: {{\"success\":false,\"code\":\"{code}\",\"message\":\"{message}\",\"request_id\":\"{request_id}\"}}\n\n"
            ),
            StreamErrorShape::ErrorEvent => {
                format!("event: error\ndata: {{\"code\":\"{code}\",\"message\":\"{message}\"}}\n\n")
            }
        }
    }
}

impl FaultKind {
    fn streaming_only(&self) -> bool {
        matches!(
            self,
            FaultKind::SseStall { .. }
                | FaultKind::SseDrop { .. }
                | FaultKind::SseEndless { .. }
                | FaultKind::SseError { .. }
        )
    }
}

/// A `Retry-After` value, in either form RFC 9110 allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryAfter {
    /// Delta-seconds: `Retry-After: 60`.
    Seconds(u64),
    /// An HTTP date this many seconds after the answer is sent (real time, not the sandbox
    /// clock: the client compares it with its own clock).
    DateIn(u64),
    /// No `Retry-After` at all: a platform that throttles without saying how long.
    Absent,
    // ----- issue 24 batch A -----
    /// `Retry-After` exactly as written here, in a form RFC 9110 does not define or that
    /// older servers send: `1.5`, an RFC 850 or asctime date (READINGS B11).
    Raw(&'static str),
    /// No `Retry-After`; `Retry-After-Ms: n` instead, as some gateways say it (READINGS B11).
    Millis(u64),
}

impl RetryAfter {
    pub fn header_value(self) -> String {
        match self {
            RetryAfter::Seconds(n) => n.to_string(),
            RetryAfter::Absent | RetryAfter::Millis(_) => String::new(),
            RetryAfter::Raw(text) => text.to_owned(),
            RetryAfter::DateIn(n) => {
                let when = time::OffsetDateTime::now_utc() + std::time::Duration::from_secs(n);
                let format = time::macros::format_description!(
                    "[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT"
                );
                when.format(&format).unwrap_or_default()
            }
        }
    }
}

/// A fault to inject into the next `times` matching requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    pub route: Route,
    pub kind: FaultKind,
    pub times: u32,
}

impl Fault {
    pub fn once(route: Route, kind: FaultKind) -> Fault {
        Fault { route, kind, times: 1 }
    }
}

#[derive(Debug, Default)]
pub(crate) struct FaultQueue {
    queue: Mutex<Vec<Fault>>,
}

impl FaultQueue {
    pub fn push(&self, fault: Fault) {
        if fault.times > 0 {
            self.lock().push(fault);
        }
    }

    pub fn clear(&self) {
        self.lock().clear();
    }

    pub fn pending(&self) -> Vec<Fault> {
        self.lock().clone()
    }

    /// Takes one use of the first queued fault matching this request. Streaming-only faults
    /// match only streaming requests.
    pub fn take(&self, route: Route, streaming: bool) -> Option<FaultKind> {
        let mut queue = self.lock();
        let index = queue.iter().position(|f| {
            (f.route == Route::Any || f.route == route) && (streaming || !f.kind.streaming_only())
        })?;
        let kind = queue[index].kind;
        queue[index].times -= 1;
        if queue[index].times == 0 {
            queue.remove(index);
        }
        Some(kind)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Fault>> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_are_consumed_in_order_per_route() {
        let queue = FaultQueue::default();
        queue.push(Fault { route: Route::Speech, kind: FaultKind::Status(503), times: 2 });
        queue.push(Fault::once(Route::Any, FaultKind::Status(500)));
        queue.push(Fault::once(Route::ChatCompletions, FaultKind::SseDrop { after_events: 2 }));
        assert_eq!(queue.take(Route::ChatCompletions, false), Some(FaultKind::Status(500)));
        assert_eq!(queue.take(Route::ChatCompletions, false), None);
        assert_eq!(queue.take(Route::ChatCompletions, true), Some(FaultKind::SseDrop { after_events: 2 }));
        assert_eq!(queue.take(Route::Speech, false), Some(FaultKind::Status(503)));
        assert_eq!(queue.take(Route::Speech, false), Some(FaultKind::Status(503)));
        assert_eq!(queue.take(Route::Speech, false), None);
    }
}
