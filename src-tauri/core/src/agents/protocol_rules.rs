//! The protocol rules judged from the recorded handshake: `protocol.https` from the URL,
//! `protocol.initialize` from the initialize answer (or why the session didn't start), and
//! the rules that need a session, marked "not checked" when there is none.

use serde_json::Value;
use url::Url;

use super::http::Recorded;
use super::lines::Lines;
use super::probes;
use super::rules::RuleId;
use super::wire::{AgentReachability, AgentReport, AgentServerInfo};

/// The platform's protocol revision, offered in every initialize.
pub const PLATFORM_PROTOCOL: &str = "2025-03-26";

pub(super) fn https(url: &Url, loopback: bool, lines: &mut Lines) {
    match (url.scheme(), loopback) {
        ("https", _) => lines.pass(RuleId::ProtocolHttps, "https"),
        ("http", true) => lines.warn(
            RuleId::ProtocolHttps,
            "http on loopback: fine for development, but the production endpoint must be public HTTPS",
        ),
        _ => lines.fail(
            RuleId::ProtocolHttps,
            format!("{} on a non-loopback host: production endpoints must use public HTTPS", url.scheme()),
        ),
    }
    if url.scheme() == "https" && url.host_str().is_some_and(super::call_rules::private_host) {
        lines.warn(
            RuleId::ProtocolHttps,
            "https, but on a private or internal host: production endpoints must be public",
        );
    }
}

/// `protocol.initialize` from the raw answer: 2025-03-26 negotiated, a tools capability,
/// serverInfo. Any other revision fails (never a silent fallback), and says which.
pub(super) fn initialize(init: &Recorded, lines: &mut Lines, report: &mut AgentReport) {
    let id = init.request.as_ref().and_then(|q| q.get("id")).cloned().unwrap_or(Value::Null);
    let result = init.answer_to(&id).and_then(|a| a.get("result")).cloned().unwrap_or(Value::Null);
    let negotiated = result.get("protocolVersion").and_then(Value::as_str).map(str::to_owned);
    report.negotiated_protocol = negotiated.clone();
    report.server = result.get("serverInfo").map(|s| AgentServerInfo {
        name: s.get("name").and_then(Value::as_str).unwrap_or_default().to_owned(),
        version: s.get("version").and_then(Value::as_str).unwrap_or_default().to_owned(),
        title: s.get("title").and_then(Value::as_str).map(str::to_owned),
    });
    match negotiated.as_deref() {
        Some(PLATFORM_PROTOCOL) => {}
        Some(other) => lines.fail(
            RuleId::ProtocolInitialize,
            format!("asked for {PLATFORM_PROTOCOL}, the server negotiated {other}: the platform's sequence needs {PLATFORM_PROTOCOL}"),
        ),
        None => lines.fail(RuleId::ProtocolInitialize, "initialize answered no protocolVersion"),
    }
    if !result.pointer("/capabilities/tools").is_some_and(Value::is_object) {
        lines.fail(RuleId::ProtocolInitialize, "initialize declares no tools capability");
    }
    if result.pointer("/serverInfo/name").and_then(Value::as_str).is_none_or(str::is_empty) {
        lines.fail(RuleId::ProtocolInitialize, "initialize answered no serverInfo.name");
    }
    lines.pass(
        RuleId::ProtocolInitialize,
        format!("negotiated {PLATFORM_PROTOCOL}; initialize, notifications/initialized, tools/list in order"),
    );
}

/// rmcp could not start the session: say why, from the initialize exchange.
pub(super) fn not_started(
    init: Option<&Recorded>,
    rmcp_error: &str,
    lines: &mut Lines,
    report: &mut AgentReport,
) {
    let Some(init) = init else {
        report.reachability = AgentReachability::Unreachable;
        report.unreachable_reason = Some(rmcp_error.to_owned());
        lines.fail(RuleId::ProtocolInitialize, format!("initialize was not sent: {rmcp_error}"));
        return;
    };
    if let Some(super::http::WireError::Redirect { status, location }) = &init.error {
        lines.fail(
            RuleId::ProtocolInitialize,
            format!("initialize was redirected (HTTP {status} to {location:?}); the platform never follows"),
        );
        not_checked(lines);
        return;
    }
    if init.status.is_none() {
        report.reachability = AgentReachability::Unreachable;
        let why = init.error.as_ref().map_or_else(|| rmcp_error.to_owned(), ToString::to_string);
        report.unreachable_reason = Some(why.clone());
        lines.fail(RuleId::ProtocolInitialize, format!("no answer to initialize: {why}"));
        return;
    }
    if let Some(status @ (401 | 403)) = init.status.map(|s| s.as_u16()) {
        report.reachability = AgentReachability::Unreachable;
        let why = format!(
            "initialize got HTTP {status}: the agent refused the request's credentials (a custom header, such as an API key)"
        );
        report.unreachable_reason = Some(why.clone());
        lines.fail(RuleId::ProtocolInitialize, why);
        return;
    }
    if init.messages.is_empty() {
        report.reachability = AgentReachability::NotMcp;
        let why = format!(
            "initialize got HTTP {} ({}) with no JSON-RPC message",
            probes::status_text(init),
            init.exchange.content_type.as_deref().unwrap_or("no content type")
        );
        report.unreachable_reason = Some(why.clone());
        lines.fail(RuleId::ProtocolInitialize, why);
        return;
    }
    let id = init.request.as_ref().and_then(|q| q.get("id")).cloned().unwrap_or(Value::Null);
    match init.answer_to(&id).and_then(|a| a.get("error")) {
        Some(err) => lines.fail(
            RuleId::ProtocolInitialize,
            format!(
                "initialize with {PLATFORM_PROTOCOL} was refused: {} {}{}; a server that cannot serve the platform's sequence fails here",
                err.get("code").map_or_else(String::new, Value::to_string),
                err.get("message").and_then(Value::as_str).unwrap_or_default(),
                err.get("data").map(|d| format!(" (data {d})")).unwrap_or_default()
            ),
        ),
        None => lines.fail(RuleId::ProtocolInitialize, format!("the session could not start: {rmcp_error}")),
    }
    not_checked(lines);
}

/// The rules that need a running session, when there is none.
fn not_checked(lines: &mut Lines) {
    for rule in [
        RuleId::ProtocolInitializedNotification,
        RuleId::ProtocolSession,
        RuleId::ProtocolTransport,
        RuleId::ProtocolErrors,
        RuleId::ProtocolLimits,
        RuleId::ProtocolOrigin,
    ] {
        lines.warn(rule, "not checked: the session did not start");
    }
}
