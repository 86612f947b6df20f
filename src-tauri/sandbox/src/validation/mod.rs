//! FastAPI/pydantic v2 style request validation: `422 {"detail":[{loc,msg,type,...}]}`.
//!
//! The platform is a FastAPI service, so body, form and header validation failures have the
//! `HTTPValidationError` shape. Lengths are counted in Unicode code points, as Python's `len`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::{json, Map, Value};

mod fields;
pub(crate) use fields::FieldChecker;

/// One `ValidationError` entry.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ValidationIssue {
    pub loc: Vec<Value>,
    pub msg: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ctx: Option<Value>,
}

impl ValidationIssue {
    pub fn new(loc: &[&str], kind: &str, msg: impl Into<String>) -> ValidationIssue {
        ValidationIssue {
            loc: loc.iter().map(|p| Value::from(*p)).collect(),
            msg: msg.into(),
            kind: kind.to_string(),
            input: None,
            ctx: None,
        }
    }

    pub fn at(mut self, index: usize) -> ValidationIssue {
        self.loc.push(Value::from(index));
        self
    }

    pub fn with_input(mut self, input: Value) -> ValidationIssue {
        self.input = Some(input);
        self
    }

    pub fn missing(loc: &[&str]) -> ValidationIssue {
        ValidationIssue::new(loc, "missing", "Field required")
    }
}

/// A 422 `HTTPValidationError` response.
#[derive(Debug)]
pub struct ValidationFailure(pub Vec<ValidationIssue>);

impl IntoResponse for ValidationFailure {
    fn into_response(self) -> Response {
        (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({ "detail": self.0 }))).into_response()
    }
}

/// Parses a JSON request body the way FastAPI does before model validation.
pub(crate) fn json_object_body(body: &[u8]) -> Result<Map<String, Value>, Box<ValidationIssue>> {
    if body.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Box::new(ValidationIssue::missing(&["body"])));
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => Err(Box::new(
            ValidationIssue::new(
                &["body"],
                "model_attributes_type",
                "Input should be a valid dictionary or object to extract fields from",
            )
            .with_input(other),
        )),
        Err(error) => Err(Box::new(ValidationIssue {
            loc: vec![Value::from("body"), Value::from(error.column())],
            msg: "JSON decode error".into(),
            kind: "json_invalid".into(),
            input: Some(json!({})),
            ctx: Some(json!({ "error": error.to_string() })),
        })),
    }
}
