//! The ways the core reads a JSON Schema, in one place: a schema's `required` names, its
//! `properties`, and a list of strings (`enum`). The agent check (inputSchema,
//! outputSchema), chat's JSON check, the catalog's `parameterSpec` and Check platform's
//! OpenAPI comparison all read schemas through these, each tolerant in the same way: a
//! keyword of the wrong JSON type reads as absent, and a non-string entry is skipped.

use serde_json::{Map, Value};

/// Something a schema keyword can be looked up in: a schema as a JSON value or as an object.
pub trait Keywords {
    fn keyword(&self, name: &str) -> Option<&Value>;
}

impl Keywords for Value {
    fn keyword(&self, name: &str) -> Option<&Value> {
        self.get(name)
    }
}

impl Keywords for Map<String, Value> {
    fn keyword(&self, name: &str) -> Option<&Value> {
        self.get(name)
    }
}

/// The names in `required`.
pub fn required<S: Keywords + ?Sized>(schema: &S) -> impl Iterator<Item = &str> {
    strings(schema.keyword("required"))
}

/// The entries of `properties`, in the schema's order.
pub fn properties<S: Keywords + ?Sized>(schema: &S) -> impl Iterator<Item = (&String, &Value)> {
    schema.keyword("properties").and_then(Value::as_object).into_iter().flatten()
}

/// The strings of a JSON array (a `required` or an `enum`); nothing when it isn't one.
pub fn strings(value: Option<&Value>) -> impl Iterator<Item = &str> {
    value.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn keywords_of_the_wrong_type_read_as_absent_and_non_strings_are_skipped() {
        let schema = json!({"required": ["a", 1, "b"], "properties": {"a": {}, "b": {"type": "string"}}});
        assert_eq!(required(&schema).collect::<Vec<_>>(), ["a", "b"]);
        let names: Vec<&str> = properties(&schema).map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        let odd = json!({"required": "a", "properties": ["a"]});
        assert_eq!(required(&odd).count(), 0);
        assert_eq!(properties(&odd).count(), 0);
        let map = schema.as_object().unwrap();
        assert_eq!(required(map).collect::<Vec<_>>(), ["a", "b"], "an object reads the same as its value");
    }
}
