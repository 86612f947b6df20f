//! One review of one agent: the platform's sequence through rmcp's client (initialize with
//! 2025-03-26, notifications/initialized, tools/list, the calls asked for), arguments that
//! break a read-only tool's schema, then the raw probes; every rule judged from the recorded
//! wire. Used alike by the `Agents` service (the window) and by `xiaoya-check`.

use std::collections::HashSet;
use std::time::Duration;

use rand::RngCore;
use rmcp::model::{CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation, ProtocolVersion};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::ServiceExt;
use serde_json::Value;

use super::call_rules::{review_call, CallAnswer};
use super::http::{Limits, Recorded, WireClient};
use super::lines::Lines;
use super::probes::{self, SessionContext};
use super::protocol_rules::{https, initialize, not_started, PLATFORM_PROTOCOL};
use super::rules::RuleId;
use super::schema;
use super::target::Target;
use super::tool_rules::{hint, meta, review_tool, tool_name};
use super::wire::{
    AgentReachability, AgentReport, CallConfirmation, CallPurpose, CallReview, Locale, RuleLine, RuleVerdict,
    TokenWeight, ToolCallRequest, ToolReview, VerdictCounts,
};
use super::{snapshot, tokens};
use crate::api::PlatformClient;

/// Revisions that have the initialize handshake (2026-07-28 replaced it with server/discover).
const HANDSHAKE_REVISIONS: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];
/// What `initialize` says the client is: the platform's own words in its docs.
const CLIENT_NAME: &str = "xiaoya-open-platform";
const CLIENT_VERSION: &str = "1.0.0";

pub struct ReviewOptions {
    pub lang: Locale,
    pub limits: Limits,
    /// The calls asked for (already confirmed where a tool is not read-only).
    pub calls: Vec<ToolCallRequest>,
    /// The tool list of an earlier review, to compare with.
    pub previous: Option<Vec<Value>>,
    /// The app's HTTP client; `None` builds one (the command line has no app).
    pub client: Option<PlatformClient>,
    /// False: only the platform's sequence and the calls asked for (calling one tool from
    /// the window), without the probes and the invalid-params calls.
    pub probes: bool,
}

impl Default for ReviewOptions {
    fn default() -> Self {
        ReviewOptions {
            lang: Locale::En,
            limits: Limits::default(),
            calls: Vec::new(),
            previous: None,
            client: None,
            probes: true,
        }
    }
}

/// Reviews the agent. Never fails: an endpoint that can't be reached or doesn't speak MCP
/// is a report that says so (`reachability`).
pub async fn review(target: Target, options: ReviewOptions) -> AgentReport {
    let started_at = crate::foundation::clock::rfc3339_ms(crate::foundation::clock::now_ms());
    let lang = options.lang;
    let mut canary = [0u8; 12];
    rand::rng().fill_bytes(&mut canary);
    let canary = format!("xiaoya-ctx-{}", canary.iter().map(|b| format!("{b:02x}")).collect::<String>());
    let loopback = target.is_loopback();
    let mut protocol = Lines::new(lang);
    https(&target.url, loopback, &mut protocol);
    let mut report = AgentReport {
        url: target.url.to_string(),
        lang,
        started_at,
        duration_ms: 0,
        reachability: AgentReachability::Reviewed,
        unreachable_reason: None,
        offered_protocol: PLATFORM_PROTOCOL.into(),
        negotiated_protocol: None,
        server: None,
        header_names: target.headers.iter().map(|h| h.name.as_str().to_owned()).collect(),
        protocol: Vec::new(),
        tools: Vec::new(),
        calls: Vec::new(),
        changes: Vec::new(),
        token_weight: TokenWeight { total: 0, tools: 0, method: tokens::METHOD.into() },
        snapshot: Vec::new(),
        transcript: Vec::new(),
        counts: VerdictCounts::default(),
    };
    let client = match options.client.clone().map_or_else(PlatformClient::new, Ok) {
        Ok(client) => client,
        Err(err) => {
            report.reachability = AgentReachability::Unreachable;
            report.unreachable_reason = Some(err.to_string());
            protocol.fail(RuleId::ProtocolInitialize, format!("no HTTP client: {err}"));
            return finish(report, protocol, None);
        }
    };
    let wire = WireClient::recording(client, target.url.clone(), target.headers, options.limits, canary);
    run(&wire, &options, loopback, &mut protocol, &mut report).await;
    finish(report, protocol, Some(&wire))
}

async fn run(
    wire: &WireClient,
    options: &ReviewOptions,
    loopback: bool,
    protocol: &mut Lines,
    report: &mut AgentReport,
) {
    let limits = options.limits;
    let config = StreamableHttpClientTransportConfig::with_uri(wire.url().as_str())
        .reinit_on_expired_session(false)
        .max_concurrent_requests(limits.max_concurrency);
    let transport = StreamableHttpClientTransport::with_client(wire.clone(), config);
    let info =
        ClientConfig::new(ClientCapabilities::default(), Implementation::new(CLIENT_NAME, CLIENT_VERSION))
            .with_protocol_version(ProtocolVersion::V_2025_03_26);
    // initialize and notifications/initialized, each within its own request limit.
    let started = tokio::time::timeout(limits.request_timeout * 3, info.serve(transport)).await;
    let init = wire.recorded().into_iter().find(|r| r.exchange.rpc_method.as_deref() == Some("initialize"));
    let running = match started {
        Ok(Ok(running)) => running,
        Ok(Err(err)) => {
            not_started(init.as_ref(), &err.to_string(), protocol, report);
            probes::redirect(&wire.recorded(), protocol);
            return;
        }
        Err(_) => {
            not_started(init.as_ref(), "initialize did not finish in time", protocol, report);
            return;
        }
    };
    let init = init.expect("rmcp started, so initialize was sent");
    initialize(&init, protocol, report);

    // tools/list (all pages), read raw from the transcript.
    let mark = wire.mark();
    let listed = tokio::time::timeout(limits.request_timeout * 4, running.peer().list_all_tools()).await;
    let pages = wire.since(mark);
    let tools: Vec<Value> = pages
        .iter()
        .filter(|r| r.exchange.rpc_method.as_deref() == Some("tools/list"))
        .filter_map(|r| r.request.as_ref().and_then(|q| q.get("id")).and_then(|id| r.answer_to(id)))
        .filter_map(|a| a.pointer("/result/tools").and_then(Value::as_array))
        .flatten()
        .cloned()
        .collect();
    match listed {
        Ok(Ok(_)) => {}
        Ok(Err(err)) if tools.is_empty() => {
            protocol.fail(RuleId::ProtocolInitialize, format!("tools/list failed: {err}"))
        }
        Ok(Err(err)) => protocol.warn(
            RuleId::ProtocolInitialize,
            format!("rmcp could not read the tools/list answer ({err}); the tools are reviewed as sent"),
        ),
        Err(_) => protocol.fail(RuleId::ProtocolInitialize, "tools/list did not finish in time"),
    }
    let mut seen = HashSet::new();
    for tool in &tools {
        let name = tool_name(tool);
        report.tools.push(ToolReview {
            name: name.clone(),
            rules: review_tool(tool, &seen, options.lang),
            tokens: tokens::estimate_tool(tool),
            call: confirmation(tool),
        });
        seen.insert(name);
    }
    report.snapshot = tools.clone();
    if let Some(previous) = &options.previous {
        report.changes = snapshot::compare(previous, &tools);
    }
    let weights: Vec<u32> = report.tools.iter().map(|t| t.tokens).collect();
    report.token_weight.tools = u32::try_from(weights.len()).unwrap_or(u32::MAX);
    report.token_weight.total = weights.iter().fold(0u32, |a, b| a.saturating_add(*b));

    // The calls asked for; an async, idempotent tool twice (its task id must be stable).
    for request in &options.calls {
        let tool = find_tool(&tools, &request.tool);
        if let Some(why) = refusal(tool, request) {
            let mut lines = Lines::new(options.lang);
            lines.warn(RuleId::CallResult, format!("not sent: {why}"));
            report.calls.push(CallReview {
                tool: request.tool.clone(),
                purpose: CallPurpose::Requested,
                arguments: request.arguments.clone(),
                rules: lines.finish(),
                envelope: None,
                error: None,
                is_error: false,
                exchanges: Vec::new(),
            });
            continue;
        }
        let (recorded, answer) = call(wire, &running, &request.tool, &request.arguments, limits).await;
        let twice = tool.is_some_and(|t| {
            meta(t, "xiaoya/executionMode").and_then(Value::as_str) == Some("async")
                && hint(t, "idempotentHint") == Some(true)
        });
        let repeat = if twice {
            Some(call(wire, &running, &request.tool, &request.arguments, limits).await)
        } else {
            None
        };
        let rules = review_call(
            tool,
            recorded.as_ref(),
            &answer,
            repeat.as_ref().map(|r| &r.1),
            wire.canary(),
            options.lang,
        );
        let mut exchanges: Vec<u32> = recorded.iter().map(|r| r.exchange.seq).collect();
        exchanges.extend(repeat.iter().filter_map(|r| r.0.as_ref()).map(|r| r.exchange.seq));
        report.calls.push(CallReview {
            tool: request.tool.clone(),
            purpose: CallPurpose::Requested,
            arguments: request.arguments.clone(),
            rules,
            envelope: answer.envelope,
            error: answer.error,
            is_error: answer.is_error,
            exchanges,
        });
    }

    if !options.probes {
        let _ = tokio::time::timeout(limits.request_timeout, running.cancel()).await;
        return;
    }
    // Arguments that break the inputSchema, to read-only tools only (a server that does
    // not check them might run the tool).
    invalid_params(wire, &running, &tools, options, report).await;

    // The raw probes, inside the session rmcp opened.
    let ctx = SessionContext {
        session: init.exchange.session_received.clone(),
        protocol_version: report
            .negotiated_protocol
            .clone()
            .filter(|v| HANDSHAKE_REVISIONS.contains(&v.as_str()) && v != "2024-11-05"),
    };
    probes::errors(wire, &ctx, protocol).await;
    probes::limits(wire, &ctx, protocol).await;
    probes::origin(wire, &ctx, loopback, protocol).await;
    let sequence = wire.recorded();
    probes::initialized(&sequence, protocol);
    probes::transport(&sequence, protocol);
    probes::session(wire, &ctx, &sequence, protocol).await;
    let _ = tokio::time::timeout(limits.request_timeout, running.cancel()).await;
    probes::redirect(&wire.recorded(), protocol);
}

/// One tools/call through rmcp, and its recorded exchange.
async fn call(
    wire: &WireClient,
    running: &rmcp::service::RunningService<rmcp::RoleClient, ClientConfig>,
    tool: &str,
    arguments: &Value,
    limits: Limits,
) -> (Option<Recorded>, CallAnswer) {
    let mark = wire.mark();
    let mut params = CallToolRequestParams::new(tool.to_owned());
    if let Some(obj) = arguments.as_object() {
        params = params.with_arguments(obj.clone());
    }
    let _ = tokio::time::timeout(
        limits.request_timeout + Duration::from_secs(1),
        running.peer().call_tool_once(params),
    )
    .await;
    let recorded =
        wire.since(mark).into_iter().find(|r| r.exchange.rpc_method.as_deref() == Some("tools/call"));
    let id = recorded
        .as_ref()
        .and_then(|r| r.request.as_ref())
        .and_then(|q| q.get("id"))
        .cloned()
        .unwrap_or(Value::Null);
    let answer = CallAnswer::read(recorded.as_ref(), &id);
    (recorded, answer)
}

async fn invalid_params(
    wire: &WireClient,
    running: &rmcp::service::RunningService<rmcp::RoleClient, ClientConfig>,
    tools: &[Value],
    options: &ReviewOptions,
    report: &mut AgentReport,
) {
    let mut probed = 0;
    for tool in tools.iter().filter(|t| hint(t, "readOnlyHint") == Some(true)) {
        let Some(args) = tool.get("inputSchema").and_then(schema::invalid_arguments) else { continue };
        let name = tool_name(tool);
        let (recorded, answer) = call(wire, running, &name, &args, options.limits).await;
        let mut lines = Lines::new(options.lang);
        match &answer.error {
            Some(err) if err.code == -32602 => lines.pass(
                RuleId::CallInvalidParams,
                format!("arguments that break the inputSchema got -32602 ({})", err.message),
            ),
            Some(err) => lines.fail(
                RuleId::CallInvalidParams,
                format!(
                    "arguments that break the inputSchema got JSON-RPC {} {:?}, not -32602",
                    err.code, err.message
                ),
            ),
            None if answer.result.is_some() => lines.fail(
                RuleId::CallInvalidParams,
                format!(
                    "arguments that break the inputSchema got a result{} instead of JSON-RPC -32602",
                    answer.envelope.as_ref().map(|e| format!(" (status {:?})", e.status)).unwrap_or_default()
                ),
            ),
            None => lines.fail(
                RuleId::CallInvalidParams,
                format!("no answer: {}", answer.failure.clone().unwrap_or_default()),
            ),
        }
        report.calls.push(CallReview {
            tool: name,
            purpose: CallPurpose::InvalidParams,
            arguments: args,
            rules: lines.finish(),
            envelope: answer.envelope,
            error: answer.error,
            is_error: answer.is_error,
            exchanges: recorded.iter().map(|r| r.exchange.seq).collect(),
        });
        probed += 1;
    }
    if probed == 0 {
        let mut lines = Lines::new(options.lang);
        lines.warn(
            RuleId::CallInvalidParams,
            "not probed: no read-only tool with a schema that arguments can break (such arguments are sent only to read-only tools)",
        );
        report.calls.push(CallReview {
            tool: String::new(),
            purpose: CallPurpose::InvalidParams,
            arguments: Value::Null,
            rules: lines.finish(),
            envelope: None,
            error: None,
            is_error: false,
            exchanges: Vec::new(),
        });
    }
}

/// Why a requested call is not sent: arguments that break the tool's inputSchema (checked
/// before anything is sent), or a tool that is not read-only and a call not confirmed.
pub fn refusal(tool: Option<&Value>, request: &ToolCallRequest) -> Option<String> {
    let tool = tool?;
    if !request.arguments.is_object() {
        return Some("the arguments are not a JSON object".into());
    }
    if let Some(schema) = tool.get("inputSchema") {
        if let Ok(found) = schema::problems(schema, &request.arguments) {
            if !found.is_empty() {
                let list: Vec<String> = found
                    .iter()
                    .map(|p| {
                        if p.path.is_empty() {
                            p.message.clone()
                        } else {
                            format!("{}: {}", p.path, p.message)
                        }
                    })
                    .collect();
                return Some(format!("the arguments break the inputSchema ({})", list.join("; ")));
            }
        }
    }
    let ask = confirmation(tool);
    if ask.needs_confirmation && !request.confirmed {
        return Some(format!(
            "{} is not read-only{}{}: it is called only once the call is confirmed",
            ask.tool,
            if ask.destructive { ", destructive" } else { "" },
            ask.price_points.map(|p| format!(", {p} points")).unwrap_or_default()
        ));
    }
    None
}

/// The tool a call names: by its advertised name.
pub fn find_tool<'a>(tools: &'a [Value], name: &str) -> Option<&'a Value> {
    tools.iter().find(|t| t.get("name").and_then(Value::as_str) == Some(name))
}

/// What the window shows before calling `tool`.
pub fn confirmation(tool: &Value) -> CallConfirmation {
    let read_only = hint(tool, "readOnlyHint") == Some(true);
    let async_mode = meta(tool, "xiaoya/executionMode").and_then(Value::as_str) == Some("async");
    CallConfirmation {
        tool: tool_name(tool),
        title: tool.get("title").and_then(Value::as_str).map(str::to_owned),
        needs_confirmation: !read_only,
        // MCP: destructiveHint defaults to true when absent.
        destructive: hint(tool, "destructiveHint") != Some(false),
        price_points: meta(tool, "xiaoya/pricePoints").and_then(Value::as_i64),
        execution_mode: meta(tool, "xiaoya/executionMode").and_then(Value::as_str).map(str::to_owned),
        called_twice: async_mode && hint(tool, "idempotentHint") == Some(true),
    }
}

fn finish(mut report: AgentReport, protocol: Lines, wire: Option<&WireClient>) -> AgentReport {
    let mut lines = protocol.finish();
    lines.sort_by_key(|l| RuleId::ALL.iter().position(|r| *r == l.rule));
    report.protocol = lines;
    if let Some(wire) = wire {
        report.transcript = wire.recorded().into_iter().map(|r| r.exchange).collect();
        report.duration_ms = u32::try_from(wire.elapsed().as_millis()).unwrap_or(u32::MAX);
    }
    report.counts = count(report.lines());
    match wire {
        Some(wire) => masked(report, wire),
        None => report,
    }
}

/// The report with every custom header value masked wherever the agent echoed one.
fn masked(report: AgentReport, wire: &WireClient) -> AgentReport {
    let Ok(mut value) = serde_json::to_value(&report) else { return report };
    wire.mask_value(&mut value);
    serde_json::from_value(value).unwrap_or(report)
}

fn count<'a>(lines: impl Iterator<Item = &'a RuleLine>) -> VerdictCounts {
    let mut counts = VerdictCounts::default();
    for line in lines {
        match line.verdict {
            RuleVerdict::Pass => counts.pass += 1,
            RuleVerdict::Warn => counts.warn += 1,
            RuleVerdict::Fail => counts.fail += 1,
        }
    }
    counts
}
