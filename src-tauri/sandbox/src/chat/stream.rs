//! The `text/event-stream` form of a completion: `data: {chat.completion.chunk}` events, the
//! last chunk carrying `usage`, then `data: [DONE]`, with `: keep-alive` comments between.

use axum::body::{Body, Bytes};
use serde_json::{json, Value};

use super::reply::{count_tokens, is_cjk};
use super::Completion;
use crate::pace::ReplyPace;

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

/// The longest start of `text` that counts at most `limit` tokens, cut between the pieces a
/// stream sends (so a cut reply streams as the same pieces, fewer of them).
pub(crate) fn first_tokens(text: &str, limit: u64) -> String {
    let mut out = String::new();
    for piece in pieces(text) {
        if count_tokens(&format!("{out}{piece}")) > limit {
            break;
        }
        out.push_str(&piece);
    }
    out
}

/// Every SSE event, already framed (`data: ...\n\n` or `: keep-alive\n\n`), with the tokens
/// of reply text it carries (what a paced stream spends time on).
pub(crate) fn events(completion: &Completion, with_usage: bool) -> Vec<(String, u64)> {
    let mut data = vec![(chunk(completion, json!({ "role": "assistant", "content": "" }), None), 0)];
    for piece in pieces(&completion.content) {
        let tokens = count_tokens(&piece);
        data.push((chunk(completion, json!({ "content": piece }), None), tokens));
    }
    let mut last = chunk(completion, json!({}), Some(completion.finish_reason));
    if with_usage {
        last["usage"] = completion.usage_json();
    }
    data.push((last, 0));

    let mut framed = vec![(": keep-alive\n\n".to_string(), 0)];
    for (index, (event, tokens)) in data.iter().enumerate() {
        if index > 0 && index % KEEP_ALIVE_EVERY == 0 {
            framed.push((": keep-alive\n\n".to_string(), 0));
        }
        framed.push((format!("data: {event}\n\n"), *tokens));
    }
    framed.push(("data: [DONE]\n\n".to_string(), 0));
    framed
}

/// A body that sends the events one by one at `pace`: each goes when the pace says the text
/// before it has been written (measured from the first event, so pauses never add up to drift).
pub(crate) fn body(completion: &Completion, pace: ReplyPace, with_usage: bool) -> Body {
    let events = events(completion, with_usage);
    let start = tokio::time::Instant::now();
    let stream = futures_util::stream::unfold(
        (events.into_iter(), 0u32, 0u64),
        move |(mut rest, sent, tokens_before)| async move {
            let (next, tokens) = rest.next()?;
            let due = pace.due(sent, tokens_before);
            if !due.is_zero() {
                tokio::time::sleep_until(start + due).await;
            }
            Some((
                Ok::<Bytes, std::convert::Infallible>(Bytes::from(next)),
                (rest, sent + 1, tokens_before + tokens),
            ))
        },
    );
    Body::from_stream(stream)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_cut_at_max_tokens_is_a_start_of_the_reply_within_the_limit() {
        let text = "One two three four five six seven eight nine ten eleven twelve.";
        let cut = first_tokens(text, 5);
        assert!(text.starts_with(&cut) && !cut.is_empty() && cut.len() < text.len(), "{cut:?}");
        assert!(count_tokens(&cut) <= 5);
        assert_eq!(first_tokens(text, 1000), text);
    }

    #[test]
    fn pieces_reassemble_exactly() {
        let text = "Hello there, **world**!\n\n1. one\n你好世界。```rust\nfn main() {}\n```";
        assert_eq!(pieces(text).concat(), text);
        assert!(pieces(text).len() > 4);
    }
}
