//! Check platform: runs the documented contract against the configured platform with the
//! signed-in sessions, for a tester's release report. Read-only checks first (each answer
//! read by the same readers the app uses, and how it was read written down); the two
//! billable checks (one short chat reply, one short clip) only after the person confirmed
//! their cost, through the app's own chat and speech paths (so they are journaled, charged
//! once and appear in the ledger like any other). Nothing here ends a session or changes
//! who pays.

pub mod openapi;
pub mod report;
mod service;
pub mod wire;

pub use service::Check;

use std::time::{Duration, Instant};

use serde_json::Value;
use url::Url;

use self::wire::{BillableQuote, CheckId, CheckItem, CheckReport, CheckVerdict};
use crate::api::{segment, PlatformClient};
use crate::auth::secret::AccessToken;
use crate::billing::points::Points;
use crate::chat::wire::{ChatOptions, ChatSendInput, MessageStatus, ResponseFormatChoice};
use crate::error::{Error, IpcError, Result};
use crate::store::ledger::context_label;
use crate::store::sessions::SessionRecord;
use crate::tts::wire::{ClipStatus, SpeechParams, SpeechRequest};

/// A response body is kept for the report up to this size.
const RAW_CAP: usize = 64 * 1024;
/// A check reads at most this much of an answer.
const BODY_CAP: usize = 4 * 1024 * 1024;
const CHECK_TIMEOUT: Duration = Duration::from_secs(30);
pub const CHAT_PROMPT: &str = "Platform check: reply with the single word OK.";
pub const SPEECH_TEXT: &str = "Platform check.";

/// One GET as the check saw it.
struct Answer {
    status: Option<u16>,
    request_id: Option<String>,
    body: Option<String>,
    json: Option<Value>,
    error: Option<Error>,
    took: Duration,
}

fn millis(d: Duration) -> u32 {
    u32::try_from(d.as_millis()).unwrap_or(u32::MAX)
}

/// The body as text for the report: capped, and the session's token redacted should a
/// platform ever echo it.
fn keep(body: &[u8], token: Option<&AccessToken>) -> String {
    let cut = body.len().min(RAW_CAP);
    let mut text = String::from_utf8_lossy(&body[..cut]).into_owned();
    if let Some(token) = token {
        let secret = token.expose();
        if !secret.is_empty() {
            text = text.replace(secret, "[redacted]");
        }
    }
    if body.len() > cut {
        text.push_str(&format!("\n… ({} more bytes)", body.len() - cut));
    }
    text
}

impl Check {
    async fn check_get(&self, origin: &Url, path: &str, token: Option<&AccessToken>, team: Option<&str>) -> Answer {
        let started = Instant::now();
        let mut answer =
            Answer { status: None, request_id: None, body: None, json: None, error: None, took: Duration::ZERO };
        let url = match PlatformClient::url(origin, path) {
            Ok(url) => url,
            Err(e) => {
                answer.error = Some(e);
                return answer;
            }
        };
        let req = self
            .shared
            .client()
            .authorized(reqwest::Method::GET, url, token, team)
            .timeout(CHECK_TIMEOUT)
            .header("Accept", "application/json");
        let result = async {
            let resp = req.send().await.map_err(Error::Transport)?;
            let status = resp.status().as_u16();
            let header_id = resp
                .headers()
                .get("x-xiaoya-request-id")
                .or_else(|| resp.headers().get("x-request-id"))
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let body = crate::api::read_body_capped(resp, BODY_CAP).await?;
            Ok((status, header_id, body))
        }
        .await;
        answer.took = started.elapsed();
        match result {
            Ok((status, header_id, body)) => {
                answer.status = Some(status);
                // Amounts exactly as sent (no float on the way), as the app's readers need.
                answer.json = std::str::from_utf8(&body).ok().and_then(|t| crate::reading::exact_json(t).ok());
                answer.request_id = answer
                    .json
                    .as_ref()
                    .and_then(|v| v.get("request_id"))
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .or(header_id);
                answer.body = Some(keep(&body, token));
            }
            Err(e) => answer.error = Some(e),
        }
        answer
    }

    /// The read-only checks, every signed-in session of this platform, the active one first.
    #[tracing::instrument(skip(self), err)]
    pub async fn platform_check(&self) -> Result<CheckReport> {
        let started_at = crate::chat::export::rfc3339_ms(crate::models::now_ms());
        let platform = self.shared.platform();
        let origin = platform.origin.clone();
        let view = self.auth().sessions_view().await?;
        let mut ids: Vec<String> = view.sessions.iter().map(|s| s.id.clone()).collect();
        if let Some(active) = &view.active_id {
            ids.sort_by_key(|id| id != active);
        }
        let mut items = Vec::new();
        for id in ids {
            let Some(session) = self.shared.db().session(&id).await? else { continue };
            items.extend(self.check_session(&session).await);
        }
        let (openapi, differences) = self.check_openapi(&origin).await;
        items.push(openapi);
        let report = self.finish_report(started_at, items, differences);
        *self.last_check().lock().unwrap_or_else(|e| e.into_inner()) = Some(report.clone());
        Ok(report)
    }

    fn finish_report(&self, started_at: String, items: Vec<CheckItem>, differences: Vec<wire::OpenApiDifference>) -> CheckReport {
        let count = |v: CheckVerdict| u32::try_from(items.iter().filter(|i| i.verdict == v).count()).unwrap_or(u32::MAX);
        let platform = self.shared.platform();
        CheckReport {
            started_at,
            finished_at: crate::chat::export::rfc3339_ms(crate::models::now_ms()),
            origin: crate::config::origin_string(&platform.origin),
            sandbox: platform.mode != crate::wire::PlatformMode::Configured,
            app_version: self.shared.version().to_owned(),
            passed: count(CheckVerdict::Pass),
            warned: count(CheckVerdict::Warn),
            failed: count(CheckVerdict::Fail),
            items,
            differences,
        }
    }

    async fn check_session(&self, session: &SessionRecord) -> Vec<CheckItem> {
        let label = context_label(session);
        let origin = match crate::context::PlatformContext::of(session) {
            Ok(context) => context.origin,
            Err(e) => return vec![failed_before(CheckId::Profile, &label, "GET", "", e)],
        };
        let token = match self.auth().token_for(session).await {
            Ok(t) => t,
            Err(e) => return vec![failed_before(CheckId::Profile, &label, "GET", "/api/v1/open/me", e)],
        };
        let team = session.team_id().map(str::to_owned);
        let mut plan: Vec<(CheckId, String, &str)> = vec![(CheckId::Profile, "/api/v1/open/me".into(), "profile")];
        match &team {
            None => {
                plan.push((CheckId::Teams, "/api/v1/open/teams".into(), "profile"));
                plan.push((CheckId::Models, "/api/v1/open/models".into(), "model"));
                plan.push((CheckId::Balance, "/api/v1/open/balance".into(), "balance"));
                plan.push((CheckId::Usage, "/api/v1/open/usage".into(), "usage"));
            }
            Some(t) => {
                let base = format!("/api/v1/open/teams/{}", segment(t));
                plan.push((CheckId::TeamContext, format!("{base}/context"), "profile"));
                plan.push((CheckId::Models, format!("{base}/models"), "model"));
                plan.push((CheckId::Balance, format!("{base}/balance"), "balance"));
            }
        }
        plan.push((CheckId::TtsOptions, crate::tts::catalog::OPTIONS_PATH.into(), "model"));
        let mut items = Vec::new();
        for (id, path, scope) in plan {
            if !session.has_scope(scope) {
                let mut item = CheckItem::new(id, &label, "GET", &path);
                item.verdict = CheckVerdict::Skipped;
                item.notes.push(format!("this session was not granted the `{scope}` scope"));
                items.push(item);
                continue;
            }
            let header_team = if id == CheckId::TtsOptions { team.as_deref() } else { None };
            let answer = self.check_get(&origin, &path, Some(&token), header_team).await;
            items.push(self.judge(id, &label, session, path, answer).await);
        }
        items
    }

    /// Reads one answer the way the app does and says how it went.
    async fn judge(&self, id: CheckId, label: &str, session: &SessionRecord, path: String, answer: Answer) -> CheckItem {
        let mut item = CheckItem::new(id, label, "GET", &path);
        item.http_status = answer.status;
        item.request_id = answer.request_id.clone();
        item.raw = answer.body.clone();
        item.duration_ms = millis(answer.took);
        if let Some(err) = answer.error {
            item.verdict = CheckVerdict::Fail;
            item.error = Some(IpcError::from(&err));
            return item;
        }
        let status = answer.status.unwrap_or(0);
        let Some(json) = answer.json else {
            item.verdict = CheckVerdict::Fail;
            item.notes.push("the answer is not JSON".into());
            item.error = Some(IpcError::from(&Error::Decode(format!("HTTP {status}: not JSON"))));
            return item;
        };
        let envelope_ok = json.get("success").and_then(Value::as_bool);
        if !(200..300).contains(&status) || envelope_ok == Some(false) {
            item.verdict = if id == CheckId::Profile && session.team_id().is_some() && matches!(status, 401 | 403) {
                item.notes.push(
                    "this platform refuses Team-bound tokens on /me (as it may for Personal profile routes); the app takes the Team identity from the Team context".into(),
                );
                CheckVerdict::Warn
            } else {
                CheckVerdict::Fail
            };
            let code = json.get("code").and_then(Value::as_str).unwrap_or("").to_owned();
            let message = json.get("message").and_then(Value::as_str).unwrap_or("").to_owned();
            item.error = Some(IpcError::from(&Error::Platform {
                status,
                code: if code.is_empty() { format!("HTTP_{status}") } else { code },
                message,
                request_id: answer.request_id.clone(),
            }));
            return item;
        }
        if envelope_ok.is_none() {
            item.verdict = CheckVerdict::Fail;
            item.notes.push("the answer is not in the documented {success, data, request_id} envelope".into());
            return item;
        }
        if json.get("request_id").and_then(Value::as_str).is_none() {
            item.verdict = CheckVerdict::Warn;
            item.notes.push("the envelope has no request_id".into());
        }
        let data = json.get("data").cloned().unwrap_or(Value::Null);
        let read = self.read_payload(id, session, &data).await;
        match read {
            Ok(notes) => {
                if notes.iter().any(|n| n.starts_with('!')) {
                    item.verdict = CheckVerdict::Warn;
                }
                item.notes.extend(notes.into_iter().map(|n| n.trim_start_matches('!').to_owned()));
            }
            Err(err) => {
                item.verdict = CheckVerdict::Fail;
                item.notes.push("the app could not read this answer".into());
                item.error = Some(IpcError::from(&err));
            }
        }
        item
    }

    /// The app's own reader for each payload, and how it read it. Notes starting with `!`
    /// make the check a warn.
    async fn read_payload(&self, id: CheckId, session: &SessionRecord, data: &Value) -> Result<Vec<String>> {
        let mut notes = Vec::new();
        let mut report: Option<crate::reading::ReadReport> = None;
        match id {
            CheckId::Profile => {
                for field in ["userId", "displayName"] {
                    if data.get(field).and_then(Value::as_str).is_none() {
                        notes.push(format!("!`{field}` is missing"));
                    }
                }
                if data.get("userId").and_then(Value::as_str).is_some_and(|u| u != session.subject) {
                    notes.push("!`userId` differs from the subject this session was signed in as".into());
                }
            }
            CheckId::Teams => {
                let (teams, read) = crate::auth::teams::read_teams(data)?;
                notes.push(format!("{} Team(s) visible", teams.len()));
                report = Some(read);
            }
            CheckId::TeamContext => {
                let answered = data.get("teamId").and_then(Value::as_str);
                if answered != session.team_id() {
                    return Err(Error::Decode(format!("the context is for another Team ({answered:?})")));
                }
                for field in ["memberId", "role", "memberStatus", "teamContextVersion"] {
                    if data.get(field).is_none() {
                        notes.push(format!("!`{field}` is missing"));
                    }
                }
            }
            CheckId::Models => {
                let catalog = crate::models::catalog_from(session, data)?;
                let chat = catalog.items.iter().filter(|m| m.chat_capable).count();
                notes.push(format!("{} model(s), {} for chat", catalog.items.len(), chat));
                if catalog.skipped > 0 {
                    notes.push(format!("!{} item(s) could not be read and are not shown", catalog.skipped));
                }
                for m in catalog.items.iter().filter(|m| !m.unknown_fields.is_empty()) {
                    notes.push(format!("{}: fields not recognised: {}", m.model_code, m.unknown_fields.join(", ")));
                }
                if catalog.items.iter().any(|m| m.legacy_spellings) {
                    notes.push("some items use the older inputs*/supportsJson spellings".into());
                }
                if catalog.items.iter().any(|m| m.outputs_text_inferred) {
                    notes.push("some llm/chat items have no outputsText: text output inferred".into());
                }
                report = Some(catalog.reading);
            }
            CheckId::Balance => {
                let (row, read) = match session.team_id() {
                    Some(_) => crate::billing::read::read_team_balance(data)?,
                    None => crate::billing::read::read_personal_balance(data)?,
                };
                notes.push(format!("read as {} points spendable", row.spendable));
                report = Some(read);
            }
            CheckId::Usage => {
                let (usage, read) = crate::billing::read::read_usage(data, crate::models::now_ms())?;
                notes.push(format!("net {} points", usage.net_points));
                report = Some(read);
            }
            CheckId::TtsOptions => {
                let cached = crate::tts::catalog::parse_catalog(
                    data.clone(),
                    session.id.clone(),
                    context_label(session),
                    time::OffsetDateTime::now_utc(),
                )?;
                let catalog = &cached.view;
                let voices: usize = catalog.configs.iter().map(|c| c.voices.len()).sum();
                notes.push(format!("{} configuration(s), {} voice(s)", catalog.configs.len(), voices));
                let unpriced = catalog.configs.iter().filter(|c| c.price.as_ref().is_none_or(|p| p.unavailable.is_some())).count();
                if unpriced > 0 {
                    notes.push(format!("{unpriced} configuration(s) priced in a way the app cannot estimate before synthesis"));
                }
                report = Some(catalog.reading.clone());
            }
            CheckId::OpenApi | CheckId::Chat | CheckId::Speech => {}
        }
        if let Some(read) = report {
            notes.insert(0, format!("read as {}", read.shape));
            for field in &read.missing {
                notes.push(format!("!missing: {field}"));
            }
            for value in &read.unrecognised {
                notes.push(format!("!not recognised: {value}"));
            }
        }
        Ok(notes)
    }

    async fn check_openapi(&self, origin: &Url) -> (CheckItem, Vec<wire::OpenApiDifference>) {
        let answer = self.check_get(origin, openapi::OPENAPI_PATH, None, None).await;
        let mut item = CheckItem::new(CheckId::OpenApi, "", "GET", openapi::OPENAPI_PATH);
        item.http_status = answer.status;
        item.request_id = answer.request_id.clone();
        item.duration_ms = millis(answer.took);
        if let Some(err) = answer.error {
            item.verdict = CheckVerdict::Fail;
            item.error = Some(IpcError::from(&err));
            return (item, Vec::new());
        }
        if answer.status == Some(404) {
            item.verdict = CheckVerdict::Skipped;
            item.notes.push("the platform publishes no openapi.json".into());
            return (item, Vec::new());
        }
        let Some(doc) = answer.json.filter(|d| d.get("openapi").is_some() || d.get("components").is_some()) else {
            item.verdict = CheckVerdict::Warn;
            item.notes.push("the answer is not an OpenAPI document".into());
            item.raw = answer.body;
            return (item, Vec::new());
        };
        let differences = openapi::differences(&doc);
        if let Some(version) = doc.pointer("/info/version").and_then(Value::as_str) {
            item.notes.push(format!("OpenAPI document version {version}"));
        }
        if differences.is_empty() {
            item.notes.push("every field the app reads is declared".into());
        } else {
            item.verdict = CheckVerdict::Warn;
            item.notes.push(format!("{} difference(s) with the fields the app reads", differences.len()));
        }
        (item, differences)
    }

    /// What the two billable checks will cost in the active context, before the person confirms.
    pub async fn platform_check_quote(&self) -> Result<BillableQuote> {
        let session = self.auth().active_session().await?;
        let payer = context_label(&session);
        let chat_model = match self.models().model_catalog(false).await {
            Ok(catalog) => catalog.items.iter().find(|m| m.chat_capable).map(|m| m.model_code.clone()),
            Err(Error::ScopeMissing(_)) => None,
            Err(e) => return Err(e),
        };
        let mut quote = BillableQuote {
            payer,
            chat_model,
            chat_prompt: CHAT_PROMPT.into(),
            speech_config: None,
            speech_voice: None,
            speech_text: SPEECH_TEXT.into(),
            speech_estimate: None,
        };
        if let Some(req) = self.check_speech_request().await? {
            quote.speech_estimate = Some(self.tts().tts_estimate(req.clone()).await?);
            quote.speech_config = Some(req.tts_config_id);
            quote.speech_voice = Some(req.voice_id);
        }
        Ok(quote)
    }

    /// The cheapest priced configuration with a shared, usable voice.
    async fn check_speech_request(&self) -> Result<Option<SpeechRequest>> {
        let catalog = match self.tts().tts_catalog().await {
            Ok(c) => c,
            Err(Error::ScopeMissing(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut best: Option<(Points, SpeechRequest)> = None;
        for config in &catalog.configs {
            let Some(voice) = config.voices.iter().find(|v| v.shared && v.usable) else { continue };
            let Some(format) = config.output_formats.first() else { continue };
            let req = SpeechRequest {
                tts_config_id: config.tts_config_id.clone(),
                voice_id: voice.voice_id.clone(),
                input: SPEECH_TEXT.into(),
                response_format: format.clone(),
                params: SpeechParams::default(),
                batch_id: None,
            };
            let estimate = self.tts().tts_estimate(req.clone()).await?;
            let Some(total) = estimate.total_points.as_deref().and_then(Points::parse) else { continue };
            if best.as_ref().is_none_or(|(p, _)| total < *p) {
                best = Some((total, req));
            }
        }
        Ok(best.map(|(_, r)| r))
    }

    /// Runs the two billable checks in the active context. `confirmed_speech_total` is the
    /// estimate the person saw; if the price changed since, nothing is sent.
    /// Afterwards (also when they failed) the active context's balance is read again and
    /// announced.
    #[tracing::instrument(skip(self), err)]
    pub async fn platform_check_billable(&self, confirmed_speech_total: Option<String>) -> Result<CheckReport> {
        let result = self.run_billable_checks(confirmed_speech_total).await;
        if let Ok(session) = self.auth().active_session().await {
            self.billing().balance_after_charge(&session.id).await;
        }
        result
    }

    async fn run_billable_checks(&self, confirmed_speech_total: Option<String>) -> Result<CheckReport> {
        let quote = self.platform_check_quote().await?;
        let now_total = quote.speech_estimate.as_ref().and_then(|e| e.total_points.clone());
        if now_total != confirmed_speech_total {
            return Err(Error::InvalidInput(
                "the speech estimate changed since you confirmed it; look at the new estimate".into(),
            ));
        }
        let started_at = crate::chat::export::rfc3339_ms(crate::models::now_ms());
        let mut items = Vec::new();
        items.push(self.check_chat(&quote).await);
        items.push(self.check_speech(&quote).await);
        let previous = self.last_check().lock().unwrap_or_else(|e| e.into_inner()).clone();
        let (mut all, differences, started) = match previous {
            Some(r) => (r.items, r.differences, r.started_at),
            None => (Vec::new(), Vec::new(), started_at),
        };
        all.retain(|i| !matches!(i.id, CheckId::Chat | CheckId::Speech));
        all.extend(items);
        let report = self.finish_report(started, all, differences);
        *self.last_check().lock().unwrap_or_else(|e| e.into_inner()) = Some(report.clone());
        Ok(report)
    }

    async fn check_chat(&self, quote: &BillableQuote) -> CheckItem {
        let mut item = CheckItem::new(CheckId::Chat, &quote.payer, "POST", crate::chat::gateway::COMPLETIONS_PATH);
        let Some(model) = &quote.chat_model else {
            item.verdict = CheckVerdict::Skipped;
            item.notes.push("no chat model in this context's catalog".into());
            return item;
        };
        let started = Instant::now();
        let input = ChatSendInput {
            conversation_id: None,
            text: CHAT_PROMPT.into(),
            options: ChatOptions {
                model_code: model.clone(),
                system_prompt: String::new(),
                parameters: Default::default(),
                response_format: ResponseFormatChoice::Text,
            },
        };
        let sink = |_event: crate::chat::wire::ChatEvent| true;
        let result = self.chat().chat_send(input, &sink).await;
        item.duration_ms = millis(started.elapsed());
        match result {
            Ok(turn) => {
                let reply = turn.reply;
                let receipt = reply.receipt.clone();
                item.request_id = receipt.as_ref().and_then(|r| r.platform_request_id.clone().or(Some(r.request_id.clone())));
                item.notes.push(format!("model {model}, {}", if receipt.as_ref().is_some_and(|r| r.streamed) { "streamed" } else { "whole reply (Team: workflow headers)" }));
                match reply.status {
                    MessageStatus::Complete => {
                        match receipt.as_ref().and_then(|r| r.usage.as_ref()) {
                            Some(u) => notes_usage(&mut item.notes, u),
                            None => {
                                item.verdict = CheckVerdict::Warn;
                                item.notes.push("the platform reported no token usage".into());
                            }
                        }
                        item.raw = Some(reply.content.chars().take(2000).collect());
                    }
                    _ => {
                        item.verdict = CheckVerdict::Fail;
                        item.error = reply.error.clone();
                    }
                }
            }
            Err(err) => {
                item.verdict = CheckVerdict::Fail;
                item.error = Some(IpcError::from(&err));
            }
        }
        item
    }

    async fn check_speech(&self, quote: &BillableQuote) -> CheckItem {
        let mut item = CheckItem::new(CheckId::Speech, &quote.payer, "POST", crate::tts::send::SPEECH_PATH);
        let (Some(config), Some(voice), Some(estimate)) = (&quote.speech_config, &quote.speech_voice, &quote.speech_estimate)
        else {
            item.verdict = CheckVerdict::Skipped;
            item.notes.push("no priced TTS configuration with a shared voice here".into());
            return item;
        };
        let Some(format) = self
            .tts()
            .tts_catalog()
            .await
            .ok()
            .and_then(|c| c.configs.iter().find(|c| &c.tts_config_id == config).and_then(|c| c.output_formats.first().cloned()))
        else {
            item.verdict = CheckVerdict::Skipped;
            item.notes.push("the configuration is gone from the catalog".into());
            return item;
        };
        let started = Instant::now();
        let result = self
            .tts()
            .synthesize(SpeechRequest {
                tts_config_id: config.clone(),
                voice_id: voice.clone(),
                input: SPEECH_TEXT.into(),
                response_format: format,
                params: SpeechParams::default(),
                batch_id: None,
            })
            .await;
        item.duration_ms = millis(started.elapsed());
        match result {
            Ok(clip) => {
                item.request_id = clip.receipt.as_ref().and_then(|r| r.request_id.clone()).or(Some(clip.request_id.clone()));
                let estimated = estimate.total_points.clone().unwrap_or_else(|| "?".into());
                let charged = clip.receipt.as_ref().and_then(|r| r.charged_points.clone());
                item.notes.push(format!(
                    "{config} / {voice}: estimated {estimated} points, charged {}",
                    charged.as_deref().unwrap_or("(not reported)")
                ));
                match clip.status {
                    ClipStatus::Complete => {
                        if charged.is_none() {
                            item.verdict = CheckVerdict::Warn;
                            item.notes.push("no X-Xiaoya-Charged-Points header".into());
                        } else if charged.as_deref().and_then(Points::parse) != estimate.total_points.as_deref().and_then(Points::parse) {
                            item.verdict = CheckVerdict::Warn;
                            item.notes.push("the charge differs from the estimate".into());
                        }
                    }
                    ClipStatus::SettledNoAudio => {
                        item.verdict = CheckVerdict::Warn;
                        item.notes.push("settled, but the audio did not arrive".into());
                    }
                    _ => {
                        item.verdict = CheckVerdict::Fail;
                        item.error = clip.error.clone();
                    }
                }
            }
            Err(err) => {
                item.verdict = CheckVerdict::Fail;
                item.error = Some(IpcError::from(&err));
            }
        }
        item
    }

    /// The last report as a Markdown or JSON document to save.
    pub async fn check_document(&self, format: wire::ReportFormat) -> Result<crate::documents::Document> {
        let report = self
            .last_check()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
            .ok_or_else(|| Error::InvalidInput("run the platform check first".into()))?;
        use crate::documents::{Document, DocumentKind};
        let (text, kind) = match format {
            wire::ReportFormat::Markdown => (report::markdown(&report), DocumentKind::Markdown),
            wire::ReportFormat::Json => (report::json(&report)?, DocumentKind::Json),
        };
        let stamp: String = report.started_at.chars().filter(char::is_ascii_digit).take(12).collect();
        Ok(Document { name: format!("platform-check-{stamp}.{}", kind.extension()), kind, bytes: text.into_bytes() })
    }
}

fn notes_usage(notes: &mut Vec<String>, usage: &crate::chat::wire::TokenUsage) {
    let n = |v: Option<u64>| v.map_or_else(|| "?".to_owned(), |v| v.to_string());
    notes.push(format!(
        "tokens reported: {} prompt, {} completion, {} total",
        n(usage.prompt_tokens),
        n(usage.completion_tokens),
        n(usage.total_tokens)
    ));
}

impl CheckItem {
    /// A check that passed until something says otherwise.
    fn new(id: CheckId, context: &str, method: &str, path: &str) -> CheckItem {
        CheckItem {
            id,
            context: context.to_owned(),
            method: method.into(),
            path: path.into(),
            verdict: CheckVerdict::Pass,
            notes: Vec::new(),
            http_status: None,
            request_id: None,
            error: None,
            raw: None,
            duration_ms: 0,
        }
    }
}

fn failed_before(id: CheckId, label: &str, method: &str, path: &str, err: Error) -> CheckItem {
    let mut item = CheckItem::new(id, label, method, path);
    item.verdict = CheckVerdict::Fail;
    item.error = Some(IpcError::from(&err));
    item
}

#[cfg(test)]
mod tests;
