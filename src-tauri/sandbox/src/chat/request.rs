//! Parsing a Chat Completions request: structure problems are FastAPI 422s, semantic ones
//! (parameters outside `parameterSpec`, unsupported `response_format`) are envelope errors.

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::envelope::PlatformError;
use crate::seed::{CatalogModel, StructuredOutputMode};
use crate::validation::{json_object_body, FieldChecker, ValidationIssue};

const ROLES: [&str; 4] = ["system", "user", "assistant", "tool"];
/// Body keys that are not model parameters.
const NON_PARAMETERS: [&str; 5] = ["model", "messages", "stream", "response_format", "stream_options"];

#[derive(Clone, Debug)]
pub(crate) struct Message {
    pub role: String,
    pub text: String,
    pub has_image: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ResponseFormat {
    Text,
    JsonObject,
    JsonSchema(Value),
}

#[derive(Clone, Debug)]
pub(crate) struct ChatRequest {
    pub model: String,
    pub messages: Vec<Message>,
    pub stream: bool,
    pub response_format: ResponseFormat,
    body: Map<String, Value>,
}

/// Validates headers and body together, as FastAPI reports all problems at once.
pub(crate) fn parse(body: &[u8], has_request_id: bool) -> Result<ChatRequest, PlatformError> {
    let mut issues = Vec::new();
    if !has_request_id {
        issues.push(ValidationIssue::missing(&["header", "X-Request-ID"]));
    }
    let map = match json_object_body(body) {
        Ok(map) => map,
        Err(issue) => {
            issues.push(*issue);
            return Err(PlatformError::Validation(issues));
        }
    };
    let mut checker = FieldChecker::new("body", &map);
    let model = checker.string("model", true, false, 1, 200);
    let stream = checker.boolean("stream").unwrap_or(false);
    issues.append(&mut checker.issues);
    let messages = parse_messages(map.get("messages"), &mut issues);
    if !issues.is_empty() {
        return Err(PlatformError::Validation(issues));
    }
    let response_format = parse_response_format(map.get("response_format"))?;
    Ok(ChatRequest { model: model.unwrap_or_default(), messages, stream, response_format, body: map })
}

fn parse_messages(value: Option<&Value>, issues: &mut Vec<ValidationIssue>) -> Vec<Message> {
    let Some(value) = value else {
        issues.push(ValidationIssue::missing(&["body", "messages"]));
        return Vec::new();
    };
    let Value::Array(items) = value else {
        issues.push(
            ValidationIssue::new(&["body", "messages"], "list_type", "Input should be a valid list")
                .with_input(value.clone()),
        );
        return Vec::new();
    };
    if items.is_empty() {
        let msg = "List should have at least 1 item after validation, not 0";
        issues.push(ValidationIssue::new(&["body", "messages"], "too_short", msg).with_input(value.clone()));
    }
    let mut messages = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Value::Object(fields) = item else {
            let msg = "Input should be a valid dictionary or instance of ChatMessage";
            issues.push(
                ValidationIssue::new(&["body", "messages"], "model_type", msg)
                    .at(index)
                    .with_input(item.clone()),
            );
            continue;
        };
        let role = fields.get("role");
        match role {
            None => issues.push(ValidationIssue::missing(&["body", "messages"]).at(index).with_loc("role")),
            Some(Value::String(r)) if ROLES.contains(&r.as_str()) => {}
            Some(other) => {
                let msg = "Input should be 'system', 'user', 'assistant' or 'tool'";
                issues.push(
                    ValidationIssue::new(&["body", "messages"], "literal_error", msg)
                        .at(index)
                        .with_loc("role")
                        .with_input(other.clone()),
                );
            }
        }
        let Some(content) = fields.get("content") else {
            issues.push(ValidationIssue::missing(&["body", "messages"]).at(index).with_loc("content"));
            continue;
        };
        let (text, has_image) = content_text(content);
        let role = role.and_then(Value::as_str).unwrap_or_default().to_string();
        messages.push(Message { role, text, has_image });
    }
    messages
}

impl ValidationIssue {
    fn with_loc(mut self, part: &str) -> ValidationIssue {
        self.loc.push(Value::from(part));
        self
    }
}

/// Text of a message: a string, or OpenAI-style content parts (`text`, `image_url`).
fn content_text(content: &Value) -> (String, bool) {
    match content {
        Value::String(text) => (text.clone(), false),
        Value::Array(parts) => {
            let mut text = String::new();
            let mut has_image = false;
            for part in parts {
                match part.get("type").and_then(Value::as_str) {
                    Some("text") => {
                        if let Some(t) = part.get("text").and_then(Value::as_str) {
                            if !text.is_empty() {
                                text.push('\n');
                            }
                            text.push_str(t);
                        }
                    }
                    Some("image_url") | Some("image") => has_image = true,
                    _ => {}
                }
            }
            (text, has_image)
        }
        Value::Null => (String::new(), false),
        other => (other.to_string(), false),
    }
}

fn parse_response_format(value: Option<&Value>) -> Result<ResponseFormat, PlatformError> {
    let invalid = |m: &str| PlatformError::ModelParameterInvalid(m.to_string());
    let Some(value) = value.filter(|v| !v.is_null()) else {
        return Ok(ResponseFormat::Text);
    };
    match value.get("type").and_then(Value::as_str) {
        Some("text") => Ok(ResponseFormat::Text),
        Some("json_object") => Ok(ResponseFormat::JsonObject),
        Some("json_schema") => {
            let schema = value.pointer("/json_schema/schema").filter(|s| s.is_object());
            schema
                .cloned()
                .map(ResponseFormat::JsonSchema)
                .ok_or_else(|| invalid("response_format.json_schema.schema must be a JSON Schema object"))
        }
        _ => Err(invalid("response_format.type must be text, json_object or json_schema")),
    }
}

impl ChatRequest {
    /// The last user message (what the deterministic reply is about).
    pub fn prompt(&self) -> &str {
        self.messages.iter().rev().find(|m| m.role == "user").map(|m| m.text.as_str()).unwrap_or("")
    }

    pub fn has_image(&self) -> bool {
        self.messages.iter().any(|m| m.has_image)
    }

    /// The request's `max_tokens`, when it sets a whole number.
    pub fn max_tokens(&self) -> Option<u64> {
        self.body.get("max_tokens").and_then(Value::as_u64)
    }

    /// Identifies "the same request" for idempotent replay: everything but `stream`.
    pub fn fingerprint(&self) -> String {
        let mut body = self.body.clone();
        body.remove("stream");
        body.remove("stream_options");
        let bytes = serde_json::to_vec(&body).unwrap_or_default();
        Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Checks model parameters against the catalog's `parameterSpec` and the requested
    /// `response_format` against `structuredOutputMode`.
    pub fn check_against(&self, model: &CatalogModel) -> Result<(), PlatformError> {
        let mode = model.structured_output_mode();
        let unsupported = |what: &str| {
            PlatformError::StructuredOutputUnsupported(format!(
                "{} does not support response_format {what}",
                model.code
            ))
        };
        match (&self.response_format, mode) {
            (ResponseFormat::JsonObject, StructuredOutputMode::Prompt) => {
                return Err(unsupported("json_object"))
            }
            (
                ResponseFormat::JsonSchema(_),
                StructuredOutputMode::Prompt | StructuredOutputMode::JsonObject,
            ) => return Err(unsupported("json_schema")),
            _ => {}
        }
        let Some(spec) = model.parameter_spec() else {
            return Ok(());
        };
        for (name, value) in &self.body {
            if NON_PARAMETERS.contains(&name.as_str()) || value.is_null() {
                continue;
            }
            if let Some(rule) = spec.get(name) {
                check_parameter(name, value, rule)?;
            }
        }
        Ok(())
    }
}

impl ChatRequest {
    /// The strict reading (`Reading::StrictRequestFields`): only the documented request
    /// fields and the model's declared `parameterSpec` keys may appear in the body.
    pub fn check_only_declared_fields(&self, model: &CatalogModel) -> Result<(), PlatformError> {
        const DOCUMENTED: [&str; 4] = ["model", "messages", "stream", "response_format"];
        let spec = model.parameter_spec();
        for name in self.body.keys() {
            let declared = spec.is_some_and(|spec| spec.contains_key(name));
            if !DOCUMENTED.contains(&name.as_str()) && !declared {
                return Err(PlatformError::ModelParameterInvalid(format!(
                    "{name} is not a documented request field or a parameter of {}",
                    model.code
                )));
            }
        }
        Ok(())
    }
}

/// A bound as a number: JSON number or decimal text (`"2"`, READINGS G7).
fn bound(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|n| n.is_finite()),
        _ => None,
    }
}

/// `{value, label}` entries of an `enum` stand for their `value`.
fn enum_value(entry: &Value) -> &Value {
    entry.as_object().and_then(|o| o.get("value")).unwrap_or(entry)
}

fn same_value(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

fn check_parameter(name: &str, value: &Value, rule: &Value) -> Result<(), PlatformError> {
    let fail = |why: String| Err(PlatformError::ModelParameterInvalid(format!("{name} {why}")));
    if let Some(fixed) = rule.get("const") {
        if !same_value(fixed, value) {
            return fail(format!("must be {fixed}"));
        }
        return Ok(());
    }
    if let Some(allowed) = rule.get("enum").and_then(Value::as_array) {
        if !allowed.iter().any(|a| same_value(enum_value(a), value)) {
            let values: Vec<Value> = allowed.iter().map(|a| enum_value(a).clone()).collect();
            return fail(format!("must be one of {}", Value::Array(values)));
        }
        return Ok(());
    }
    let kind = match rule.get("type") {
        Some(Value::Array(types)) => {
            types.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap_or("")
        }
        Some(Value::String(t)) => t.as_str(),
        _ => "",
    };
    let number = match (kind, value) {
        ("integer", Value::Number(n)) if n.is_i64() || n.is_u64() => n.as_f64(),
        ("integer", _) => return fail("must be an integer".into()),
        ("number", Value::Number(n)) => n.as_f64(),
        ("number", _) => return fail("must be a number".into()),
        ("string", Value::String(_)) | ("boolean", Value::Bool(_)) => return Ok(()),
        ("string", _) => return fail("must be a string".into()),
        ("boolean", _) => return fail("must be a boolean".into()),
        _ => return Ok(()),
    };
    let number = number.unwrap_or(f64::NAN);
    // Draft 4 writes an exclusive bound as `exclusiveMinimum: true` beside `minimum`.
    let flag = |key: &str| rule.get(key).and_then(Value::as_bool) == Some(true);
    if let Some(min) = bound(rule.get("minimum")) {
        if number < min || (flag("exclusiveMinimum") && number == min) {
            return fail(format!(
                "must be {} {min}",
                if flag("exclusiveMinimum") { "more than" } else { "at least" }
            ));
        }
    }
    if let Some(max) = bound(rule.get("maximum")) {
        if number > max || (flag("exclusiveMaximum") && number == max) {
            return fail(format!(
                "must be {} {max}",
                if flag("exclusiveMaximum") { "less than" } else { "at most" }
            ));
        }
    }
    if let Some(min) = bound(rule.get("exclusiveMinimum")).filter(|min| number <= *min) {
        return fail(format!("must be more than {min}"));
    }
    if let Some(max) = bound(rule.get("exclusiveMaximum")).filter(|max| number >= *max) {
        return fail(format!("must be less than {max}"));
    }
    if let Some(step) = bound(rule.get("multipleOf")).filter(|s| *s > 0.0) {
        let steps = number / step;
        if (steps - steps.round()).abs() > 1e-9 * steps.abs().max(1.0) {
            return fail(format!("must be a multiple of {step}"));
        }
    }
    Ok(())
}
