//! Deterministic assistant replies: the same prompt always gets the same answer. One of the
//! built-in answers when the prompt's keywords match one (`answers.rs`: code, tea, a trip, an
//! e-mail, a summary, rainbows; a greeting), a table when asked for one, otherwise Markdown with
//! a list and a code block about the prompt's topic; a long answer when asked for one, Chinese
//! for a Chinese prompt, valid JSON when a JSON `response_format` is requested.

use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

use super::answers;
use super::request::{ChatRequest, ResponseFormat};

pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

/// A rough tokenizer: one token per CJK character, one per four other non-space characters.
pub(crate) fn count_tokens(text: &str) -> u64 {
    let cjk = text.chars().filter(|c| is_cjk(*c)).count() as u64;
    let other = text.chars().filter(|c| !is_cjk(*c) && !c.is_whitespace()).count() as u64;
    cjk + other.div_ceil(4)
}

struct Seed([u8; 32]);

impl Seed {
    fn of(text: &str) -> Seed {
        Seed(Sha256::digest(text.as_bytes()).into())
    }

    fn pick<'a>(&self, slot: usize, options: &[&'a str]) -> &'a str {
        options[self.0[slot % 32] as usize % options.len()]
    }
}

/// A short, plain topic taken from the prompt.
fn topic_of(prompt: &str, cjk: bool) -> String {
    let cleaned: String =
        prompt.chars().filter(|c| !matches!(c, '*' | '`' | '#' | '_' | '\n' | '\r')).collect();
    let topic: String = if cjk {
        cleaned.chars().take(12).collect()
    } else {
        cleaned.split_whitespace().take(8).collect::<Vec<_>>().join(" ")
    };
    let topic = topic.trim().trim_end_matches(['?', '.', '!', '？', '。', '！']).to_string();
    if topic.is_empty() {
        "your question".to_string()
    } else {
        topic
    }
}

fn wants_long(prompt: &str) -> bool {
    let lower = prompt.to_lowercase();
    ["long", "detailed", "in detail", "essay", "story", "thorough", "详细", "长文", "长一点", "展开"]
        .iter()
        .any(|k| lower.contains(k))
}

pub(crate) fn compose(request: &ChatRequest, model_code: &str) -> String {
    let prompt = request.prompt();
    let seed = Seed::of(prompt);
    let cjk = prompt.chars().any(is_cjk);
    let topic = topic_of(prompt, cjk);
    match &request.response_format {
        ResponseFormat::JsonObject => return json_object_reply(&topic, &seed, model_code),
        ResponseFormat::JsonSchema(schema) => {
            return serde_json::to_string_pretty(&sample_from_schema(schema, &topic, 0))
                .unwrap_or_else(|_| "{}".into())
        }
        ResponseFormat::Text => {}
    }
    let mut reply = if wants_table(prompt) {
        table_reply(&topic, cjk)
    } else if let Some(kind) = answers::kind_of(prompt, cjk) {
        answers::answer(kind, prompt, cjk)
    } else if cjk {
        chinese_reply(&topic, &seed)
    } else {
        english_reply(&topic, &seed)
    };
    if request.has_image() {
        let note = if cjk {
            "（我已查看你附上的图片。）\n\n"
        } else {
            "I looked at the image you attached.\n\n"
        };
        reply.insert_str(0, note);
    }
    if wants_long(prompt) {
        reply.push_str(&long_tail(&topic, &seed, cjk));
    }
    reply
}

/// Whether the prompt asks for a table (the word "table" or "tables", or 表格; not "stable").
fn wants_table(prompt: &str) -> bool {
    prompt.contains("表格")
        || prompt
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w.eq_ignore_ascii_case("table") || w.eq_ignore_ascii_case("tables"))
}

/// The Markdown models write when asked for a comparison: a wide GFM table (aligned
/// columns, strikethrough, inline code), a numbered list whose items hold a nested list, a
/// code block and a task list, and a fenced Rust block.
fn table_reply(topic: &str, cjk: bool) -> String {
    let (intro, steps) = if cjk {
        (format!("「{topic}」整理成表格如下："), "步骤：")
    } else {
        (format!("Here is **{topic}** as a table:"), "Steps:")
    };
    let lines = [
        intro.as_str(),
        "",
        "| Plan | Context | Points per 1k tokens | Streaming | Scopes needed | Billing | Last request id |",
        "|:-----|:--------|---------------------:|:---------:|:--------------|:--------|:----------------|",
        "| Personal | personal | 12 | yes | `profile balance usage model` | ~~monthly~~ by usage | req_7f3a9c2e41d84b6b |",
        "| Team Alpha | team | 9 | no | `profile balance model team_read` | workflow-tagged, member quota | req_0c55e1a9b2f34d70 |",
        "| Team Beta | team | 15 | no | `profile balance model team_read` | team wallet | req_91d2b7c3e8a04f16 |",
        "",
        steps,
        "",
        "1. Sign in",
        "   - Personal first",
        "   - then each Team:",
        "",
        "     ```bash",
        "     xiaoya sign-in --team alpha",
        "     ```",
        "",
        "2. Compare the catalogs",
        "   - [x] Personal",
        "   - [ ] Team Alpha",
        "",
        "```rust",
        "fn points(tokens: u64, per_thousand: u64) -> u64 {",
        "    // a started thousand is charged in full",
        "    tokens.div_ceil(1000) * per_thousand",
        "}",
        "```",
        "",
    ];
    lines.join("\n")
}

fn english_reply(topic: &str, seed: &Seed) -> String {
    let opener =
        seed.pick(0, &["Here is a quick take on", "Good question! A short answer about", "Let's break down"]);
    let first = seed.pick(1, &["Start from the goal", "Clarify the inputs", "Name the constraints"]);
    let second = seed
        .pick(2, &["try the simplest thing that works", "measure before optimizing", "write the test first"]);
    let third = seed.pick(
        3,
        &["keep a record of what you tried", "share the result early", "review it with a colleague"],
    );
    format!(
        "{opener} **{topic}**:\n\n\
         1. {first}: what should be true when you are done?\n\
         2. Then {second}.\n\
         3. Finally, {third}.\n\n\
         A tiny example:\n\n\
         ```python\ndef summarize(points):\n    return \"; \".join(p.strip() for p in points)\n\nprint(summarize([\"goal\", \"inputs\", \"result\"]))\n```\n\n\
         Would you like me to go deeper on any step?"
    )
}

fn chinese_reply(topic: &str, seed: &Seed) -> String {
    let opener = seed.pick(0, &["关于", "简单说说", "我们来拆解一下"]);
    let first = seed.pick(1, &["先明确目标", "先理清输入", "先列出约束"]);
    let second = seed.pick(2, &["用最简单的办法试一试", "先测量再优化", "先写测试"]);
    format!(
        "{opener}「{topic}」：\n\n\
         1. {first}，想清楚完成时应该是什么样子。\n\
         2. 然后{second}。\n\
         3. 最后记录尝试过的方法，尽早分享结果。\n\n\
         一个小例子：\n\n\
         ```python\ndef summarize(points):\n    return \"；\".join(p.strip() for p in points)\n```\n\n\
         需要我展开讲哪一步吗？"
    )
}

const LONG_SECTIONS: [&str; 12] = [
    "Background",
    "Key ideas",
    "A worked example",
    "Common pitfalls",
    "Trade-offs",
    "Tooling",
    "Testing",
    "Performance",
    "Security",
    "Operations",
    "Further reading",
    "Summary",
];

fn long_tail(topic: &str, seed: &Seed, cjk: bool) -> String {
    let mut text = String::new();
    for (index, section) in LONG_SECTIONS.iter().enumerate() {
        let verb = seed.pick(index + 4, &["shapes", "simplifies", "changes", "clarifies"]);
        if cjk {
            text.push_str(&format!(
                "\n\n### {}. {section}\n\n这一部分讨论「{topic}」中与{section}有关的内容。我们从实际场景出发，说明它如何影响日常工作，\
                 再给出可以直接尝试的做法。记住：每一步都要能被验证，结果要能被他人复现。",
                index + 1
            ));
        } else {
            text.push_str(&format!(
                "\n\n### {}. {section}\n\nThis part looks at how {section} {verb} {topic}. In practice the most useful habit is to \
                 write down the assumption you are making, check it against a small real example, and only then generalize. \
                 Teams that do this spend less time debugging and more time on the part of the problem that matters. \
                 When in doubt, prefer the boring, well-understood option and revisit it once you have data.\n\n\
                 - What to watch: inputs that are larger or stranger than expected.\n\
                 - What to keep: a short note of why you chose this approach.",
                index + 1
            ));
        }
    }
    text
}

fn json_object_reply(topic: &str, seed: &Seed, model_code: &str) -> String {
    let value = json!({
        "topic": topic,
        "answer": format!("A short, structured answer about {topic}."),
        "keyPoints": [
            seed.pick(1, &["Start from the goal", "Clarify the inputs", "Name the constraints"]),
            seed.pick(2, &["Try the simplest thing", "Measure first", "Write the test first"]),
            "Record what you tried",
        ],
        "confidence": 0.82,
        "model": model_code,
    });
    serde_json::to_string_pretty(&value).unwrap_or_else(|_| "{}".into())
}

/// A value that satisfies a (simple) JSON Schema: objects, arrays, enums, const and scalars.
fn sample_from_schema(schema: &Value, topic: &str, depth: usize) -> Value {
    if depth > 6 {
        return Value::Null;
    }
    if let Some(value) = schema.get("const") {
        return value.clone();
    }
    if let Some(first) = schema.get("enum").and_then(Value::as_array).and_then(|a| a.first()) {
        return first.clone();
    }
    if let Some(first) = ["anyOf", "oneOf", "allOf"]
        .iter()
        .find_map(|k| schema.get(*k).and_then(Value::as_array).and_then(|a| a.first()))
    {
        return sample_from_schema(first, topic, depth + 1);
    }
    let kind = match schema.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(Value::Array(types)) => {
            types.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap_or("null")
        }
        _ if schema.get("properties").is_some() => "object",
        _ => "string",
    };
    match kind {
        "object" => {
            let mut out = Map::new();
            if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                for (name, sub) in properties {
                    out.insert(name.clone(), sample_from_schema(sub, topic, depth + 1));
                }
            }
            Value::Object(out)
        }
        "array" => {
            let item =
                schema.get("items").map(|s| sample_from_schema(s, topic, depth + 1)).unwrap_or(Value::Null);
            let count = schema.get("minItems").and_then(Value::as_u64).unwrap_or(1).clamp(1, 3);
            Value::Array(vec![item; count as usize])
        }
        "integer" => json!(schema.get("minimum").and_then(Value::as_i64).unwrap_or(3)),
        "number" => json!(schema.get("minimum").and_then(Value::as_f64).unwrap_or(0.82)),
        "boolean" => json!(true),
        "null" => Value::Null,
        _ => json!(format!("About {topic}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_counts_are_deterministic() {
        assert_eq!(count_tokens("Hello world"), 3);
        assert_eq!(count_tokens("你好"), 2);
        assert_eq!(count_tokens(""), 0);
    }

    #[test]
    fn a_table_prompt_gets_a_table_a_nested_list_with_code_and_a_code_block() {
        assert!(wants_table("Show the plans as a table"));
        assert!(wants_table("用表格对比一下"));
        assert!(!wants_table("Is the stable release out?"));
        let reply = table_reply("the plans", false);
        assert!(reply.contains("|:-----|:--------|"), "{reply}");
        assert!(reply.contains("\n   - then each Team:\n\n     ```bash\n     xiaoya sign-in"), "{reply}");
        assert!(reply.contains("   - [x] Personal\n"), "{reply}");
        assert!(
            reply.contains("```rust\nfn points(tokens: u64, per_thousand: u64) -> u64 {\n    //"),
            "{reply}"
        );
    }

    #[test]
    fn schema_samples_follow_the_schema() {
        let schema = json!({"type":"object","properties":{"title":{"type":"string"},"tags":{"type":"array","items":{"type":"string"},"minItems":2},"mood":{"enum":["calm","busy"]},"score":{"type":"integer","minimum":1}}});
        let value = sample_from_schema(&schema, "x", 0);
        assert_eq!(value["mood"], "calm");
        assert_eq!(value["tags"].as_array().map(Vec::len), Some(2));
        assert_eq!(value["score"], 1);
    }
}
