//! The review as documents for an agent's release checklist: JSON (the report itself, the
//! same document as `xiaoya-check --json`) and Markdown. Both come from the report, whose
//! transcript already has every custom header value masked.

use std::fmt::Write as _;

use super::rules::RuleId;
use super::wire::{AgentReachability, AgentReport, CallPurpose, Locale, RuleLine, RuleVerdict};
use crate::documents::{Document, DocumentKind};
use crate::foundation::error::{Error, Result};

pub fn json(report: &AgentReport) -> Result<Vec<u8>> {
    let mut bytes =
        serde_json::to_vec_pretty(report).map_err(|source| Error::Json { what: "agent report", source })?;
    bytes.push(b'\n');
    Ok(bytes)
}

fn verdict(v: RuleVerdict) -> &'static str {
    match v {
        RuleVerdict::Pass => "pass",
        RuleVerdict::Warn => "warn",
        RuleVerdict::Fail => "fail",
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

fn table(out: &mut String, lines: &[RuleLine]) {
    out.push_str("| rule | verdict | reason |\n| --- | --- | --- |\n");
    for line in lines {
        let _ =
            writeln!(out, "| `{}` | {} | {} |", line.rule.id(), verdict(line.verdict), cell(&line.reason));
    }
    out.push('\n');
}

pub fn markdown(report: &AgentReport) -> String {
    let zh = report.lang == Locale::ZhCn;
    let t = |en: &'static str, cn: &'static str| if zh { cn } else { en };
    let mut out = String::new();
    let _ = writeln!(out, "# {} {}\n", t("Agent review:", "智能体审核："), report.url);
    let _ = writeln!(
        out,
        "- {}: {}\n- {}: {} → {}\n- {}: {}\n- {}: {} pass, {} warn, {} fail\n- {}: {} ({} tools)\n",
        t("Reviewed at", "审核时间"),
        report.started_at,
        t("Protocol offered → negotiated", "协议版本（请求 → 协商）"),
        report.offered_protocol,
        report.negotiated_protocol.as_deref().unwrap_or("none"),
        t("Server", "服务"),
        report.server.as_ref().map_or_else(|| "unknown".to_owned(), |s| format!("{} {}", s.name, s.version)),
        t("Verdicts", "结论"),
        report.counts.pass,
        report.counts.warn,
        report.counts.fail,
        t("Tool list weight (model tokens, estimated)", "工具列表体量（模型 token，估算）"),
        report.token_weight.total,
        report.token_weight.tools,
    );
    if report.reachability != AgentReachability::Reviewed {
        let _ = writeln!(
            out,
            "**{}** {}\n",
            t("Not reviewed:", "未能审核："),
            report.unreachable_reason.as_deref().unwrap_or("")
        );
    }
    let _ = writeln!(out, "## {}\n", t("Protocol", "协议"));
    table(&mut out, &report.protocol);
    let _ = writeln!(out, "## {}\n", t("Tools", "工具"));
    for tool in &report.tools {
        let _ = writeln!(
            out,
            "### `{}`\n\n{} {} · {} {} · ~{} tokens\n",
            tool.name,
            t("price", "价格"),
            tool.call.price_points.map_or_else(|| "?".to_owned(), |p| p.to_string()),
            t("mode", "模式"),
            tool.call.execution_mode.as_deref().unwrap_or("?"),
            tool.tokens
        );
        table(&mut out, &tool.rules);
    }
    if !report.calls.is_empty() {
        let _ = writeln!(out, "## {}\n", t("Calls", "调用"));
        for call in &report.calls {
            let purpose = match call.purpose {
                CallPurpose::Requested => t("requested", "请求的调用"),
                CallPurpose::InvalidParams => t("arguments that break the schema", "违反 Schema 的参数"),
            };
            let _ = writeln!(out, "### `{}` ({purpose})\n\n```json\n{}\n```\n", call.tool, call.arguments);
            if let Some(env) = &call.envelope {
                let _ = writeln!(out, "{}: `{}` — {}\n", t("Status", "状态"), env.status, cell(&env.summary));
                for a in &env.artifacts {
                    let _ = writeln!(
                        out,
                        "- {} `{}` {} {} bytes, sha256 `{}`",
                        t("artifact", "产物"),
                        a.kind.as_deref().unwrap_or("?"),
                        a.url.as_deref().unwrap_or("?"),
                        a.size.map_or_else(|| "?".to_owned(), |s| s.to_string()),
                        a.sha256.as_deref().unwrap_or("?")
                    );
                }
                if !env.artifacts.is_empty() {
                    out.push('\n');
                }
            }
            if let Some(err) = &call.error {
                let _ = writeln!(out, "JSON-RPC {}: {}\n", err.code, cell(&err.message));
            }
            table(&mut out, &call.rules);
        }
    }
    if !report.changes.is_empty() {
        let _ = writeln!(out, "## {}\n", t("Changes since the compared snapshot", "与对比快照的差异"));
        out.push_str(t(
            "| tool | change | fresh review | detail |\n",
            "| 工具 | 变化 | 需重新审核 | 说明 |\n",
        ));
        out.push_str("| --- | --- | --- | --- |\n");
        for c in &report.changes {
            let change = serde_json::to_value(c.change)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "| `{}` | {} | {} | {} |",
                c.tool,
                change,
                if c.fresh_review { t("yes", "是") } else { t("no", "否") },
                cell(&c.detail)
            );
        }
        out.push('\n');
    }
    let _ = writeln!(out, "## {}\n", t("Rules", "规则"));
    for rule in RuleId::ALL {
        let _ = writeln!(out, "- `{}`: {}", rule.id(), rule.text(report.lang));
    }
    let _ = writeln!(out, "\n## {}\n", t("Transcript", "通信记录"));
    out.push_str(t(
        "Every custom header value is masked.\n\n| # | via | exchange | HTTP | status | type | ms | session |\n",
        "所有自定义 Header 的值均已遮蔽。\n\n| # | 发送方 | 交换 | HTTP | 状态 | 类型 | 毫秒 | 会话 |\n",
    ));
    out.push_str("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for x in &report.transcript {
        let via = match x.via {
            super::wire::ExchangeVia::Rmcp => "rmcp",
            super::wire::ExchangeVia::Probe => "probe",
        };
        let _ = writeln!(
            out,
            "| {} | {via} | {} | {} | {} | {} | {} | {} |",
            x.seq,
            cell(&x.label),
            x.http_method,
            x.http_status.map_or_else(|| cell(x.error.as_deref().unwrap_or("-")), |s| s.to_string()),
            x.content_type.as_deref().map_or_else(|| "-".to_owned(), cell),
            x.duration_ms,
            x.session_received.as_deref().or(x.session_sent.as_deref()).unwrap_or("-")
        );
    }
    out
}

fn file_stem(report: &AgentReport) -> String {
    let host =
        url::Url::parse(&report.url).ok().and_then(|u| u.host_str().map(str::to_owned)).unwrap_or_default();
    let day = report.started_at.get(..10).unwrap_or("");
    let safe: String = host
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '-' { c } else { '_' })
        .collect();
    format!("agent-review-{safe}-{day}")
}

pub fn json_document(report: &AgentReport) -> Result<Document> {
    Ok(Document {
        name: format!("{}.json", file_stem(report)),
        kind: DocumentKind::Json,
        bytes: json(report)?,
    })
}

pub fn markdown_document(report: &AgentReport) -> Document {
    Document {
        name: format!("{}.md", file_stem(report)),
        kind: DocumentKind::Markdown,
        bytes: markdown(report).into_bytes(),
    }
}
