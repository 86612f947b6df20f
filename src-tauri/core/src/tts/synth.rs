//! Synthesis: journal, send (with the retry rules), save the audio atomically, then settle
//! the clip with its charge (`settle.rs`). Every send of a clip, automatic, manual or after a
//! restart, uses the clip's one request id and its journaled body, in the clip's own context.

use futures_util::StreamExt;

use super::estimate::{estimate_counted, learn, CountingKnowledge};
use super::files::{audio_dir, clip_file_name, remove_partials, write_atomic, MAX_AUDIO_BYTES};
use super::input::{body_for, normalize, resolve};
use super::send::{send_once, Attempt, RetryPolicy};
use super::settle::{clip_error, receipt_columns, SeenReceipt};
use super::state::KeptAudio;
use super::wire::{Clip, ClipStatus, CompareQuote, CostEstimate, SettledClip, SpeechReceipt, SpeechRequest};
use crate::auth::call::ContextCall;
use crate::auth::flow::now_unix;
use crate::auth::store::SessionRecord;
use crate::foundation::error::{Error, Result};
use crate::tts::store::{ClipContext, ClipRow, NewClip};
use crate::tts::Tts;

pub use super::now_ms;

/// What the body of a successful answer came to.
enum Body {
    /// All of it, in memory (bounded by [`MAX_AUDIO_BYTES`]); nothing written yet.
    Audio(Vec<u8>),
    /// The audio stopped arriving for longer than the idle timeout (H1: a timeout, retried
    /// automatically under the same id).
    Stalled(Error),
    /// The connection broke mid-body: the platform has charged; the person decides (same id).
    Broken(Error),
}

impl Tts {
    /// The estimate for a request in the active context (no network when the catalog is
    /// cached). Validation errors are not raised here: the UI shows the counter and limits.
    pub async fn tts_estimate(&self, req: SpeechRequest) -> Result<CostEstimate> {
        let catalog = self.active_tts_catalog().await?;
        let config = catalog.config(&req.tts_config_id);
        let voice = config.and_then(|c| c.voices.iter().find(|v| v.voice_id == req.voice_id));
        let ctx = ClipContext::of(&self.auth().active_session().await?);
        let price = catalog.prices.get(&req.tts_config_id);
        let known = self.counting_known(&ctx, &req.tts_config_id, price).await?;
        Ok(estimate_counted(price, &req.input, voice, &known))
    }

    /// What the settled clips of a configuration, in one context, have taught about how it
    /// counts characters and rounds a started block under `price` (the catalog says nothing
    /// of either; the receipts do).
    pub(crate) async fn counting_known(
        &self,
        ctx: &ClipContext,
        tts_config_id: &str,
        price: Option<&super::catalog::Price>,
    ) -> Result<CountingKnowledge> {
        let rows = self.shared.db().settled_receipts(ctx, tts_config_id, 200).await?;
        let receipts: Vec<(String, SpeechReceipt, i64)> = rows
            .into_iter()
            .filter_map(|(input, receipt, at)| {
                serde_json::from_str::<SpeechReceipt>(&receipt).ok().map(|r| (input, r, at))
            })
            .collect();
        Ok(learn(receipts.iter().map(|(i, r, at)| (i.as_str(), r, *at)), price))
    }

    /// The summed estimate for the same text in up to four voices, and a batch id that ties
    /// the clips together once the person confirms.
    pub async fn tts_compare_quote(&self, requests: Vec<SpeechRequest>) -> Result<CompareQuote> {
        if requests.is_empty() || requests.len() > 4 {
            return Err(Error::InvalidInput("compare one to four voices".into()));
        }
        let catalog = self.active_tts_catalog().await?;
        let ctx = ClipContext::of(&self.auth().active_session().await?);
        let mut items = Vec::new();
        for req in &requests {
            let (config, voice) = resolve(&catalog, req)?;
            body_for(req, &normalize(&req.params))?;
            let price = catalog.prices.get(&config.tts_config_id);
            let known = self.counting_known(&ctx, &config.tts_config_id, price).await?;
            items.push(estimate_counted(price, &req.input, Some(voice), &known));
        }
        let known: Vec<_> = items
            .iter()
            .filter_map(|i| i.total_points.as_deref().and_then(crate::billing::points::Points::parse))
            .collect();
        let unestimated = items.len() - known.len();
        let known_sum: crate::billing::points::Points = known.into_iter().sum();
        Ok(CompareQuote {
            batch_id: uuid::Uuid::new_v4().to_string(),
            total_points: (unestimated == 0).then(|| known_sum.to_string()),
            known_points: known_sum.to_string(),
            unestimated_items: u32::try_from(unestimated).unwrap_or(u32::MAX),
            items,
        })
    }

    /// Synthesizes speech in the active context. The request id is created here and the
    /// request journaled before anything is sent. Platform failures come back as the clip's
    /// status (with its request id); only problems before the journal are errors.
    #[tracing::instrument(skip(self, req), err)]
    pub async fn synthesize(&self, req: SpeechRequest) -> Result<Clip> {
        let (call, row) = self.journal_speech(req).await?;
        self.run_clip(&row.id.clone(), &call, Some(row)).await
    }

    /// Checks a request against the active context's catalog and writes it to the ledger
    /// with a new request id, before anything is sent.
    pub(crate) async fn journal_speech(&self, req: SpeechRequest) -> Result<(ContextCall, ClipRow)> {
        let call = self.auth().context_call(Some("model")).await?;
        let catalog = match self.state().catalog_for(&call.session.id) {
            Some(c) => c,
            None => self.refresh_tts_catalog().await?,
        };
        let (config, voice) = resolve(&catalog, &req)?;
        let params = normalize(&req.params);
        let body = body_for(&req, &params)?;
        let price = catalog.prices.get(&config.tts_config_id);
        let known =
            self.counting_known(&ClipContext::of(&call.session), &config.tts_config_id, price).await?;
        let est = estimate_counted(price, &req.input, Some(voice), &known);
        let clip = NewClip {
            id: uuid::Uuid::new_v4().to_string(),
            request_id: uuid::Uuid::new_v4().to_string(),
            batch_id: req.batch_id.clone(),
            context: ClipContext::of(&call.session),
            tts_config_id: config.tts_config_id.clone(),
            config_name: config.display_name.clone(),
            voice_id: voice.voice_id.clone(),
            voice_name: voice.display_name.clone(),
            input: req.input.clone(),
            body,
            params: serde_json::to_string(&params)
                .map_err(|source| Error::Json { what: "speech parameters", source })?,
            format: req.response_format.clone(),
            estimate: serde_json::to_string(&est)
                .map_err(|source| Error::Json { what: "speech estimate", source })?,
            created_at_ms: now_ms(),
        };
        let row = self.shared.db().insert_clip(&clip).await?;
        tracing::info!(request_id = %clip.request_id, "speech request journaled");
        Ok((call, row))
    }

    /// A clip's row, or "no such clip" for an id the ledger doesn't hold.
    pub(crate) async fn clip_row(&self, clip_id: &str) -> Result<ClipRow> {
        self.shared.db().clip(clip_id).await?.ok_or_else(|| Error::InvalidInput("no such clip".into()))
    }

    /// Sends a clip again under its own request id (after an unknown outcome or a failure
    /// that settled nothing), in the context that asked for it.
    #[tracing::instrument(skip(self), err)]
    pub async fn retry_clip(&self, clip_id: &str) -> Result<Clip> {
        let row = self.clip_row(clip_id).await?;
        let status = ClipStatus::parse(&row.status);
        let open = matches!(status, Some(ClipStatus::Pending | ClipStatus::Unknown))
            || (status == Some(ClipStatus::Failed) && row.retryable != 0);
        if !open {
            return Err(Error::InvalidInput("this clip is not waiting for a retry".into()));
        }
        let session = self.session_for_context(&row.context()).await?.ok_or(Error::NotSignedIn)?;
        let call = self.call_for(session).await?;
        self.run_clip(clip_id, &call, None).await
    }

    /// After a crash or kill: every clip still `pending` (the app stopped before it had an
    /// answer) is sent again under the same request id, in its own context (when still signed
    /// in there). A clip whose outcome was found unknown (a 500, a dropped answer) waits for
    /// the person's Retry instead (H1). Returns how many ran.
    pub async fn resume_tts_clips(&self) -> Result<usize> {
        remove_partials(&audio_dir(self.shared.data_dir())).await;
        let mut resumed = 0;
        for row in self.shared.db().open_clips().await? {
            let Some(session) = self.session_for_context(&row.context()).await? else {
                continue;
            };
            let Ok(call) = self.call_for(session).await else {
                continue;
            };
            tracing::info!(request_id = %row.request_id, "resuming a speech request");
            match self.run_clip(&row.id, &call, None).await {
                Ok(_) => resumed += 1,
                Err(err) => {
                    tracing::warn!(code = ?err.code(), request_id = %row.request_id, "resume failed")
                }
            }
        }
        Ok(resumed)
    }

    pub(super) async fn session_for_context(&self, ctx: &ClipContext) -> Result<Option<SessionRecord>> {
        let now = now_unix();
        Ok(self
            .shared
            .db()
            .sessions_for(&ctx.columns.origin, &ctx.columns.client_id)
            .await?
            .into_iter()
            .find(|s| ctx.matches(s) && s.expires_at > now))
    }

    async fn call_for(&self, session: SessionRecord) -> Result<ContextCall> {
        self.auth().call_for_session(session, Some("model")).await
    }

    /// Sends one clip, then announces how it settled: `clipSettled` for every settled status,
    /// and, when it charged or may have charged, the paying context's balance is read again
    /// after the answer, with the call this action holds (no second keychain read), so
    /// neither the answer nor the composer waits for it. `journaled` is the row the journal
    /// just wrote (a fresh request); a retry or a resume reads it once, after its claim.
    async fn run_clip(&self, clip_id: &str, call: &ContextCall, journaled: Option<ClipRow>) -> Result<Clip> {
        let clip = self.send_clip(clip_id, call, journaled).await?;
        if clip.status != ClipStatus::Pending {
            self.events.emit(self.settled(clip.clone(), &call.session).await);
        }
        if matches!(clip.status, ClipStatus::Complete | ClipStatus::SettledNoAudio | ClipStatus::Unknown) {
            self.billing().refresh_after_charge(call.clone());
        }
        Ok(clip)
    }

    /// What `clip` changed: its context's totals and its configuration's counting rule, read
    /// once here so the page reads neither back. A read that fails is logged and left out
    /// (the page then asks for the totals itself); the clip is told either way.
    pub(super) async fn settled(&self, clip: Clip, session: &SessionRecord) -> SettledClip {
        let ctx = ClipContext::of(session);
        let totals = self.totals_in(ctx.clone()).await;
        let catalog = self.state().catalog_for(&session.id);
        let price = catalog.as_ref().and_then(|c| c.prices.get(&clip.tts_config_id));
        let counting = self.counting_known(&ctx, &clip.tts_config_id, price).await;
        if let Err(err) = totals.as_ref().map(|_| ()).and(counting.as_ref().map(|_| ())) {
            tracing::warn!(code = ?err.code(), "a settled clip's totals or counting could not be read");
        }
        SettledClip {
            session_id: session.id.clone(),
            totals: totals.ok(),
            counting: counting.ok().map(|k| k.rule()),
            clip,
        }
    }

    /// The send loop for one clip.
    async fn send_clip(&self, clip_id: &str, call: &ContextCall, journaled: Option<ClipRow>) -> Result<Clip> {
        let _claim = self
            .state()
            .claim(clip_id)
            .ok_or_else(|| Error::InvalidInput("this clip is already being sent".into()))?;
        let row = match journaled {
            Some(row) => row,
            None => self
                .shared
                .db()
                .clip(clip_id)
                .await?
                .ok_or_else(|| Error::Invariant("journaled clip vanished"))?,
        };
        let policy: RetryPolicy = self.state().policy();
        // A clip that was sent before (this run or a previous one) may have been acted on.
        let mut maybe_received = row.attempts > 0;
        let mut last: Option<Error> = None;
        // The newest receipt this run has seen, and whether it reached the row.
        let mut seen: Option<SeenReceipt> = None;
        for attempt in 1..=policy.max_attempts.max(1) {
            self.shared.db().begin_clip_attempt(clip_id, now_ms()).await?;
            let outcome =
                send_once(&self.shared.client(), call, &row.request_id, &row.body, &policy, maybe_received)
                    .await?;
            let (unknown, wait, error) = match outcome {
                Attempt::Audio { receipt, response } => {
                    let written = self.record_receipt_early(&row, &receipt).await;
                    let got = SeenReceipt { receipt, written };
                    match self.receive_audio(response).await? {
                        Body::Audio(bytes) => {
                            return self.save_and_settle(&call.session, &row, &got, bytes).await
                        }
                        Body::Stalled(err) => {
                            seen = Some(got);
                            (true, None, err)
                        }
                        Body::Broken(err) => return self.give_up(&row, true, true, &err).await,
                    }
                }
                Attempt::AlreadySettled(err) => {
                    return self.settled_before(&call.session, &row, seen.as_ref(), err).await
                }
                Attempt::Retry { unknown, retry_after, error } => (unknown, retry_after, error),
                Attempt::Unknown(err) => return self.give_up(&row, true, true, &err).await,
                Attempt::Rejected { error, retryable } => {
                    return self.give_up(&row, false, retryable, &error).await
                }
                Attempt::Unauthorized(err) => {
                    self.shared
                        .db()
                        .fail_clip(clip_id, maybe_received, &clip_error(&err), true, now_ms())
                        .await?;
                    return self.auth().on_unauthorized(&call.session, Err(err)).await;
                }
            };
            maybe_received |= unknown;
            tracing::warn!(request_id = %row.request_id, attempt, code = ?error.code(), "speech attempt failed");
            let too_long = wait.is_some_and(|w| w > policy.max_retry_after);
            last = Some(error);
            if attempt == policy.max_attempts || too_long {
                break;
            }
            tokio::time::sleep(policy.delay(attempt, wait)).await;
        }
        let err = last.unwrap_or_else(|| Error::Invariant("no attempt was made"));
        self.give_up(&row, maybe_received, true, &err).await
    }

    /// The receipt headers, written as they arrive, before the body (so a crash mid-body
    /// still knows what was charged). A failure here (a full disk) does not stop the audio
    /// being read: the receipt is then written, for certain, with the settled clip
    /// (`save_and_settle`). Returns whether it was written.
    async fn record_receipt_early(&self, row: &ClipRow, receipt: &SpeechReceipt) -> bool {
        match self.record_receipt(row, receipt).await {
            Ok(()) => true,
            Err(err) => {
                tracing::warn!(request_id = %row.request_id, code = ?err.code(), "the receipt could not be written before the audio; it is kept in memory");
                false
            }
        }
    }

    /// Reads the audio body into memory (bounded).
    async fn receive_audio(&self, response: reqwest::Response) -> Result<Body> {
        let idle = self.state().policy().idle_timeout;
        let expected = response.content_length().unwrap_or(0).min(MAX_AUDIO_BYTES);
        let mut audio = Vec::with_capacity(usize::try_from(expected).unwrap_or(0));
        let mut stream = response.bytes_stream();
        loop {
            let chunk = match tokio::time::timeout(idle, stream.next()).await {
                Err(_) => return Ok(Body::Stalled(Error::Stalled(idle))),
                Ok(None) => break,
                Ok(Some(chunk)) => chunk,
            };
            match chunk {
                Ok(bytes) => {
                    if (audio.len() + bytes.len()) as u64 > MAX_AUDIO_BYTES {
                        return Ok(Body::Broken(Error::Decode(
                            "the audio is larger than any clip can be".into(),
                        )));
                    }
                    audio.extend_from_slice(&bytes);
                }
                Err(e) if e.is_timeout() => return Ok(Body::Stalled(Error::Transport(e))),
                Err(e) => return Ok(Body::Broken(Error::Transport(e))),
            }
        }
        if audio.is_empty() {
            return Ok(Body::Broken(Error::Decode("the platform sent no audio".into())));
        }
        Ok(Body::Audio(audio))
    }

    /// The receipt headers, as sent, on the clip's row.
    async fn record_receipt(&self, row: &ClipRow, receipt: &SpeechReceipt) -> Result<()> {
        let columns = receipt_columns(receipt)?;
        self.shared
            .db()
            .set_clip_receipt(&row.id, &columns.json, columns.charged_points.as_deref(), now_ms())
            .await
    }

    /// The audio first (written, fsynced, renamed into place), then the receipt and the
    /// clip with its charge (one transaction, S4). When the audio cannot be written (a full
    /// disk) the charge is recorded anyway, with its receipt, and the audio is kept in memory
    /// for "Save again" (`retry_save_audio`). When the database cannot be written either, the
    /// error is returned and the clip stays pending: a saved audio file stays and the next
    /// start heals the clip; kept audio can still be saved this run.
    async fn save_and_settle(
        &self,
        session: &SessionRecord,
        row: &ClipRow,
        got: &SeenReceipt,
        audio: Vec<u8>,
    ) -> Result<Clip> {
        let target = audio_dir(self.shared.data_dir()).join(clip_file_name(&row.id, &row.format));
        let bytes = audio.len() as u64;
        let charged = got.receipt.charged_points.clone();
        let unsaved = got.unsaved()?;
        match write_atomic(target, &audio).await {
            Ok(path) => self.finish(session, row, charged, unsaved, Some(path), bytes, None).await,
            Err(source) => {
                let err = Error::Io { action: "cannot save the audio", source };
                let kept = self
                    .state()
                    .keep_audio(&row.id, KeptAudio { bytes: audio.into(), receipt: got.receipt.clone() });
                tracing::warn!(request_id = %row.request_id, code = ?err.code(), kept, "charged, but the audio could not be saved");
                self.finish(session, row, charged, unsaved, None, 0, Some(err)).await
            }
        }
    }
}
