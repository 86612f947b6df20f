//! The platform's streamed completion on top of the SSE parser: `data:` events carry
//! `chat.completion.chunk` objects, `data: [DONE]` ends the stream, an error object in
//! the stream is an error, and a stream that ends without `[DONE]` is interrupted.

use serde_json::Value;

use super::sse::{SseError, SseParser};
use super::wire::TokenUsage;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamItem {
    /// Text to append to the reply.
    Delta(String),
    /// `data: [DONE]`: the reply is complete.
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamFailure {
    /// An error object arrived inside the stream.
    Platform {
        code: String,
        message: String,
        request_id: Option<String>,
    },
    /// A `data:` payload that is neither `[DONE]` nor JSON.
    Malformed(String),
    TooLarge(usize),
    /// The connection ended before `[DONE]`.
    EndedWithoutDone,
}

impl From<SseError> for StreamFailure {
    fn from(err: SseError) -> Self {
        match err {
            SseError::TooLarge(n) => StreamFailure::TooLarge(n),
        }
    }
}

/// What one chunk produced.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pushed {
    pub items: Vec<StreamItem>,
    pub failure: Option<StreamFailure>,
}

#[derive(Debug, Default)]
pub struct CompletionStream {
    parser: SseParser,
    done: bool,
    pub usage: Option<TokenUsage>,
    pub finish_reason: Option<String>,
}

fn text_of(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// An error object, in the OpenAI shape (`{"error": {...}}` or `{"error": "..."}`), the
/// platform's failure envelope (`{"success": false, "code": ...}`), or any payload of an
/// `event: error`.
fn error_in(value: &Value, event: &str) -> Option<StreamFailure> {
    let request_id = text_of(value.get("request_id"));
    if let Some(error) = value.get("error").filter(|e| !e.is_null()) {
        let (code, message) = match error {
            Value::Object(map) => (
                text_of(map.get("code"))
                    .or_else(|| text_of(map.get("type")))
                    .unwrap_or_else(|| "STREAM_ERROR".into()),
                text_of(map.get("message")).unwrap_or_default(),
            ),
            other => ("STREAM_ERROR".into(), text_of(Some(other)).unwrap_or_default()),
        };
        let request_id = request_id.or_else(|| text_of(error.get("request_id")));
        return Some(StreamFailure::Platform { code, message, request_id });
    }
    if value.get("success") == Some(&Value::Bool(false)) || event == "error" {
        return Some(StreamFailure::Platform {
            code: text_of(value.get("code")).unwrap_or_else(|| "STREAM_ERROR".into()),
            message: text_of(value.get("message")).unwrap_or_default(),
            request_id,
        });
    }
    None
}

pub fn usage_of(value: &Value) -> Option<TokenUsage> {
    let usage = value.get("usage").filter(|u| u.is_object())?;
    let number = |k: &str| usage.get(k).and_then(Value::as_u64);
    let prompt = number("prompt_tokens");
    let completion = number("completion_tokens");
    // Checked: two counts near u64::MAX are a platform fault to show without a sum, not a panic
    // (debug) or a wrapped total (release).
    let total = number("total_tokens").or_else(|| prompt?.checked_add(completion?));
    Some(TokenUsage { prompt_tokens: prompt, completion_tokens: completion, total_tokens: total })
}

impl CompletionStream {
    pub fn new() -> Self {
        CompletionStream::default()
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Feeds one chunk of the body. Items that arrived before a failure in the same chunk
    /// are returned with it, so no text is lost.
    pub fn push(&mut self, chunk: &[u8]) -> Pushed {
        let mut items = Vec::new();
        let failure = self.push_into(chunk, &mut items).err();
        Pushed { items, failure }
    }

    fn push_into(&mut self, chunk: &[u8], items: &mut Vec<StreamItem>) -> Result<(), StreamFailure> {
        if self.done {
            return Ok(());
        }
        for event in self.parser.push(chunk)? {
            if event.data.trim() == "[DONE]" {
                self.done = true;
                items.push(StreamItem::Done);
                return Ok(());
            }
            let value: Value = match serde_json::from_str(&event.data) {
                Ok(value) => value,
                Err(_) if event.event == "error" => {
                    return Err(StreamFailure::Platform {
                        code: "STREAM_ERROR".into(),
                        message: event.data.chars().take(500).collect(),
                        request_id: None,
                    })
                }
                Err(err) => return Err(StreamFailure::Malformed(err.to_string())),
            };
            if let Some(failure) = error_in(&value, &event.event) {
                return Err(failure);
            }
            if let Some(usage) = usage_of(&value) {
                self.usage = Some(usage);
            }
            let Some(choice) = value.get("choices").and_then(Value::as_array).and_then(|c| c.first()) else {
                continue;
            };
            if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
                self.finish_reason = Some(reason.to_owned());
            }
            let delta = choice.get("delta").and_then(|d| d.get("content")).and_then(Value::as_str);
            if let Some(text) = delta.filter(|t| !t.is_empty()) {
                items.push(StreamItem::Delta(text.to_owned()));
            }
        }
        Ok(())
    }

    /// The body ended. Without `[DONE]` the reply is interrupted, whatever arrived.
    pub fn finish(&mut self) -> Result<(), StreamFailure> {
        self.parser.finish();
        if self.done {
            Ok(())
        } else {
            Err(StreamFailure::EndedWithoutDone)
        }
    }
}

/// A non-streaming `chat.completion`: its text, usage and why it ended.
#[derive(Debug, PartialEq, Eq)]
pub struct WholeCompletion {
    pub content: String,
    pub usage: Option<TokenUsage>,
    pub finish_reason: Option<String>,
}

/// The text, usage and finish reason of a non-streaming `chat.completion`, or the error
/// object in it.
pub fn completion_of(value: &Value) -> Result<WholeCompletion, StreamFailure> {
    if let Some(failure) = error_in(value, "message") {
        return Err(failure);
    }
    let choice = value
        .get("choices")
        .and_then(Value::as_array)
        .and_then(|c| c.first())
        .ok_or_else(|| StreamFailure::Malformed("the completion has no choices".into()))?;
    let content = match choice.get("message").and_then(|m| m.get("content")) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => String::new(),
        // Content parts: join their text.
        Some(Value::Array(parts)) => {
            parts.iter().filter_map(|p| p.get("text").and_then(Value::as_str)).collect::<Vec<_>>().join("")
        }
        Some(other) => other.to_string(),
    };
    let finish_reason = choice.get("finish_reason").and_then(Value::as_str).map(str::to_owned);
    Ok(WholeCompletion { content, usage: usage_of(value), finish_reason })
}
