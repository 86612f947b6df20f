//! Field validators with pydantic v2 semantics (lax mode) and messages.

use serde_json::{json, Map, Value};

use super::ValidationIssue;

/// Collects issues for one object (a JSON body or a form).
pub(crate) struct FieldChecker<'a> {
    prefix: &'static str,
    fields: &'a Map<String, Value>,
    pub issues: Vec<ValidationIssue>,
}

fn chars(n: usize) -> &'static str {
    if n == 1 {
        "character"
    } else {
        "characters"
    }
}

impl<'a> FieldChecker<'a> {
    pub fn new(prefix: &'static str, fields: &'a Map<String, Value>) -> FieldChecker<'a> {
        FieldChecker { prefix, fields, issues: Vec::new() }
    }

    fn issue(&mut self, field: &str, kind: &str, msg: String, input: &Value, ctx: Option<Value>) {
        let mut issue = ValidationIssue::new(&[self.prefix, field], kind, msg).with_input(input.clone());
        issue.ctx = ctx;
        self.issues.push(issue);
    }

    /// `extra="forbid"`: every key must be declared.
    pub fn forbid_extra(&mut self, declared: &[&str]) {
        for (key, value) in self.fields {
            if !declared.contains(&key.as_str()) {
                let issue = ValidationIssue::new(
                    &[self.prefix, key],
                    "extra_forbidden",
                    "Extra inputs are not permitted",
                )
                .with_input(value.clone());
                self.issues.push(issue);
            }
        }
    }

    /// A string field with code-point length bounds. `nullable` accepts JSON null as absent.
    pub fn string(
        &mut self,
        field: &str,
        required: bool,
        nullable: bool,
        min: usize,
        max: usize,
    ) -> Option<String> {
        let value = match self.fields.get(field) {
            None => {
                if required {
                    self.issues.push(ValidationIssue::missing(&[self.prefix, field]).with_input(json!({})));
                }
                return None;
            }
            Some(Value::Null) if nullable => return None,
            Some(value) => value,
        };
        let Value::String(text) = value else {
            self.issue(field, "string_type", "Input should be a valid string".into(), value, None);
            return None;
        };
        let len = text.chars().count();
        if len < min {
            let msg = format!("String should have at least {min} {}", chars(min));
            self.issue(field, "string_too_short", msg, value, Some(json!({ "min_length": min })));
            return None;
        }
        if len > max {
            let msg = format!("String should have at most {max} {}", chars(max));
            self.issue(field, "string_too_long", msg, value, Some(json!({ "max_length": max })));
            return None;
        }
        Some(text.clone())
    }

    /// A float field in pydantic lax mode (numbers, numeric strings and booleans are accepted).
    pub fn number(&mut self, field: &str, min: Option<(f64, &str)>, max: Option<(f64, &str)>) -> Option<f64> {
        let value = self.fields.get(field)?;
        let parsed = match value {
            Value::Number(n) => n.as_f64(),
            Value::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
            Value::String(s) => match s.trim().parse::<f64>() {
                Ok(v) if v.is_finite() => Some(v),
                _ => {
                    let msg = "Input should be a valid number, unable to parse string as a number";
                    self.issue(field, "float_parsing", msg.into(), value, None);
                    return None;
                }
            },
            _ => None,
        };
        let Some(number) = parsed else {
            self.issue(field, "float_type", "Input should be a valid number".into(), value, None);
            return None;
        };
        if let Some((bound, shown)) = min {
            if number < bound {
                let msg = format!("Input should be greater than or equal to {shown}");
                self.issue(field, "greater_than_equal", msg, value, Some(json!({ "ge": bound })));
                return None;
            }
        }
        if let Some((bound, shown)) = max {
            if number > bound {
                let msg = format!("Input should be less than or equal to {shown}");
                self.issue(field, "less_than_equal", msg, value, Some(json!({ "le": bound })));
                return None;
            }
        }
        Some(number)
    }

    /// An integer field in pydantic lax mode.
    pub fn integer(&mut self, field: &str, min: Option<i64>, max: Option<i64>) -> Option<i64> {
        let value = self.fields.get(field)?;
        let parsed = match value {
            Value::Number(n) => match (n.as_i64(), n.as_f64()) {
                (Some(i), _) => Some(i),
                (None, Some(f)) if f.fract() == 0.0 && f.abs() < 9.0e15 => Some(f as i64),
                (None, Some(_)) => {
                    let msg = "Input should be a valid integer, got a number with a fractional part";
                    self.issue(field, "int_from_float", msg.into(), value, None);
                    return None;
                }
                _ => None,
            },
            Value::Bool(b) => Some(i64::from(*b)),
            Value::String(s) => match s.trim().parse::<i64>() {
                Ok(i) => Some(i),
                Err(_) => {
                    let msg = "Input should be a valid integer, unable to parse string as an integer";
                    self.issue(field, "int_parsing", msg.into(), value, None);
                    return None;
                }
            },
            _ => None,
        };
        let Some(number) = parsed else {
            self.issue(field, "int_type", "Input should be a valid integer".into(), value, None);
            return None;
        };
        if let Some(bound) = min.filter(|b| number < *b) {
            let msg = format!("Input should be greater than or equal to {bound}");
            self.issue(field, "greater_than_equal", msg, value, Some(json!({ "ge": bound })));
            return None;
        }
        if let Some(bound) = max.filter(|b| number > *b) {
            let msg = format!("Input should be less than or equal to {bound}");
            self.issue(field, "less_than_equal", msg, value, Some(json!({ "le": bound })));
            return None;
        }
        Some(number)
    }

    /// `Literal[...]` of integers.
    pub fn int_literal(&mut self, field: &str, allowed: &[i64]) -> Option<i64> {
        let value = self.fields.get(field)?;
        let as_int = match value {
            Value::Number(n) => {
                n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
            }
            _ => None,
        };
        match as_int {
            Some(v) if allowed.contains(&v) => Some(v),
            _ => {
                let expected = join_expected(&allowed.iter().map(|v| v.to_string()).collect::<Vec<_>>());
                let msg = format!("Input should be {expected}");
                self.issue(field, "literal_error", msg, value, Some(json!({ "expected": expected })));
                None
            }
        }
    }

    /// `Literal[...]` of strings.
    pub fn str_literal(&mut self, field: &str, allowed: &[&str]) -> Option<String> {
        let value = self.fields.get(field)?;
        match value {
            Value::String(s) if allowed.contains(&s.as_str()) => Some(s.clone()),
            _ => {
                let quoted: Vec<String> = allowed.iter().map(|v| format!("'{v}'")).collect();
                let expected = join_expected(&quoted);
                let msg = format!("Input should be {expected}");
                self.issue(field, "literal_error", msg, value, Some(json!({ "expected": expected })));
                None
            }
        }
    }

    /// A boolean in pydantic lax mode.
    pub fn boolean(&mut self, field: &str) -> Option<bool> {
        let value = self.fields.get(field)?;
        match value {
            Value::Bool(b) => Some(*b),
            Value::Number(n) if n.as_i64() == Some(0) => Some(false),
            Value::Number(n) if n.as_i64() == Some(1) => Some(true),
            Value::String(s) => match s.to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" | "y" | "on" | "t" => Some(true),
                "false" | "0" | "no" | "n" | "off" | "f" => Some(false),
                _ => {
                    let msg = "Input should be a valid boolean, unable to interpret input";
                    self.issue(field, "bool_parsing", msg.into(), value, None);
                    None
                }
            },
            _ => {
                self.issue(field, "bool_type", "Input should be a valid boolean".into(), value, None);
                None
            }
        }
    }

    /// A custom `@field_validator` failure (`value_error`).
    pub fn value_error(&mut self, field: &str, message: &str) {
        let value = self.fields.get(field).cloned().unwrap_or(Value::Null);
        let msg = format!("Value error, {message}");
        self.issue(field, "value_error", msg, &value, Some(json!({ "error": {} })));
    }
}

fn join_expected(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, Value};

    #[test]
    fn lengths_count_code_points() {
        let map: Map<String, Value> = serde_json::from_str(r#"{"a":"👨‍👩‍👧","b":"ab"}"#).unwrap_or_default();
        let mut checker = FieldChecker::new("body", &map);
        assert_eq!(checker.string("a", true, false, 1, 5).as_deref(), Some("👨‍👩‍👧"));
        assert_eq!(checker.string("a", true, false, 1, 4), None);
        assert_eq!(checker.issues[0].kind, "string_too_long");
        assert_eq!(checker.issues[0].msg, "String should have at most 4 characters");
    }

    #[test]
    fn literal_messages_match_pydantic() {
        let map: Map<String, Value> = serde_json::from_str(r#"{"c":3}"#).unwrap_or_default();
        let mut checker = FieldChecker::new("body", &map);
        assert_eq!(checker.int_literal("c", &[1, 2]), None);
        assert_eq!(checker.issues[0].msg, "Input should be 1 or 2");
    }
}
