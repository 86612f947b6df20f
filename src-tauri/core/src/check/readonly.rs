//! The read-only checks: each documented read answered by the platform for every signed-in
//! session, read by the app's own readers, and the published OpenAPI document compared with
//! what the app expects.

use std::time::{Duration, Instant};

use serde_json::Value;
use url::Url;

use super::wire::{self, CheckId, CheckItem, CheckReport, CheckVerdict};
use super::{failed_before, keep, millis, openapi, Answer, Check, BODY_CAP, CHECK_TIMEOUT};
use crate::api::{segment, PlatformClient};
use crate::auth::store::SessionRecord;
use crate::billing::ledger::context_label;
use crate::foundation::error::{Error, IpcError, Result};
use crate::foundation::secret::AccessToken;

/// The read-only Team routes a Team session with `team_read` is checked on.
const TEAM_READS: [(CheckId, &str); 7] = [
    (CheckId::TeamOverview, crate::teams::OVERVIEW),
    (CheckId::TeamMembers, crate::teams::MEMBERS),
    (CheckId::TeamMemberCredits, crate::teams::MEMBER_CREDITS),
    (CheckId::TeamEntitlements, crate::teams::ENTITLEMENTS),
    (CheckId::TeamMembership, crate::teams::MEMBERSHIP),
    (CheckId::TeamMembershipOrders, crate::teams::MEMBERSHIP_ORDERS),
    (CheckId::TeamMembershipPlans, crate::teams::MEMBERSHIP_PLANS),
];

impl Check {
    async fn check_get(
        &self,
        origin: &Url,
        path: &str,
        token: Option<&AccessToken>,
        team: Option<&str>,
    ) -> Answer {
        let started = Instant::now();
        let mut answer = Answer {
            status: None,
            request_id: None,
            body: None,
            json: None,
            error: None,
            took: Duration::ZERO,
        };
        let url = match PlatformClient::url(origin, path) {
            Ok(url) => url,
            Err(e) => {
                answer.error = Some(e);
                return answer;
            }
        };
        let req = self.shared.client().read_request(url, token, team).timeout(CHECK_TIMEOUT);
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
                answer.json = std::str::from_utf8(&body)
                    .ok()
                    .and_then(|t| crate::foundation::reading::exact_json(t).ok());
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
        self.keep(report).await
    }
    async fn check_session(&self, session: &SessionRecord) -> Vec<CheckItem> {
        let label = context_label(session);
        let origin = match crate::foundation::context::PlatformContext::of(session) {
            Ok(context) => context.origin,
            Err(e) => return vec![failed_before(CheckId::Profile, &label, "GET", "", e)],
        };
        let token = match self.auth().token_for(session).await {
            Ok(t) => t,
            Err(e) => return vec![failed_before(CheckId::Profile, &label, "GET", "/api/v1/open/me", e)],
        };
        let team = session.team_id().map(str::to_owned);
        let mut plan: Vec<(CheckId, String, &str)> =
            vec![(CheckId::Profile, "/api/v1/open/me".into(), "profile")];
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
                for (id, rest) in TEAM_READS {
                    plan.push((id, format!("{base}{rest}"), "team_read"));
                }
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
    async fn judge(
        &self,
        id: CheckId,
        label: &str,
        session: &SessionRecord,
        path: String,
        answer: Answer,
    ) -> CheckItem {
        let mut item = CheckItem::new(id, label, "GET", &path);
        item.http_status = answer.status;
        item.request_id = answer.request_id.clone();
        item.raw = answer.body.clone();
        item.duration_ms = millis(answer.took);
        if let Some(err) = answer.error {
            item.fail(Some(IpcError::from(&err)));
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
        if TEAM_READS.iter().any(|(team_id, _)| *team_id == id) && (402..=404).contains(&status) {
            // A refusal for this session's role or plan is the platform's answer, not a
            // broken contract: said with its code, as the Team screen says it.
            let said = crate::api::error_fields(&json, answer.request_id.as_deref());
            item.verdict = CheckVerdict::Warn;
            item.notes.push(format!(
                "the platform refused this session: {} {}",
                said.code.as_deref().unwrap_or("(no code)"),
                said.message.as_deref().unwrap_or_default()
            ));
            return item;
        }
        if !(200..300).contains(&status) || envelope_ok == Some(false) {
            item.verdict = if id == CheckId::Profile
                && session.team_id().is_some()
                && matches!(status, 401 | 403)
            {
                item.notes.push(
                    "this platform refuses Team-bound tokens on /me (as it may for Personal profile routes); the app takes the Team identity from the Team context".into(),
                );
                CheckVerdict::Warn
            } else {
                CheckVerdict::Fail
            };
            // The same reader as every other failed answer (envelope, FastAPI `detail`).
            let said = crate::api::error_fields(&json, answer.request_id.as_deref());
            item.error = Some(IpcError::from(&Error::Platform {
                status,
                code: said.code.unwrap_or_else(|| format!("HTTP_{status}")),
                message: said.message.unwrap_or_default(),
                request_id: said.request_id,
            }));
            return item;
        }
        let data = if envelope_ok.is_some() {
            if json.get("request_id").and_then(Value::as_str).is_none() {
                item.verdict = CheckVerdict::Warn;
                item.notes.push("the envelope has no request_id".into());
            }
            json.get("data").cloned().unwrap_or(Value::Null)
        } else if crate::api::is_gateway_route(&item.path) {
            // READINGS A1: the API reference doesn't mark the gateway's reads `SuccessEnvelope`.
            item.verdict = CheckVerdict::Warn;
            item.notes.push(
                "the answer has no {success, data, request_id} envelope (the API reference doesn't promise one on the gateway); the app reads it as the data itself".into(),
            );
            json
        } else {
            item.verdict = CheckVerdict::Fail;
            item.notes
                .push("the answer is not in the documented {success, data, request_id} envelope".into());
            return item;
        };
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
        let mut report: Option<crate::foundation::reading::ReadReport> = None;
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
                    notes.push(format!(
                        "{}: fields not recognised: {}",
                        m.model_code,
                        m.unknown_fields.join(", ")
                    ));
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
                let origin = crate::foundation::context::PlatformContext::of(session)?.origin;
                let cached = crate::tts::catalog::parse_catalog(
                    data.clone(),
                    &origin,
                    session.id.clone(),
                    context_label(session),
                    time::OffsetDateTime::now_utc(),
                )?;
                let catalog = &cached.view;
                let voices: usize = catalog.configs.iter().map(|c| c.voices.len()).sum();
                notes.push(format!("{} configuration(s), {} voice(s)", catalog.configs.len(), voices));
                let unpriced = catalog
                    .configs
                    .iter()
                    .filter(|c| c.price.as_ref().is_none_or(|p| p.unavailable.is_some()))
                    .count();
                if unpriced > 0 {
                    notes.push(format!("{unpriced} configuration(s) priced in a way the app cannot estimate before synthesis"));
                }
                report = Some(catalog.reading.clone());
            }
            CheckId::TeamOverview => {
                let (overview, read) = crate::teams::read::read_overview(data);
                notes.push(format!("{} field(s)", overview.fields.len()));
                report = Some(read);
            }
            CheckId::TeamMembers => {
                let (members, read) = crate::teams::read::read_members(data);
                notes.push(format!("{} member(s)", members.len()));
                report = Some(read);
            }
            CheckId::TeamMemberCredits => {
                let (credits, read) = crate::teams::read::read_member_credits(data);
                notes.push(format!("{} member quota(s)", credits.members.len()));
                report = Some(read);
            }
            CheckId::TeamEntitlements => {
                let (ent, read) = crate::teams::read::read_entitlements(data);
                notes.push(format!("{} source(s), member limit {:?}", ent.sources.len(), ent.member_limit));
                report = Some(read);
            }
            CheckId::TeamMembership => {
                let (membership, read) = crate::teams::read::read_membership(data);
                notes.push(format!("canPurchaseCredits: {:?}", membership.can_purchase_credits));
                report = Some(read);
            }
            CheckId::TeamMembershipOrders => {
                let (orders, read) = crate::teams::read::read_orders(data);
                notes.push(format!("{} order(s)", orders.entries.len()));
                report = Some(read);
            }
            CheckId::TeamMembershipPlans => {
                let (plans, read) = crate::teams::read::read_plans(data);
                notes.push(format!("{} plan(s)", plans.len()));
                report = Some(read);
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
            item.fail(Some(IpcError::from(&err)));
            return (item, Vec::new());
        }
        if answer.status == Some(404) {
            item.verdict = CheckVerdict::Skipped;
            item.notes.push("the platform publishes no openapi.json".into());
            return (item, Vec::new());
        }
        let Some(doc) = answer.json.filter(|d| d.get("openapi").is_some() || d.get("components").is_some())
        else {
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
}
