//! What the Agents screen shows and what the exports hold (ts-rs bindings for the UI). The
//! JSON export and the command line's `--json` are one document, [`AgentReport`].

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

pub use super::rules::RuleId;

/// The language of the rules' text in a review: the app's own (`en`, `zh-CN`).
pub use crate::store::wire::Locale;

/// `en` or `zh-CN` (and their common spellings), as the command line's `--lang` takes them.
pub fn parse_lang(text: &str) -> Option<Locale> {
    match text {
        "en" | "en-US" | "en-GB" => Some(Locale::En),
        "zh-CN" | "zh" | "zh-Hans" => Some(Locale::ZhCn),
        _ => None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum RuleVerdict {
    Pass,
    Warn,
    Fail,
}

/// One rule's verdict on the endpoint, one tool or one call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct RuleLine {
    pub rule: RuleId,
    pub verdict: RuleVerdict,
    /// Why, in developer words (what was sent and what came back).
    pub reason: String,
    /// The rule as the platform's docs say it, in the review's language.
    pub text: String,
}

/// Whether the endpoint could be reviewed at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum AgentReachability {
    /// It answered JSON-RPC: the rules say the rest.
    Reviewed,
    /// No HTTP answer (refused, DNS, TLS, timed out).
    Unreachable,
    /// It answered HTTP, but nothing that is MCP (no JSON-RPC message to `initialize`).
    NotMcp,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentServerInfo {
    pub name: String,
    pub version: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// One tool of the list, its review and what a person needs before calling it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolReview {
    /// As advertised (even when it breaks `tool.identity`).
    pub name: String,
    pub rules: Vec<RuleLine>,
    /// What this tool's definition weighs in model tokens (see `tokens.rs`).
    pub tokens: u32,
    pub call: CallConfirmation,
}

/// What the window shows before a call, and whether it must ask first: a tool that is not
/// `readOnlyHint: true` is confirmed, naming its price and whether it is destructive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CallConfirmation {
    pub tool: String,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// True unless the tool says `readOnlyHint: true`.
    pub needs_confirmation: bool,
    /// `destructiveHint` (a missing or non-boolean hint counts as destructive, as MCP says).
    pub destructive: bool,
    /// `xiaoya/pricePoints`, when it is an integer.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "number")]
    pub price_points: Option<i64>,
    /// `xiaoya/executionMode` as declared.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execution_mode: Option<String>,
    /// An async tool is called twice with the same arguments, to check its task id is stable.
    pub called_twice: bool,
}

/// Why a call was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum CallPurpose {
    /// A call the person asked for (window: after confirming; command line: `--call`).
    Requested,
    /// Arguments that break the inputSchema, sent to a read-only tool (`call.invalid-params`).
    InvalidParams,
}

/// A tools/call result's `structuredContent`, read as the rules' envelope.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolEnvelope {
    pub status: String,
    pub summary: String,
    #[ts(type = "unknown")]
    pub data: Value,
    pub artifacts: Vec<ToolArtifact>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolArtifact {
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "type")]
    pub kind: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "number")]
    pub size: Option<u64>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
}

/// A JSON-RPC error as answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct JsonRpcError {
    #[ts(type = "number")]
    pub code: i64,
    pub message: String,
}

/// One tools/call and its review.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CallReview {
    pub tool: String,
    pub purpose: CallPurpose,
    #[ts(type = "unknown")]
    pub arguments: Value,
    pub rules: Vec<RuleLine>,
    /// The envelope, when `structuredContent` was one.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub envelope: Option<ToolEnvelope>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<JsonRpcError>,
    /// The result's `isError`.
    #[serde(default)]
    pub is_error: bool,
    /// The transcript entries of this call (`WireExchange::seq`).
    pub exchanges: Vec<u32>,
}

/// What a change between two snapshots is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "kebab-case")]
#[ts(export)]
pub enum ChangeKind {
    /// Needs a fresh review.
    Removed,
    /// A new tool: reviewed before it is enabled, like any tool.
    Added,
    /// The inputSchema changed: the input's meaning may have (needs a fresh review).
    InputChanged,
    /// `xiaoya/requiredScopes` gained a scope (needs a fresh review).
    ScopesExpanded,
    /// `xiaoya/pricePoints` went up (needs a fresh review).
    PriceIncreased,
    /// `xiaoya/executionMode` sync → async (needs a fresh review).
    SyncToAsync,
    /// The outputSchema changed (a contract change: needs a fresh review).
    OutputChanged,
    /// An annotation changed toward less safe (readOnly → not, not destructive → destructive).
    AnnotationsWidened,
    /// Title, description, version, a lower price, fewer scopes, async → sync, …
    Harmless,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SnapshotChange {
    pub tool: String,
    pub change: ChangeKind,
    /// The rules want a fresh tool review for this change.
    pub fresh_review: bool,
    pub detail: String,
}

/// How an answer was framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum WireFormat {
    Json,
    Sse,
    /// No body.
    Empty,
    /// Labelled something else (the content type says what).
    Other,
}

/// Who sent an exchange: rmcp's client (the platform's sequence) or the review's own probes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ExchangeVia {
    Rmcp,
    Probe,
}

/// One HTTP exchange, as sent and as answered. Every custom header value is masked; bodies
/// are kept up to 64 KiB each.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct WireExchange {
    pub seq: u32,
    pub via: ExchangeVia,
    /// `initialize`, `tools/call`, `probe: malformed JSON`, …
    pub label: String,
    pub http_method: String,
    /// The JSON-RPC method sent, if any.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rpc_method: Option<String>,
    /// Request headers beside the standard ones (custom header values masked).
    pub request_headers: Vec<(String, String)>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<String>,
    #[ts(type = "number")]
    pub request_bytes: u64,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<WireFormat>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
    #[ts(type = "number")]
    pub response_bytes: u64,
    /// `Mcp-Session-Id` sent with the request.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_sent: Option<String>,
    /// `Mcp-Session-Id` on the answer.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_received: Option<String>,
    /// `Location` of a redirect (never followed).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    pub duration_ms: u32,
    /// Why no (whole) answer: refused redirect, timeout, body over the limit, connect error.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// The tool list's weight in model tokens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TokenWeight {
    pub total: u32,
    pub tools: u32,
    /// How it was estimated, in words.
    pub method: String,
}

/// A whole review: the window's view, the JSON export and `xiaoya-check --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentReport {
    pub url: String,
    pub lang: Locale,
    /// RFC 3339.
    pub started_at: String,
    pub duration_ms: u32,
    pub reachability: AgentReachability,
    /// Why the endpoint could not be reviewed (when it could not).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unreachable_reason: Option<String>,
    /// What `initialize` offered: always 2025-03-26, the platform's revision.
    pub offered_protocol: String,
    /// What the server answered in `initialize` (or none).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub negotiated_protocol: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<AgentServerInfo>,
    /// The custom header names sent (values never kept).
    pub header_names: Vec<String>,
    pub protocol: Vec<RuleLine>,
    pub tools: Vec<ToolReview>,
    pub calls: Vec<CallReview>,
    /// Against the snapshot compared with (empty without one).
    pub changes: Vec<SnapshotChange>,
    pub token_weight: TokenWeight,
    /// The tool definitions as listed: the snapshot a later review compares with.
    #[ts(type = "Array<unknown>")]
    pub snapshot: Vec<Value>,
    pub transcript: Vec<WireExchange>,
    pub counts: VerdictCounts,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct VerdictCounts {
    pub pass: u32,
    pub warn: u32,
    pub fail: u32,
}

impl AgentReport {
    /// Every rule line: protocol, tools, calls.
    pub fn lines(&self) -> impl Iterator<Item = &RuleLine> {
        self.protocol
            .iter()
            .chain(self.tools.iter().flat_map(|t| t.rules.iter()))
            .chain(self.calls.iter().flat_map(|c| c.rules.iter()))
    }

    /// The worst verdict a rule got anywhere, if it was checked.
    pub fn verdict_of(&self, rule: RuleId) -> Option<RuleVerdict> {
        self.lines().filter(|l| l.rule == rule).map(|l| l.verdict).max()
    }

    pub fn has_failure(&self) -> bool {
        self.counts.fail > 0
    }
}

/// A custom header the person gave for an agent (an API key). The value goes to the keychain
/// and never back to the window.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentHeaderInput {
    pub name: String,
    pub value: String,
}

/// What the window sends to save an agent.
#[derive(Debug, Clone, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AgentInput {
    pub url: String,
    /// The headers to keep; an empty value keeps the value already in the keychain.
    pub headers: Vec<AgentHeaderInput>,
}

/// A saved agent as the window sees it: header names only.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SavedAgent {
    pub id: String,
    pub url: String,
    pub header_names: Vec<String>,
    /// http on loopback: shown as a development warning.
    pub insecure_development: bool,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_reviewed_at: Option<String>,
    /// The last review's tool-list weight.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token_weight: Option<u32>,
}

/// A saved snapshot of an agent's tool list (one per review).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SnapshotSummary {
    #[ts(type = "number")]
    pub id: i64,
    pub agent_id: String,
    pub taken_at: String,
    pub tool_names: Vec<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub negotiated_protocol: Option<String>,
    pub counts: VerdictCounts,
}

/// A tool call the person asked for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ToolCallRequest {
    pub tool: String,
    #[ts(type = "Record<string, unknown>")]
    pub arguments: Value,
    /// The person confirmed this call (needed for a tool that is not read-only).
    #[serde(default)]
    pub confirmed: bool,
}

/// One problem of arguments against a tool's inputSchema (shown next to the field).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ArgumentProblem {
    /// JSON Pointer of the value (`/options/maxWords`), empty for the whole object.
    pub path: String,
    pub message: String,
}

/// Which document an export makes. Named `AgentExportFormat` in TypeScript: the chat's
/// `ExportFormat` is exported too, and two types must not write one binding file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, rename = "AgentExportFormat")]
pub enum ExportFormat {
    Markdown,
    Json,
}
