//! What a tool list weighs in model tokens: each tool as a model receives it through an
//! OpenAI-style `tools` array (`{"type":"function","function":{"name","description",
//! "parameters"}}`, compact JSON; the platform's model gateway is Chat Completions), its
//! outputSchema, annotations and `_meta` left out, since the model never sees those.
//!
//! The count is an estimate, not a tokenizer (a BPE vocabulary would add megabytes to the
//! app): ASCII text at one token per 3.6 bytes, rounded up per tool, and one token per
//! non-ASCII character (CJK text is about one token per character in cl100k/o200k). The
//! tests hold it within 15% of o200k_base (tiktoken-rs, a dev-dependency) on every sample
//! agent's tool list.

use serde_json::{json, Value};

/// How the estimate is made, for the report.
pub const METHOD: &str = "each tool as an OpenAI-style function (name, description, parameters: the inputSchema) in compact JSON; ASCII bytes / 3.6 plus one token per non-ASCII character (within 15% of o200k_base on the sample agents)";

/// The tool as a model receives it.
pub fn as_model_sees(tool: &Value) -> Value {
    json!({
        "type": "function",
        "function": {
            "name": tool.get("name").cloned().unwrap_or(Value::Null),
            "description": tool.get("description").cloned().unwrap_or(Value::Null),
            "parameters": tool.get("inputSchema").cloned().unwrap_or_else(|| json!({"type": "object"})),
        }
    })
}

/// Estimated tokens of one text.
pub fn estimate_text(text: &str) -> u32 {
    let ascii = text.bytes().filter(u8::is_ascii).count();
    let other = text.chars().filter(|c| !c.is_ascii()).count();
    let tokens = (ascii as f64 / 3.6).ceil() as usize + other;
    u32::try_from(tokens).unwrap_or(u32::MAX)
}

/// Estimated tokens of one tool definition.
pub fn estimate_tool(tool: &Value) -> u32 {
    estimate_text(&as_model_sees(tool).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_text_counts_a_token_per_character_and_ascii_by_bytes() {
        assert_eq!(estimate_text("生成推广简报"), 6);
        assert_eq!(estimate_text(&"a".repeat(36)), 10);
        assert_eq!(estimate_text(""), 0);
    }
}
