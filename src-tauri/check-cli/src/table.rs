//! The readable table on stdout: one line per rule per tool, then the calls, the changes
//! and a summary. Plain text (no colours), so it reads the same in a CI log.

use std::fmt::Write as _;

use xiaoya_core::agents::wire::{AgentReachability, AgentReport, CallPurpose, RuleLine, RuleVerdict};

fn verdict(v: RuleVerdict) -> &'static str {
    match v {
        RuleVerdict::Pass => "pass",
        RuleVerdict::Warn => "WARN",
        RuleVerdict::Fail => "FAIL",
    }
}

fn lines(out: &mut String, rules: &[RuleLine]) {
    for line in rules {
        let _ = writeln!(out, "  {}  {:<34} {}", verdict(line.verdict), line.rule.id(), line.reason);
    }
}

pub fn render(report: &AgentReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "xiaoya-check agent {}", report.url);
    let server = report
        .server
        .as_ref()
        .map_or_else(|| "no server info".to_owned(), |s| format!("server {} {}", s.name, s.version));
    let _ = writeln!(
        out,
        "protocol {} offered, {} negotiated · {server} · {} tools, ~{} model tokens",
        report.offered_protocol,
        report.negotiated_protocol.as_deref().unwrap_or("none"),
        report.token_weight.tools,
        report.token_weight.total
    );
    if report.reachability != AgentReachability::Reviewed {
        let what = match report.reachability {
            AgentReachability::NotMcp => "does not speak MCP",
            _ => "cannot be reached",
        };
        let _ = writeln!(out, "the endpoint {what}: {}", report.unreachable_reason.as_deref().unwrap_or(""));
    }
    let _ = writeln!(out, "\nPROTOCOL");
    lines(&mut out, &report.protocol);
    for tool in &report.tools {
        let price = tool.call.price_points.map_or_else(|| "?".to_owned(), |p| p.to_string());
        let _ = writeln!(
            out,
            "\nTOOL {} · {price} points · {} · ~{} tokens",
            tool.name,
            tool.call.execution_mode.as_deref().unwrap_or("?"),
            tool.tokens
        );
        lines(&mut out, &tool.rules);
    }
    for call in &report.calls {
        let kind = match call.purpose {
            CallPurpose::Requested => "CALL",
            CallPurpose::InvalidParams => "PROBE invalid arguments",
        };
        let outcome = match (&call.envelope, &call.error) {
            (Some(env), _) => format!("→ {}: {}", env.status, env.summary),
            (None, Some(err)) => format!("→ JSON-RPC {} {}", err.code, err.message),
            (None, None) => String::new(),
        };
        let _ = writeln!(out, "\n{kind} {} {} {outcome}", call.tool, call.arguments);
        lines(&mut out, &call.rules);
    }
    if !report.changes.is_empty() {
        let _ = writeln!(out, "\nCHANGES since the compared snapshot");
        for change in &report.changes {
            let kind = serde_json::to_value(change.change)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let review = if change.fresh_review { "fresh review" } else { "harmless    " };
            let _ = writeln!(out, "  {review}  {kind:<20} {:<20} {}", change.tool, change.detail);
        }
    }
    let _ = writeln!(
        out,
        "\n{} pass, {} warn, {} fail · {} exchanges in {} ms",
        report.counts.pass,
        report.counts.warn,
        report.counts.fail,
        report.transcript.len(),
        report.duration_ms
    );
    out
}
