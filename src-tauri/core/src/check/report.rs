//! The Check platform report as Markdown (for a release ticket) and JSON (for tools).

use super::wire::{CheckItem, CheckReport, CheckVerdict, OpenApiDifferenceKind};
use crate::foundation::error::{Error, Result};

fn verdict(v: CheckVerdict) -> &'static str {
    match v {
        CheckVerdict::Pass => "PASS",
        CheckVerdict::Warn => "WARN",
        CheckVerdict::Fail => "FAIL",
        CheckVerdict::Skipped => "SKIPPED",
    }
}

/// Table cells: no pipes or line breaks from platform text.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

fn item_row(item: &CheckItem) -> String {
    let mut detail = item.notes.join("; ");
    if let Some(err) = &item.error {
        let code = err.platform_code.as_deref().unwrap_or("");
        detail = format!(
            "{detail}{}{:?} {code} {}",
            if detail.is_empty() { "" } else { "; " },
            err.code,
            err.message
        );
    }
    format!(
        "| {} | {:?} | {} | `{} {}` | {} | {} | {} |",
        verdict(item.verdict),
        item.id,
        cell(&item.context),
        item.method,
        cell(&item.path),
        item.http_status.map(|s| s.to_string()).unwrap_or_default(),
        cell(item.request_id.as_deref().unwrap_or("")),
        cell(&detail)
    )
}

pub fn markdown(report: &CheckReport) -> String {
    let mut out = String::new();
    out.push_str("# Xiaoya platform check\n\n");
    out.push_str(&format!(
        "- Platform: {}{}\n- App version: {}\n- Started: {}\n- Finished: {}\n- Result: {} passed, {} warnings, {} failed\n\n",
        report.origin,
        if report.sandbox { " (sandbox)" } else { "" },
        report.app_version,
        report.started_at,
        report.finished_at,
        report.passed,
        report.warned,
        report.failed
    ));
    out.push_str("| Verdict | Check | Context | Request | HTTP | Request id | How it was read |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- | --- |\n");
    for item in &report.items {
        out.push_str(&item_row(item));
        out.push('\n');
    }
    if !report.differences.is_empty() {
        out.push_str("\n## OpenAPI differences\n\n| Schema | Field | Difference |\n| --- | --- | --- |\n");
        for d in &report.differences {
            let kind = match d.kind {
                OpenApiDifferenceKind::ReadButUndeclared => "read by the app, not declared",
                OpenApiDifferenceKind::RequiredButUnread => "required by the document, not read by the app",
                OpenApiDifferenceKind::SchemaMissing => "schema missing from the document",
            };
            out.push_str(&format!("| {} | {} | {kind} |\n", cell(&d.schema), cell(&d.field)));
        }
    }
    out
}

pub fn json(report: &CheckReport) -> Result<String> {
    serde_json::to_string_pretty(report).map_err(|source| Error::Json { what: "report JSON", source })
}
