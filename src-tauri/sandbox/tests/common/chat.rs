//! Helpers for the chat gateway tests.

use reqwest::{RequestBuilder, StatusCode};
use serde_json::{json, Value};

use super::Harness;

pub const CHAT: &str = "/api/proxy/v1/chat/completions";

pub fn body(model: &str, prompt: &str, stream: bool) -> Value {
    json!({ "model": model, "messages": [{ "role": "system", "content": "Be brief." }, { "role": "user", "content": prompt }], "stream": stream })
}

pub fn post(h: &Harness, token: &str, request_id: Option<&str>, body: &Value) -> RequestBuilder {
    let mut request = h.http.post(h.url(CHAT)).bearer_auth(token).json(body);
    if let Some(id) = request_id {
        request = request.header("X-Request-ID", id);
    }
    request
}

pub fn workflow(request: RequestBuilder, team: &str, attempt: &str) -> RequestBuilder {
    request
        .header("X-Xiaoya-Team-Id", team)
        .header("X-Xiaoya-Workflow-Version-Id", "workflow_version_01")
        .header("X-Xiaoya-Run-Id", "run_01")
        .header("X-Xiaoya-Node-Id", "summarize")
        .header("X-Xiaoya-Attempt", attempt)
}

pub async fn send(request: RequestBuilder) -> (StatusCode, Value) {
    let response = request.send().await.expect("chat request");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Parses an SSE body into `data:` payloads and counts comment lines.
pub fn sse(text: &str) -> (Vec<String>, usize) {
    let mut data = Vec::new();
    let mut comments = 0;
    for event in text.split("\n\n").filter(|e| !e.is_empty()) {
        for line in event.lines() {
            if let Some(payload) = line.strip_prefix("data: ") {
                data.push(payload.to_string());
            } else if line.starts_with(':') {
                comments += 1;
            }
        }
    }
    (data, comments)
}

pub fn streamed_content(events: &[String]) -> String {
    events
        .iter()
        .filter(|e| *e != "[DONE]")
        .filter_map(|e| serde_json::from_str::<Value>(e).ok())
        .filter_map(|v| v["choices"][0]["delta"]["content"].as_str().map(String::from))
        .collect()
}
