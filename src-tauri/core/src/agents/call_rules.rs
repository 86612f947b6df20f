//! The per-call rules, read from the recorded answer (raw JSON-RPC, as the agent sent it).

use std::net::IpAddr;

use serde_json::Value;
use url::Url;

use super::http::Recorded;
use super::lines::Lines;
use super::rules::RuleId;
use super::schema;
use super::tool_rules::{meta, ARTIFACT_TYPES};
use super::wire::{JsonRpcError, Locale, RuleLine, ToolArtifact, ToolEnvelope};

/// An answer over this many bytes is a large inline file (`call.no-inline-files`).
pub const INLINE_ANSWER_LIMIT: usize = 1024 * 1024;
/// A single content block over this many bytes is one too.
pub const INLINE_BLOCK_LIMIT: usize = 64 * 1024;

/// What one tools/call answered, read from its exchange.
pub struct CallAnswer {
    pub result: Option<Value>,
    pub error: Option<JsonRpcError>,
    pub envelope: Option<ToolEnvelope>,
    pub is_error: bool,
    /// Why there was no answer at all (transport), if so.
    pub failure: Option<String>,
}

impl CallAnswer {
    pub fn read(recorded: Option<&Recorded>, id: &Value) -> CallAnswer {
        let Some(recorded) = recorded else {
            return CallAnswer {
                result: None,
                error: None,
                envelope: None,
                is_error: false,
                failure: Some("not sent".into()),
            };
        };
        let answer = recorded.answer_to(id).or_else(|| recorded.messages.first());
        let result = answer.and_then(|a| a.get("result")).cloned();
        let error = answer.and_then(|a| a.get("error")).map(|e| JsonRpcError {
            code: e.get("code").and_then(Value::as_i64).unwrap_or(0),
            message: e.get("message").and_then(Value::as_str).unwrap_or_default().to_owned(),
        });
        let envelope = result.as_ref().and_then(|r| r.get("structuredContent")).and_then(read_envelope);
        let is_error =
            result.as_ref().and_then(|r| r.get("isError")).and_then(Value::as_bool).unwrap_or(false);
        let failure = match (&recorded.error, answer) {
            (Some(err), _) => Some(err.to_string()),
            (None, None) => Some(format!(
                "no JSON-RPC answer (HTTP {})",
                recorded.status.map_or_else(|| "none".to_owned(), |s| s.as_u16().to_string())
            )),
            _ => None,
        };
        CallAnswer { result, error, envelope, is_error, failure }
    }
}

fn read_envelope(value: &Value) -> Option<ToolEnvelope> {
    let obj = value.as_object()?;
    let text = |k: &str| obj.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    let artifacts = obj
        .get("artifacts")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .map(|a| ToolArtifact {
                    kind: a.get("type").and_then(Value::as_str).map(str::to_owned),
                    title: a.get("title").and_then(Value::as_str).map(str::to_owned),
                    url: a.get("url").and_then(Value::as_str).map(str::to_owned),
                    mime_type: a.get("mimeType").and_then(Value::as_str).map(str::to_owned),
                    size: a.get("size").and_then(Value::as_u64),
                    sha256: a.get("sha256").and_then(Value::as_str).map(str::to_owned),
                })
                .collect()
        })
        .unwrap_or_default();
    Some(ToolEnvelope {
        status: text("status"),
        summary: text("summary"),
        data: obj.get("data").cloned().unwrap_or(Value::Null),
        artifacts,
    })
}

/// The rules every requested call is judged by. `repeat` is the second answer of an async
/// tool called twice with the same arguments (`call.async`: the task id is stable).
pub fn review_call(
    tool: Option<&Value>,
    recorded: Option<&Recorded>,
    answer: &CallAnswer,
    repeat: Option<&CallAnswer>,
    canary: &str,
    lang: Locale,
) -> Vec<RuleLine> {
    let mut lines = Lines::new(lang);

    // call.result
    match (&answer.result, &answer.error, &answer.failure) {
        (Some(result), _, _) => result_problems(&mut lines, tool, result),
        (None, Some(err), _) => lines
            .fail(RuleId::CallResult, format!("no result: JSON-RPC error {} {:?}", err.code, err.message)),
        (None, None, Some(why)) => lines.fail(RuleId::CallResult, format!("no result: {why}")),
        (None, None, None) => lines.fail(RuleId::CallResult, "no result"),
    }
    lines.pass(
        RuleId::CallResult,
        "structuredContent validates against the outputSchema; a text content block",
    );

    // call.async
    if tool.and_then(|t| meta(t, "xiaoya/executionMode")).and_then(Value::as_str) == Some("async") {
        let status = answer.envelope.as_ref().map(|e| e.status.as_str());
        if status != Some("accepted") {
            lines.fail(
                RuleId::CallAsync,
                format!("an async tool answered status {status:?}, not \"accepted\""),
            );
        }
        match task_id(answer) {
            None => lines.fail(RuleId::CallAsync, "no task id (data.taskId)"),
            Some(first) => match repeat.map(task_id) {
                Some(Some(second)) if second != first => lines.fail(
                    RuleId::CallAsync,
                    format!("the same call got task ids {first:?} and {second:?}: not stable"),
                ),
                Some(None) => lines.fail(RuleId::CallAsync, "the repeated call got no task id"),
                Some(Some(_)) => lines.pass(
                    RuleId::CallAsync,
                    format!("accepted with task id {first:?}, the same on a repeated call"),
                ),
                None => lines.warn(
                    RuleId::CallAsync,
                    format!("accepted with task id {first:?}; not called twice (idempotentHint is not true), so its stability was not checked"),
                ),
            },
        }
    }

    // call.artifacts
    if let Some(list) = answer
        .result
        .as_ref()
        .and_then(|r| r.pointer("/structuredContent/artifacts"))
        .and_then(Value::as_array)
    {
        let declared = tool.and_then(|t| meta(t, "xiaoya/artifactTypes")).and_then(Value::as_array);
        for (index, artifact) in list.iter().enumerate() {
            for problem in artifact_problems(artifact, declared) {
                lines.fail(RuleId::CallArtifacts, format!("artifact {}: {problem}", index + 1));
            }
        }
        if !list.is_empty() {
            lines.pass(
                RuleId::CallArtifacts,
                format!("{} artifact(s): allowed type, public https URL, mimeType, size, sha256", list.len()),
            );
        }
    }

    // call.business-failure
    if let Some(env) = answer.envelope.as_ref().filter(|e| e.status == "failed") {
        match env.data.get("errorCode").and_then(Value::as_str) {
            Some(code) if !code.is_empty() => {
                lines.pass(RuleId::CallBusinessFailure, format!("status failed with data.errorCode {code:?}"))
            }
            _ => lines.fail(RuleId::CallBusinessFailure, "status failed without a data.errorCode"),
        }
    }

    // call.no-inline-files
    if let Some(recorded) = recorded {
        if recorded.body.len() > INLINE_ANSWER_LIMIT {
            lines.fail(
                RuleId::CallNoInlineFiles,
                format!("a {}-byte answer (over {INLINE_ANSWER_LIMIT})", recorded.body.len()),
            );
        }
    }
    for block in
        answer.result.as_ref().and_then(|r| r.get("content")).and_then(Value::as_array).into_iter().flatten()
    {
        let kind = block.get("type").and_then(Value::as_str).unwrap_or("?");
        let blob = block.get("resource").is_some_and(|r| r.get("blob").is_some());
        let size = block.to_string().len();
        if matches!(kind, "image" | "audio") || blob {
            lines.fail(
                RuleId::CallNoInlineFiles,
                format!("an inline {kind} content block of {size} bytes (an artifact URL is expected)"),
            );
        } else if size > INLINE_BLOCK_LIMIT {
            lines.fail(
                RuleId::CallNoInlineFiles,
                format!("a {kind} content block of {size} bytes (over {INLINE_BLOCK_LIMIT})"),
            );
        }
    }
    lines.pass(
        RuleId::CallNoInlineFiles,
        "no file inline: no image, audio or blob block, no block over 64 KiB, the answer under 1 MiB",
    );

    // call.context-headers
    if recorded.is_some_and(|r| contains(&r.body, canary.as_bytes())) {
        lines.fail(
            RuleId::CallContextHeaders,
            format!(
                "the {} value sent with the call came back in its answer",
                super::http::CALL_CONTEXT_HEADER
            ),
        );
    }
    lines.pass(
        RuleId::CallContextHeaders,
        format!("the {} canary did not come back", super::http::CALL_CONTEXT_HEADER),
    );

    lines.finish()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

fn task_id(answer: &CallAnswer) -> Option<String> {
    let data = &answer.envelope.as_ref()?.data;
    ["taskId", "task_id"]
        .iter()
        .find_map(|k| data.get(*k))
        .and_then(Value::as_str)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
}

fn result_problems(lines: &mut Lines, tool: Option<&Value>, result: &Value) {
    let content = result.get("content").and_then(Value::as_array);
    if !content.into_iter().flatten().any(|b| b.get("type").and_then(Value::as_str) == Some("text")) {
        lines.fail(RuleId::CallResult, "no text content block");
    }
    let Some(structured) = result.get("structuredContent") else {
        lines.fail(RuleId::CallResult, "no structuredContent");
        return;
    };
    let declared = tool.and_then(|t| t.get("outputSchema")).filter(|s| s.is_object());
    let checked = declared.cloned().unwrap_or_else(schema::envelope_schema);
    let mut found = match schema::problems(&checked, structured) {
        Ok(found) => found,
        Err(why) => {
            lines.warn(
                RuleId::CallResult,
                format!("the outputSchema {why}; checked against the rules' envelope"),
            );
            schema::problems(&schema::envelope_schema(), structured).unwrap_or_default()
        }
    };
    // The envelope itself, even where a tool's own schema is looser than the rules.
    if declared.is_some() {
        found.extend(schema::problems(&schema::envelope_schema(), structured).unwrap_or_default());
    }
    found.dedup();
    if let Some(first) = found.first() {
        let at = if first.path.is_empty() {
            "structuredContent".to_owned()
        } else {
            format!("structuredContent{}", first.path)
        };
        lines.fail(RuleId::CallResult, format!("{at}: {} ({} problem(s))", first.message, found.len()));
    }
}

/// Why an artifact breaks the rules: an allowed (and declared) type, an https URL on a
/// public host (not a local path, a private or internal host), `mimeType`, `size`, `sha256`.
pub fn artifact_problems(artifact: &Value, declared: Option<&Vec<Value>>) -> Vec<String> {
    let Some(obj) = artifact.as_object() else { return vec!["not an object".into()] };
    let mut problems = Vec::new();
    match obj.get("type").and_then(Value::as_str) {
        Some(kind) if !ARTIFACT_TYPES.contains(&kind) => {
            problems.push(format!("type {kind:?} is not allowed"))
        }
        Some(kind) if declared.is_some_and(|d| !d.iter().any(|x| x.as_str() == Some(kind))) => {
            problems.push(format!("type {kind:?} is not in the tool's xiaoya/artifactTypes"))
        }
        Some(_) => {}
        None => problems.push("no type".into()),
    }
    let url = obj.get("url").and_then(Value::as_str);
    match url.map(Url::parse) {
        Some(Ok(parsed)) if parsed.scheme() != "https" => {
            problems.push(format!("url {:?} is not https", url.unwrap_or_default()))
        }
        Some(Ok(parsed)) if parsed.host_str().is_none_or(private_host) => problems
            .push(format!("url {:?} is on a local, private or internal host", url.unwrap_or_default())),
        Some(Ok(_)) => {}
        Some(Err(_)) | None => problems.push(format!("url {url:?} is not a URL")),
    }
    if !obj.get("mimeType").and_then(Value::as_str).is_some_and(|m| m.contains('/')) {
        problems.push("no mimeType".into());
    }
    if obj.get("size").and_then(Value::as_u64).is_none() {
        problems.push(format!(
            "size {} is not an integer",
            obj.get("size").map_or("missing".into(), Value::to_string)
        ));
    }
    let sha = obj.get("sha256").and_then(Value::as_str);
    if !sha
        .is_some_and(|s| s.len() == 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
    {
        problems.push(format!("sha256 {sha:?} is not 64 hex digits"));
    }
    problems
}

/// A host no one outside could reach, or that names the agent's own network.
pub fn private_host(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
    if host == "localhost"
        || [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet", ".corp"]
            .iter()
            .any(|s| host.ends_with(s))
    {
        return true;
    }
    match host.parse::<IpAddr>() {
        Ok(IpAddr::V4(ip)) => {
            ip.is_private()
                || ip.is_loopback()
                || ip.is_link_local()
                || ip.is_unspecified()
                || ip.is_broadcast()
                || ip.is_documentation()
                || ip.octets()[0] == 100 && (64..128).contains(&ip.octets()[1])
        }
        Ok(IpAddr::V6(ip)) => {
            let first = ip.segments()[0];
            ip.is_loopback()
                || ip.is_unspecified()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
        Err(_) => !host.contains('.'),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn good() -> Value {
        json!({"type": "table", "url": "https://agent.example.com/a/1.csv?sig=x", "mimeType": "text/csv",
            "size": 12, "sha256": "a".repeat(64)})
    }

    #[test]
    fn artifacts_on_public_https_with_their_facts_pass_and_each_fault_is_named() {
        let declared = vec![json!("table")];
        assert!(artifact_problems(&good(), Some(&declared)).is_empty());
        for (url, why) in [
            ("file:///var/x.csv", "not https"),
            ("http://10.20.30.40/x", "not https"),
            ("https://127.0.0.1:8443/x", "private"),
            ("https://files.internal/x", "private"),
            ("https://[fd00::1]/x", "private"),
            ("https://intranet/x", "private"),
        ] {
            let mut a = good();
            a["url"] = json!(url);
            let problems = artifact_problems(&a, Some(&declared));
            assert!(problems.iter().any(|p| p.contains(why)), "{url}: {problems:?}");
        }
        let bad =
            json!({"type": "pdf", "url": "https://agent.example.com/x", "size": "12 KB", "sha256": "abc123"});
        let problems = artifact_problems(&bad, Some(&declared)).join("; ");
        for part in ["type \"pdf\"", "mimeType", "size", "sha256"] {
            assert!(problems.contains(part), "{problems}");
        }
    }
}
