//! Check platform: runs the documented contract against the configured platform with the
//! signed-in sessions, for a tester's release report. Read-only checks first (each answer
//! read by the same readers the app uses, and how it was read written down); the two
//! billable checks (one short chat reply, one short clip) only after the person confirmed
//! their cost, through the app's own chat and speech paths (so they are journaled, charged
//! once and appear in the ledger like any other). Nothing here ends a session or changes
//! who pays.
//!
//! `readonly` runs the read-only checks, `billable` the two charged ones; this file holds what
//! both share: how an answer is kept for the report, a check's items and the finished report.

mod billable;
pub mod copied;
pub mod openapi;
mod readonly;
pub mod report;
pub mod runs;
mod service;
pub mod wire;

pub use service::Check;

use std::time::Duration;

use serde_json::Value;

use self::wire::{CheckId, CheckItem, CheckReport, CheckVerdict};
use crate::foundation::context::ContextColumns;
use crate::foundation::error::{Error, IpcError, Result};
use crate::foundation::secret::AccessToken;

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
    fn finish_report(
        &self,
        started_at: String,
        items: Vec<CheckItem>,
        differences: Vec<wire::OpenApiDifference>,
    ) -> CheckReport {
        let count = |v: CheckVerdict| {
            u32::try_from(items.iter().filter(|i| i.verdict == v).count()).unwrap_or(u32::MAX)
        };
        let platform = self.shared.platform();
        CheckReport {
            run_id: String::new(),
            started_at,
            finished_at: crate::chat::export::rfc3339_ms(crate::models::now_ms()),
            origin: crate::foundation::config::origin_string(&platform.origin),
            sandbox: platform.mode != crate::foundation::config::PlatformMode::Configured,
            app_version: self.shared.version().to_owned(),
            passed: count(CheckVerdict::Pass),
            warned: count(CheckVerdict::Warn),
            failed: count(CheckVerdict::Fail),
            items,
            differences,
            charged: None,
        }
    }

    /// Keeps `report` as a run of the active context (a new run gets its id here).
    async fn keep(&self, mut report: CheckReport) -> Result<CheckReport> {
        let session = self.auth().active_session().await?;
        if report.run_id.is_empty() {
            report.run_id = uuid::Uuid::new_v4().to_string();
        }
        let started_ms =
            time::OffsetDateTime::parse(&report.started_at, &time::format_description::well_known::Rfc3339)
                .map(|t| i64::try_from(t.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX))
                .unwrap_or_else(|_| crate::models::now_ms());
        self.shared.db().keep_check_run(&ContextColumns::of(&session), started_ms, &report).await?;
        Ok(report)
    }

    /// The active context's kept runs on this platform, newest first.
    pub async fn platform_check_runs(&self) -> Result<Vec<wire::CheckRunSummary>> {
        let session = self.auth().active_session().await?;
        let runs = self.shared.db().check_runs(&ContextColumns::of(&session)).await?;
        Ok(runs.iter().map(runs::summary).collect())
    }

    /// One kept run of the active context, to show again.
    pub async fn platform_check_run(&self, run_id: &str) -> Result<CheckReport> {
        let session = self.auth().active_session().await?;
        self.shared
            .db()
            .check_run(&ContextColumns::of(&session), run_id)
            .await?
            .ok_or_else(|| Error::InvalidInput("no such check run in this context".into()))
    }

    /// A kept run's report as a Markdown or JSON document to save.
    pub async fn check_document(
        &self,
        run_id: &str,
        format: wire::ReportFormat,
    ) -> Result<crate::documents::Document> {
        let report = self.platform_check_run(run_id).await?;
        use crate::documents::{Document, DocumentKind};
        let (text, kind) = match format {
            wire::ReportFormat::Markdown => (report::markdown(&report), DocumentKind::Markdown),
            wire::ReportFormat::Json => (report::json(&report)?, DocumentKind::Json),
        };
        let stamp: String = report.started_at.chars().filter(char::is_ascii_digit).take(12).collect();
        Ok(Document {
            name: format!("platform-check-{stamp}.{}", kind.extension()),
            kind,
            bytes: text.into_bytes(),
        })
    }
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
            cost: None,
        }
    }

    /// The check failed, with what went wrong as the person will read it.
    fn fail(&mut self, error: Option<IpcError>) {
        self.verdict = CheckVerdict::Fail;
        self.error = error;
    }
}

fn failed_before(id: CheckId, label: &str, method: &str, path: &str, err: Error) -> CheckItem {
    let mut item = CheckItem::new(id, label, method, path);
    item.fail(Some(IpcError::from(&err)));
    item
}

#[cfg(test)]
mod tests;
