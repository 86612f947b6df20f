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
pub mod openapi;
mod readonly;
pub mod report;
mod service;
pub mod wire;

pub use service::Check;

use std::time::Duration;

use serde_json::Value;

use self::wire::{CheckId, CheckItem, CheckReport, CheckVerdict};
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
        }
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
