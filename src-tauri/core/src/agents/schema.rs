//! JSON Schema for the agent check (the `jsonschema` crate): a call's arguments against the
//! tool's inputSchema before anything is sent, a result's structuredContent against its
//! outputSchema, and arguments made to break an inputSchema (`call.invalid-params`).

use serde_json::{json, Map, Value};

use super::wire::ArgumentProblem;
use crate::foundation::json_schema;

/// The problems of `instance` against `schema` (empty: valid). `Err` when the schema itself
/// does not compile.
pub fn problems(schema: &Value, instance: &Value) -> Result<Vec<ArgumentProblem>, String> {
    let validator =
        jsonschema::validator_for(schema).map_err(|e| format!("the schema does not compile: {e}"))?;
    let mut found: Vec<ArgumentProblem> = validator
        .iter_errors(instance)
        .map(|e| ArgumentProblem { path: e.instance_path().to_string(), message: e.to_string() })
        .collect();
    found.sort_by(|a, b| a.path.cmp(&b.path).then_with(|| a.message.cmp(&b.message)));
    Ok(found)
}

/// Arguments that break `schema`: each required property gets a value of the wrong type;
/// with no required property, an unexpected one (breaks `additionalProperties: false`).
/// `None` when nothing is sure to break it (no required property and extra ones allowed).
pub fn invalid_arguments(schema: &Value) -> Option<Value> {
    let props = schema.get("properties").and_then(Value::as_object);
    let mut args = Map::new();
    for name in json_schema::required(schema) {
        let kind = props.and_then(|p| p.get(name)).and_then(|p| p.get("type")).and_then(Value::as_str);
        args.insert(name.to_owned(), wrong_type(kind));
    }
    if args.is_empty() {
        if schema.get("additionalProperties") != Some(&Value::Bool(false)) {
            return None;
        }
        args.insert("xiaoyaCheckUnexpected".to_owned(), json!(true));
    }
    let args = Value::Object(args);
    match problems(schema, &args) {
        Ok(found) if !found.is_empty() => Some(args),
        _ => None,
    }
}

fn wrong_type(kind: Option<&str>) -> Value {
    match kind {
        Some("string") => json!(42),
        Some("integer" | "number") => json!("not a number"),
        Some("boolean") => json!("yes"),
        Some("array") => json!("not an array"),
        Some("object") => json!("not an object"),
        _ => json!({"xiaoyaCheck": "not what the schema allows"}),
    }
}

/// The rules' envelope, for a result whose tool declared no usable outputSchema.
pub fn envelope_schema() -> Value {
    json!({
        "type": "object",
        "required": ["status", "summary", "data", "artifacts"],
        "properties": {
            "status": {"type": "string", "enum": ["accepted", "completed", "failed", "cancelled"]},
            "summary": {"type": "string"},
            "data": {"type": "object"},
            "artifacts": {"type": "array", "items": {"type": "object"}}
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Value {
        json!({"type": "object", "required": ["symbol"], "additionalProperties": false,
            "properties": {"symbol": {"type": "string", "pattern": "^[A-Z]{1,5}$"},
                "options": {"type": "object", "properties": {"maxWords": {"type": "integer", "minimum": 100, "maximum": 5000}}}}})
    }

    #[test]
    fn arguments_are_checked_against_the_input_schema_with_a_path_per_problem() {
        assert_eq!(problems(&schema(), &json!({"symbol": "ACME"})).unwrap(), vec![]);
        let found =
            problems(&schema(), &json!({"symbol": "acme", "options": {"maxWords": 5}, "x": 1})).unwrap();
        let paths: Vec<&str> = found.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths, ["", "/options/maxWords", "/symbol"], "{found:?}");
        assert!(problems(&json!({"type": 12}), &json!({})).is_err(), "a broken schema is said so");
    }

    #[test]
    fn invalid_arguments_break_the_schema_they_were_made_for() {
        let args = invalid_arguments(&schema()).unwrap();
        assert_eq!(args, json!({"symbol": 42}));
        let closed = json!({"type": "object", "properties": {}, "additionalProperties": false});
        assert_eq!(invalid_arguments(&closed), Some(json!({"xiaoyaCheckUnexpected": true})));
        assert_eq!(invalid_arguments(&json!({"type": "object"})), None, "anything goes: nothing to break");
    }
}
