//! Checks a reply that asked for JSON: it must parse, a `json_object` reply must be an
//! object, and a `json_schema` reply must match the schema. The validator covers the
//! subset people use for replies: `type` (one or a list), `required`, `properties`,
//! `enum` and `items`. Other keywords are ignored, never guessed at.

use serde_json::{Map, Value};

use super::wire::{JsonCheck, JsonProblem, JsonProblemKind};
use crate::foundation::json_schema;

/// Enough problems to act on; a reply that breaks the schema everywhere is not listed in full.
const MAX_PROBLEMS: usize = 20;
const MAX_DEPTH: usize = 64;

/// Model replies sometimes wrap JSON in a Markdown code fence; accept that one wrapper.
fn unfenced(text: &str) -> &str {
    let trimmed = text.trim();
    let Some(inner) = trimmed.strip_prefix("```") else { return trimmed };
    let Some(inner) = inner.strip_suffix("```") else { return trimmed };
    // Drop the info string (`json`) on the opening line.
    match inner.find('\n') {
        Some(at) => inner[at + 1..].trim(),
        None => trimmed,
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn matches_type(value: &Value, expected: &str) -> bool {
    match expected {
        "integer" => match value {
            Value::Number(n) => n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0),
            _ => false,
        },
        "number" => value.is_number(),
        other => type_name(value) == other,
    }
}

struct Checker {
    problems: Vec<JsonProblem>,
}

impl Checker {
    fn add(&mut self, path: &str, kind: JsonProblemKind) {
        if self.problems.len() < MAX_PROBLEMS {
            self.problems.push(JsonProblem { path: path.to_owned(), kind });
        }
    }

    fn check(&mut self, value: &Value, schema: &Map<String, Value>, path: &str, depth: usize) {
        if depth > MAX_DEPTH || self.problems.len() >= MAX_PROBLEMS {
            return;
        }
        let types: Vec<&str> = match schema.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !types.is_empty() && !types.iter().any(|t| matches_type(value, t)) {
            self.add(path, JsonProblemKind::WrongType { expected: types.join(" | ") });
            return;
        }
        if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
            if !allowed.contains(value) {
                self.add(path, JsonProblemKind::NotInEnum);
            }
        }
        if let Value::Object(object) = value {
            for name in json_schema::required(schema) {
                if !object.contains_key(name) {
                    self.add(path, JsonProblemKind::MissingProperty { name: name.to_owned() });
                }
            }
            for (name, sub) in json_schema::properties(schema) {
                if let (Some(child), Some(sub)) = (object.get(name), sub.as_object()) {
                    self.check(child, sub, &format!("{path}.{name}"), depth + 1);
                }
            }
        }
        if let (Value::Array(items), Some(sub)) = (value, schema.get("items").and_then(Value::as_object)) {
            for (index, item) in items.iter().enumerate() {
                self.check(item, sub, &format!("{path}[{index}]"), depth + 1);
            }
        }
    }
}

/// Validates `value` against `schema` (the supported subset).
pub fn validate(value: &Value, schema: &Map<String, Value>) -> Vec<JsonProblem> {
    let mut checker = Checker { problems: Vec::new() };
    checker.check(value, schema, "$", 0);
    checker.problems
}

/// The check for a finished reply. `schema` is `None` for `json_object`.
pub fn check_reply(text: &str, schema: Option<&Map<String, Value>>) -> JsonCheck {
    let mode = if schema.is_some() { "json_schema" } else { "json_object" }.to_owned();
    let problems = match serde_json::from_str::<Value>(unfenced(text)) {
        Err(err) => {
            vec![JsonProblem { path: "$".into(), kind: JsonProblemKind::NotJson { detail: err.to_string() } }]
        }
        Ok(value) => match schema {
            Some(schema) => validate(&value, schema),
            None if value.is_object() => Vec::new(),
            None => vec![JsonProblem { path: "$".into(), kind: JsonProblemKind::NotAnObject }],
        },
    };
    JsonCheck { mode, valid: problems.is_empty(), problems }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn schema(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn json_object_replies_must_be_objects() {
        assert!(check_reply(r#"{"a": 1}"#, None).valid);
        assert!(check_reply("```json\n{\"a\": 1}\n```", None).valid, "one code fence is accepted");
        assert_eq!(check_reply("[1]", None).problems[0].kind, JsonProblemKind::NotAnObject);
        assert!(matches!(check_reply("not json", None).problems[0].kind, JsonProblemKind::NotJson { .. }));
    }

    #[test]
    fn the_schema_subset_type_required_properties_enum_items() {
        let s = schema(json!({
            "type": "object",
            "required": ["title", "tags", "mood"],
            "properties": {
                "title": {"type": "string"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "mood": {"enum": ["calm", "busy"]},
                "score": {"type": ["integer", "null"]},
            }
        }));
        let good = json!({"title": "t", "tags": ["a", "b"], "mood": "calm", "score": null});
        assert!(validate(&good, &s).is_empty());
        let bad = json!({"title": 3, "tags": ["a", 2], "mood": "angry", "score": 1.5});
        let mut problems = validate(&bad, &s);
        problems.sort_by(|a, b| a.path.cmp(&b.path));
        let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, vec!["$.mood", "$.score", "$.tags[1]", "$.title"]);
        assert_eq!(problems[0].kind, JsonProblemKind::NotInEnum);
        assert_eq!(problems[3].kind, JsonProblemKind::WrongType { expected: "string".into() });
        let missing = validate(&json!({"title": "t"}), &s);
        assert_eq!(missing[0].kind, JsonProblemKind::MissingProperty { name: "tags".into() });
        assert_eq!(
            validate(&json!([1]), &s)[0].kind,
            JsonProblemKind::WrongType { expected: "object".into() }
        );
    }

    #[test]
    fn integers_and_numbers() {
        let s = schema(json!({"type": "integer"}));
        assert!(validate(&json!(3), &s).is_empty());
        assert!(validate(&json!(3.0), &s).is_empty(), "JSON Schema counts 3.0 as an integer");
        assert_eq!(validate(&json!(3.5), &s).len(), 1);
        assert!(validate(&json!(3), &schema(json!({"type": "number"}))).is_empty());
    }
}
