//! What rmcp cannot send, because a conforming client never does: malformed JSON, a body
//! that is not JSON-RPC, an unknown method, an oversized body, a foreign Origin, a request
//! without (or with an unknown) session id. Sent raw through the same recording client, and
//! judged together with the platform's sequence that rmcp ran (session ids, content types,
//! redirects, the answered notification).

use bytes::Bytes;
use http::{HeaderName, HeaderValue};
use serde_json::{json, Value};

use super::http::{Outgoing, Recorded, WireClient, WireError};
use super::lines::Lines;
use super::rules::RuleId;
use super::wire::{ExchangeVia, WireFormat};

/// The body `protocol.limits` sends: more than the 1 MiB the platform's own limit suggests.
pub const OVERSIZED_BODY: usize = 2 * 1024 * 1024;
pub const FOREIGN_ORIGIN: &str = "http://evil.example";

/// What the probes send with each request to stay inside the session rmcp opened.
pub struct SessionContext {
    pub session: Option<String>,
    pub protocol_version: Option<String>,
}

impl SessionContext {
    fn outgoing(&self, label: &str, rpc_method: Option<&str>, body: Bytes) -> Outgoing {
        let mut out = Outgoing::post(ExchangeVia::Probe, format!("probe: {label}"), body);
        out.rpc_method = rpc_method.map(str::to_owned);
        out.session = self.session.clone();
        if let Some(version) = self.protocol_version.as_deref().and_then(|v| HeaderValue::from_str(v).ok()) {
            out.headers.push((HeaderName::from_static("mcp-protocol-version"), version));
        }
        out
    }
}

fn rpc(id: i64, method: &str, params: Value) -> Bytes {
    Bytes::from(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string())
}

/// `protocol.errors`: the four JSON-RPC error codes the rules name.
pub async fn errors(wire: &WireClient, ctx: &SessionContext, lines: &mut Lines) {
    let cases: [(&str, Option<&str>, Bytes, i64); 4] = [
        ("malformed JSON", None, Bytes::from_static(br#"{"jsonrpc": "2.0", "id": 91, "method": "#), -32700),
        ("not JSON-RPC", None, Bytes::from_static(br#"{"hello": "world"}"#), -32600),
        (
            "unknown method",
            Some("xiaoya/no-such-method"),
            rpc(92, "xiaoya/no-such-method", json!({})),
            -32601,
        ),
        (
            "unknown tool",
            Some("tools/call"),
            rpc(93, "tools/call", json!({"name": "xiaoya_check_no_such_tool", "arguments": {}})),
            -32601,
        ),
    ];
    let mut passed = Vec::new();
    for (label, method, body, want) in cases {
        let answer = wire.send(ctx.outgoing(label, method, body)).await;
        let code = answer.first_error().and_then(|e| e.get("code")).and_then(Value::as_i64);
        match code {
            Some(code) if code == want => passed.push(format!("{label} {want}")),
            Some(code) => lines.fail(RuleId::ProtocolErrors, format!("{label}: got {code}, not {want}")),
            None => lines.fail(
                RuleId::ProtocolErrors,
                format!("{label}: no JSON-RPC error (HTTP {}), not {want}", status_text(&answer)),
            ),
        }
    }
    lines.pass(RuleId::ProtocolErrors, passed.join(", "));
}

/// `protocol.limits`: a body over 1 MiB is refused (413 says why).
pub async fn limits(wire: &WireClient, ctx: &SessionContext, lines: &mut Lines) {
    let padding = "x".repeat(OVERSIZED_BODY);
    let body = rpc(94, "ping", json!({"_meta": {"padding": padding}}));
    let mut out = ctx.outgoing("oversized body", Some("ping"), body);
    out.body_note = Some(format!("a ping padded to {OVERSIZED_BODY} bytes"));
    let answer = wire.send(out).await;
    match (answer.status.map(|s| s.as_u16()), &answer.error) {
        (Some(413), _) => lines.pass(RuleId::ProtocolLimits, format!("a {OVERSIZED_BODY}-byte body got 413")),
        (Some(code), _) if (400..500).contains(&code) => lines.warn(
            RuleId::ProtocolLimits,
            format!("a {OVERSIZED_BODY}-byte body was refused with HTTP {code}, not 413 Content Too Large"),
        ),
        (Some(code), _) => lines.fail(
            RuleId::ProtocolLimits,
            format!("a {OVERSIZED_BODY}-byte body got HTTP {code}: no request body limit at or under 2 MiB"),
        ),
        (None, Some(err)) => lines.warn(
            RuleId::ProtocolLimits,
            format!("a {OVERSIZED_BODY}-byte body got no HTTP answer ({err}); a 413 says why"),
        ),
        (None, None) => {
            lines.warn(RuleId::ProtocolLimits, format!("a {OVERSIZED_BODY}-byte body got no answer"))
        }
    }
}

/// `protocol.origin`: a request from a foreign Origin is refused with 403 (MCP's transport
/// rules against DNS rebinding; a loopback server that serves it fails).
pub async fn origin(wire: &WireClient, ctx: &SessionContext, loopback: bool, lines: &mut Lines) {
    let mut out = ctx.outgoing("foreign Origin", Some("tools/list"), rpc(95, "tools/list", json!({})));
    out.headers.push((http::header::ORIGIN, HeaderValue::from_static(FOREIGN_ORIGIN)));
    let answer = wire.send(out).await;
    match answer.status.map(|s| s.as_u16()) {
        Some(403) => lines.pass(RuleId::ProtocolOrigin, format!("Origin {FOREIGN_ORIGIN} got 403")),
        Some(code) if (400..500).contains(&code) => lines.warn(
            RuleId::ProtocolOrigin,
            format!("Origin {FOREIGN_ORIGIN} was refused with HTTP {code}, not 403"),
        ),
        Some(code) if loopback => lines.fail(
            RuleId::ProtocolOrigin,
            format!("Origin {FOREIGN_ORIGIN} was served (HTTP {code}) by a loopback server: open to DNS rebinding"),
        ),
        Some(code) => lines.warn(
            RuleId::ProtocolOrigin,
            format!("Origin {FOREIGN_ORIGIN} was served (HTTP {code}); a server should validate Origin"),
        ),
        None => lines.warn(RuleId::ProtocolOrigin, format!("no answer to a foreign Origin: {}", status_text(&answer))),
    }
}

/// `protocol.session`: one id kept for the whole session, visible ASCII, a request without
/// it refused with 400 and an unknown one with 404. A stateless server issues none.
pub async fn session(wire: &WireClient, ctx: &SessionContext, sequence: &[Recorded], lines: &mut Lines) {
    let Some(id) = ctx.session.as_deref() else {
        for r in sequence {
            if let Some(got) = &r.exchange.session_received {
                lines.fail(
                    RuleId::ProtocolSession,
                    format!(
                        "initialize issued no Mcp-Session-Id, but {} answered one ({got:?})",
                        r.exchange.label
                    ),
                );
                break;
            }
        }
        lines.pass(RuleId::ProtocolSession, "stateless: no Mcp-Session-Id issued, none used");
        return;
    };
    if let Some(r) =
        sequence.iter().find(|r| r.exchange.session_received.as_deref().is_some_and(|got| got != id))
    {
        lines.fail(
            RuleId::ProtocolSession,
            format!(
                "{} answered Mcp-Session-Id {:?}, not the session's {id:?}",
                r.exchange.label,
                r.exchange.session_received.as_deref().unwrap_or_default()
            ),
        );
    }
    if !id.bytes().all(|b| (0x21..=0x7e).contains(&b)) || id.is_empty() {
        lines.fail(RuleId::ProtocolSession, "the session id is not visible ASCII");
    }
    let bare = SessionContext { session: None, protocol_version: ctx.protocol_version.clone() };
    let missing =
        wire.send(bare.outgoing("no session id", Some("tools/list"), rpc(96, "tools/list", json!({})))).await;
    if missing.status.map(|s| s.as_u16()) != Some(400) {
        lines.fail(
            RuleId::ProtocolSession,
            format!("a request without the session id got HTTP {}, not 400", status_text(&missing)),
        );
    }
    let unknown = SessionContext { session: Some("xiaoya-check-no-such-session".into()), ..bare };
    let answer = wire
        .send(unknown.outgoing("unknown session id", Some("tools/list"), rpc(97, "tools/list", json!({}))))
        .await;
    if answer.status.map(|s| s.as_u16()) != Some(404) {
        lines.fail(
            RuleId::ProtocolSession,
            format!("an unknown session id got HTTP {}, not 404", status_text(&answer)),
        );
    }
    lines.pass(
        RuleId::ProtocolSession,
        format!("Mcp-Session-Id {id:?} kept throughout; none → 400, unknown → 404"),
    );
}

/// `protocol.transport`: every answer with a body is labelled application/json or
/// text/event-stream (the review always accepts both).
pub fn transport(sequence: &[Recorded], lines: &mut Lines) {
    let mut formats = Vec::new();
    for r in sequence.iter().filter(|r| !r.body.is_empty() && r.status.is_some_and(|s| s.is_success())) {
        match r.format {
            WireFormat::Json | WireFormat::Sse => {
                let name = if r.format == WireFormat::Json { "JSON" } else { "SSE" };
                if !formats.contains(&name) {
                    formats.push(name);
                }
            }
            WireFormat::Empty | WireFormat::Other => lines.fail(
                RuleId::ProtocolTransport,
                format!(
                    "{} was answered with Content-Type {:?}",
                    r.exchange.label,
                    r.exchange.content_type.as_deref().unwrap_or("(none)")
                ),
            ),
        }
    }
    lines.pass(RuleId::ProtocolTransport, format!("answers labelled as {}", formats.join(" and ")));
}

/// `protocol.redirect`: no answer is a redirect.
pub fn redirect(all: &[Recorded], lines: &mut Lines) {
    for r in all {
        if let Some(WireError::Redirect { status, location }) = &r.error {
            lines.fail(
                RuleId::ProtocolRedirect,
                format!("{} was answered HTTP {status} to {location:?}", r.exchange.label),
            );
        }
    }
    lines.pass(RuleId::ProtocolRedirect, "no answer was a redirect");
}

/// `protocol.initialized-notification`: answered 202 with no body.
pub fn initialized(sequence: &[Recorded], lines: &mut Lines) {
    let Some(note) =
        sequence.iter().find(|r| r.exchange.rpc_method.as_deref() == Some("notifications/initialized"))
    else {
        lines.fail(RuleId::ProtocolInitializedNotification, "notifications/initialized was never sent");
        return;
    };
    let status = note.status.map(|s| s.as_u16());
    if status != Some(202) || !note.body.iter().all(u8::is_ascii_whitespace) {
        let body = String::from_utf8_lossy(&note.body[..note.body.len().min(80)]).into_owned();
        lines.fail(
            RuleId::ProtocolInitializedNotification,
            format!("answered HTTP {} with {body:?}, not 202 and no body", status_text(note)),
        );
    }
    lines.pass(RuleId::ProtocolInitializedNotification, "202 with no body");
}

pub fn status_text(r: &Recorded) -> String {
    match (r.status, &r.error) {
        (Some(s), _) => s.as_u16().to_string(),
        (None, Some(e)) => format!("none: {e}"),
        (None, None) => "none".into(),
    }
}
