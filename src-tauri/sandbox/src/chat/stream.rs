//! The `text/event-stream` form of a completion: `data: {chat.completion.chunk}` events, the
//! last chunk carrying `usage`, then `data: [DONE]`, with `: keep-alive` comments between.

use std::time::Duration;

use axum::body::{Body, Bytes};
use serde_json::{json, Value};

use super::reply::is_cjk;
use super::Completion;

const KEEP_ALIVE_EVERY: usize = 12;

fn chunk(completion: &Completion, delta: Value, finish_reason: Option<&str>) -> Value {
    json!({
        "id": completion.id,
        "object": "chat.completion.chunk",
        "created": completion.created,
        "model": completion.model,
        "choices": [{ "index": 0, "delta": delta, "finish_reason": finish_reason }],
    })
}

/// Splits text into small pieces the way a model streams it: a few words, or two CJK
/// characters, per piece. Concatenating the pieces gives the text back exactly.
pub(crate) fn pieces(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut words = 0;
    for c in text.chars() {
        current.push(c);
        if is_cjk(c) {
            if current.chars().filter(|c| is_cjk(*c)).count() >= 2 {
                out.push(std::mem::take(&mut current));
            }
        } else if c == ' ' || c == '\n' {
            words += 1;
            if words >= 3 || c == '\n' {
                out.push(std::mem::take(&mut current));
                words = 0;
            }
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Every SSE event, already framed (`data: ...\n\n` or `: keep-alive\n\n`).
pub(crate) fn events(completion: &Completion) -> Vec<String> {
    let mut data = vec![chunk(completion, json!({ "role": "assistant", "content": "" }), None)];
    for piece in pieces(&completion.content) {
        data.push(chunk(completion, json!({ "content": piece }), None));
    }
    let mut last = chunk(completion, json!({}), Some("stop"));
    last["usage"] = completion.usage_json();
    data.push(last);

    let mut framed = vec![": keep-alive\n\n".to_string()];
    for (index, event) in data.iter().enumerate() {
        if index > 0 && index % KEEP_ALIVE_EVERY == 0 {
            framed.push(": keep-alive\n\n".to_string());
        }
        framed.push(format!("data: {event}\n\n"));
    }
    framed.push("data: [DONE]\n\n".to_string());
    framed
}

/// A body that sends the events one by one, `pace` apart.
pub(crate) fn body(completion: &Completion, pace: Duration) -> Body {
    let events = events(completion);
    let stream =
        futures_util::stream::unfold((events.into_iter(), true), move |(mut rest, first)| async move {
            let next = rest.next()?;
            if !first && !pace.is_zero() {
                tokio::time::sleep(pace).await;
            }
            Some((Ok::<Bytes, std::convert::Infallible>(Bytes::from(next)), (rest, false)))
        });
    Body::from_stream(stream)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_reassemble_exactly() {
        let text = "Hello there, **world**!\n\n1. one\n你好世界。```rust\nfn main() {}\n```";
        assert_eq!(pieces(text).concat(), text);
        assert!(pieces(text).len() > 4);
    }
}
