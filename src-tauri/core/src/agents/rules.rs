//! The review's rules: a stable id each (the same in the window, the exports and the command
//! line), the part of the agent it judges, and the text of the platform's agent-development
//! rules it stands on, in English and Chinese. The Chinese page wins where the two differ
//! (it also asks for a response-body limit, and for tool names kept stable across versions).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::store::wire::Locale;

/// Every rule the review checks. Serialized as its id (`protocol.initialize`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[ts(export)]
pub enum RuleId {
    #[serde(rename = "protocol.initialize")]
    ProtocolInitialize,
    #[serde(rename = "protocol.initialized-notification")]
    ProtocolInitializedNotification,
    #[serde(rename = "protocol.session")]
    ProtocolSession,
    #[serde(rename = "protocol.transport")]
    ProtocolTransport,
    #[serde(rename = "protocol.redirect")]
    ProtocolRedirect,
    #[serde(rename = "protocol.https")]
    ProtocolHttps,
    #[serde(rename = "protocol.errors")]
    ProtocolErrors,
    #[serde(rename = "protocol.limits")]
    ProtocolLimits,
    #[serde(rename = "protocol.origin")]
    ProtocolOrigin,
    #[serde(rename = "tool.identity")]
    ToolIdentity,
    #[serde(rename = "tool.input-schema")]
    ToolInputSchema,
    #[serde(rename = "tool.output-schema")]
    ToolOutputSchema,
    #[serde(rename = "tool.annotations")]
    ToolAnnotations,
    #[serde(rename = "tool.meta.version")]
    ToolMetaVersion,
    #[serde(rename = "tool.meta.price")]
    ToolMetaPrice,
    #[serde(rename = "tool.meta.scopes")]
    ToolMetaScopes,
    #[serde(rename = "tool.meta.execution-mode")]
    ToolMetaExecutionMode,
    #[serde(rename = "tool.meta.artifact-types")]
    ToolMetaArtifactTypes,
    #[serde(rename = "tool.meta.timeout")]
    ToolMetaTimeout,
    #[serde(rename = "tool.no-platform-arguments")]
    ToolNoPlatformArguments,
    #[serde(rename = "call.result")]
    CallResult,
    #[serde(rename = "call.async")]
    CallAsync,
    #[serde(rename = "call.artifacts")]
    CallArtifacts,
    #[serde(rename = "call.invalid-params")]
    CallInvalidParams,
    #[serde(rename = "call.business-failure")]
    CallBusinessFailure,
    #[serde(rename = "call.no-inline-files")]
    CallNoInlineFiles,
    #[serde(rename = "call.context-headers")]
    CallContextHeaders,
}

/// What a rule judges: the endpoint, one tool definition, or one call's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleScope {
    Protocol,
    Tool,
    Call,
}

impl RuleId {
    pub const ALL: [RuleId; 27] = [
        RuleId::ProtocolInitialize,
        RuleId::ProtocolInitializedNotification,
        RuleId::ProtocolSession,
        RuleId::ProtocolTransport,
        RuleId::ProtocolRedirect,
        RuleId::ProtocolHttps,
        RuleId::ProtocolErrors,
        RuleId::ProtocolLimits,
        RuleId::ProtocolOrigin,
        RuleId::ToolIdentity,
        RuleId::ToolInputSchema,
        RuleId::ToolOutputSchema,
        RuleId::ToolAnnotations,
        RuleId::ToolMetaVersion,
        RuleId::ToolMetaPrice,
        RuleId::ToolMetaScopes,
        RuleId::ToolMetaExecutionMode,
        RuleId::ToolMetaArtifactTypes,
        RuleId::ToolMetaTimeout,
        RuleId::ToolNoPlatformArguments,
        RuleId::CallResult,
        RuleId::CallAsync,
        RuleId::CallArtifacts,
        RuleId::CallInvalidParams,
        RuleId::CallBusinessFailure,
        RuleId::CallNoInlineFiles,
        RuleId::CallContextHeaders,
    ];

    /// The stable id, as in the exports and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            RuleId::ProtocolInitialize => "protocol.initialize",
            RuleId::ProtocolInitializedNotification => "protocol.initialized-notification",
            RuleId::ProtocolSession => "protocol.session",
            RuleId::ProtocolTransport => "protocol.transport",
            RuleId::ProtocolRedirect => "protocol.redirect",
            RuleId::ProtocolHttps => "protocol.https",
            RuleId::ProtocolErrors => "protocol.errors",
            RuleId::ProtocolLimits => "protocol.limits",
            RuleId::ProtocolOrigin => "protocol.origin",
            RuleId::ToolIdentity => "tool.identity",
            RuleId::ToolInputSchema => "tool.input-schema",
            RuleId::ToolOutputSchema => "tool.output-schema",
            RuleId::ToolAnnotations => "tool.annotations",
            RuleId::ToolMetaVersion => "tool.meta.version",
            RuleId::ToolMetaPrice => "tool.meta.price",
            RuleId::ToolMetaScopes => "tool.meta.scopes",
            RuleId::ToolMetaExecutionMode => "tool.meta.execution-mode",
            RuleId::ToolMetaArtifactTypes => "tool.meta.artifact-types",
            RuleId::ToolMetaTimeout => "tool.meta.timeout",
            RuleId::ToolNoPlatformArguments => "tool.no-platform-arguments",
            RuleId::CallResult => "call.result",
            RuleId::CallAsync => "call.async",
            RuleId::CallArtifacts => "call.artifacts",
            RuleId::CallInvalidParams => "call.invalid-params",
            RuleId::CallBusinessFailure => "call.business-failure",
            RuleId::CallNoInlineFiles => "call.no-inline-files",
            RuleId::CallContextHeaders => "call.context-headers",
        }
    }

    pub fn from_id(id: &str) -> Option<RuleId> {
        RuleId::ALL.into_iter().find(|r| r.id() == id)
    }

    pub fn scope(self) -> RuleScope {
        match self.id().split('.').next() {
            Some("protocol") => RuleScope::Protocol,
            Some("tool") => RuleScope::Tool,
            _ => RuleScope::Call,
        }
    }

    /// The rule's words in the platform's docs (quoted from the agent-development page in
    /// that language; where the English page says less, the Chinese one is translated).
    pub fn text(self, lang: Locale) -> &'static str {
        let (en, zh) = self.texts();
        match lang {
            Locale::En => en,
            Locale::ZhCn => zh,
        }
    }

    fn texts(self) -> (&'static str, &'static str) {
        match self {
            RuleId::ProtocolInitialize => (
                "Xiaoya uses JSON-RPC 2.0 and calls initialize (protocolVersion 2025-03-26), notifications/initialized, tools/list, then tools/call.",
                "小雅使用 JSON-RPC 2.0，依次执行 initialize（protocolVersion 2025-03-26）、notifications/initialized、tools/list 和 tools/call。",
            ),
            RuleId::ProtocolInitializedNotification => (
                "Notifications have no id and receive no response.",
                "通知没有 id，服务端不得返回响应。",
            ),
            RuleId::ProtocolSession => (
                "A Streamable HTTP endpoint maintains Mcp-Session-Id.",
                "Streamable HTTP 端点应正确维护 Mcp-Session-Id。",
            ),
            RuleId::ProtocolTransport => (
                "A Streamable HTTP endpoint accepts application/json and text/event-stream.",
                "Streamable HTTP 端点应接受 application/json 与 text/event-stream。",
            ),
            RuleId::ProtocolRedirect => (
                "A Streamable HTTP endpoint rejects unexpected redirects; wildcards and open redirects are forbidden.",
                "Streamable HTTP 端点应拒绝非预期重定向；禁止通配符和开放重定向。",
            ),
            RuleId::ProtocolHttps => (
                "Production endpoints must use public HTTPS.",
                "生产 URL 必须使用公网 HTTPS。",
            ),
            RuleId::ProtocolErrors => (
                "Use JSON-RPC -32700, -32600, -32601, and -32602 for parse, invalid request, unknown method/tool, and invalid params errors.",
                "JSON 解析、非法请求、未知 method/tool、非法参数分别使用 -32700、-32600、-32601、-32602。",
            ),
            RuleId::ProtocolLimits => (
                "A Streamable HTTP endpoint limits request bodies, response bodies, concurrency, and execution time.",
                "Streamable HTTP 端点应限制请求体、响应体、并发数和执行时间。",
            ),
            RuleId::ProtocolOrigin => (
                "A Streamable HTTP endpoint rejects unexpected requests; a local server validates Origin against DNS rebinding (MCP Streamable HTTP transport).",
                "Streamable HTTP 端点应拒绝非预期请求；本地服务必须校验 Origin 以防 DNS 重绑定（MCP Streamable HTTP 传输规范）。",
            ),
            RuleId::ToolIdentity => (
                "Every tool needs a stable name, a title and a description; keep tool names stable across versions.",
                "每个工具都要有稳定的名称、标题和描述；版本升级时保持工具名称稳定。",
            ),
            RuleId::ToolInputSchema => (
                "Constrain required values, lengths, ranges, array items, and additionalProperties.",
                "inputSchema 必须限制 required、长度、范围、数组 items，并使用 additionalProperties: false。",
            ),
            RuleId::ToolOutputSchema => (
                "Every tool needs an outputSchema: the status (accepted, completed, failed, cancelled), summary, data, artifacts envelope.",
                "每个工具都必须提供 outputSchema：status（accepted、completed、failed、cancelled）、summary、data、artifacts 标准业务 envelope。",
            ),
            RuleId::ToolAnnotations => (
                "Every tool needs standard annotations: readOnlyHint, destructiveHint, idempotentHint, openWorldHint.",
                "每个工具都必须提供标准 annotations：readOnlyHint、destructiveHint、idempotentHint、openWorldHint。",
            ),
            RuleId::ToolMetaVersion => (
                "Every tool needs complete xiaoya/* metadata, including xiaoya/version.",
                "每个工具都必须提供完整 xiaoya/* 元数据，包括 xiaoya/version。",
            ),
            RuleId::ToolMetaPrice => (
                "Free tools still declare xiaoya/pricePoints: 0.",
                "免费工具也要显式声明 xiaoya/pricePoints: 0。",
            ),
            RuleId::ToolMetaScopes => (
                "Every tool needs complete xiaoya/* metadata, including xiaoya/requiredScopes.",
                "每个工具都必须提供完整 xiaoya/* 元数据，包括 xiaoya/requiredScopes。",
            ),
            RuleId::ToolMetaExecutionMode => (
                "Execution mode is sync or async.",
                "xiaoya/executionMode 只能是 sync 或 async。",
            ),
            RuleId::ToolMetaArtifactTypes => (
                "ToolArtifact types are text, markdown, html, image, audio, video, file, json, table, or link.",
                "ToolArtifact 类型使用 text、markdown、html、image、audio、video、file、json、table 或 link。",
            ),
            RuleId::ToolMetaTimeout => (
                "Timeout is 1–3600 seconds.",
                "超时必须为 1–3600 秒。",
            ),
            RuleId::ToolNoPlatformArguments => (
                "Identity, tokens, invocation IDs, callbacks, Team context, and billing values must never be AI-supplied business arguments.",
                "身份、Token、调用编号、回调地址、Team 和计费参数不得成为 AI 可填写的业务参数。",
            ),
            RuleId::CallResult => (
                "Synchronous success, asynchronous acceptance and business failure all return the standard business envelope (structuredContent) with a text content block.",
                "同步成功、异步受理和业务失败都返回标准业务 envelope（structuredContent），并附文本 content。",
            ),
            RuleId::CallAsync => (
                "An async tool immediately returns status: \"accepted\" and a stable task ID.",
                "异步工具应立即返回 status: \"accepted\" 和稳定任务 ID。",
            ),
            RuleId::CallArtifacts => (
                "ToolArtifact URLs must be short-lived, unguessable, read-only, and scoped to one artifact. Do not return local paths or internal URLs.",
                "ToolArtifact URL 必须短期有效、不可猜测、只读且只授权单个产物。不要返回本地路径、内部地址。",
            ),
            RuleId::CallInvalidParams => (
                "Use JSON-RPC -32602 for invalid params errors.",
                "非法参数使用 -32602。",
            ),
            RuleId::CallBusinessFailure => (
                "Business failures use status: \"failed\" with a stable data.errorCode.",
                "业务失败使用 status: \"failed\" 和稳定的 data.errorCode。",
            ),
            RuleId::CallNoInlineFiles => (
                "Do not return large inline files.",
                "不要把大文件直接塞入 JSON。",
            ),
            RuleId::CallContextHeaders => (
                "Never forward security headers to a model, browser, or logs.",
                "禁止把调用上下文 Header 转发给模型、浏览器或日志。",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_id_round_trips_and_serializes_as_its_id() {
        for rule in RuleId::ALL {
            assert_eq!(RuleId::from_id(rule.id()), Some(rule));
            assert_eq!(serde_json::to_value(rule).unwrap(), serde_json::json!(rule.id()));
            assert!(!rule.text(Locale::En).is_empty() && !rule.text(Locale::ZhCn).is_empty());
        }
        let ids: std::collections::HashSet<_> = RuleId::ALL.iter().map(|r| r.id()).collect();
        assert_eq!(ids.len(), RuleId::ALL.len());
    }
}
