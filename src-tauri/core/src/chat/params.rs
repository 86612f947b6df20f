//! Request options checked against the catalog entry: parameters only from
//! `parameterSpec` (type, range, enum), structured output only where the model declares
//! it, and a JSON Schema that is a JSON object.

use serde_json::{Map, Value};

use super::wire::{ChatOptions, OptionProblem, ProblemKind, ResponseFormatChoice};
use crate::models::wire::{ModelEntry, ParameterDef};

/// Largest JSON Schema accepted (it is sent with every request of the turn).
const MAX_SCHEMA_BYTES: usize = 64 * 1024;

fn problem(field: &str, problem: ProblemKind) -> OptionProblem {
    OptionProblem { field: field.to_owned(), problem }
}

fn numbers_equal(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

fn is_integer(value: &Value) -> bool {
    matches!(value, Value::Number(n) if n.is_i64() || n.is_u64())
}

/// One value against one declared parameter.
pub fn check_parameter(def: &ParameterDef, value: &Value) -> Option<ProblemKind> {
    if let Some(allowed) = &def.enum_values {
        if !allowed.iter().any(|a| numbers_equal(a, value)) {
            return Some(ProblemKind::NotInEnum { allowed: allowed.clone() });
        }
        return None;
    }
    let wrong = |expected: &str| Some(ProblemKind::WrongType { expected: expected.to_owned() });
    let number = match def.kind.as_str() {
        "integer" if is_integer(value) => value.as_f64(),
        "integer" => return wrong("integer"),
        "number" if value.is_number() => value.as_f64(),
        "number" => return wrong("number"),
        "string" if value.is_string() => return None,
        "string" => return wrong("string"),
        "boolean" if value.is_boolean() => return None,
        "boolean" => return wrong("boolean"),
        // A type this app does not know: the platform checks it.
        _ => return None,
    }?;
    match def.minimum {
        Some(minimum) if def.minimum_exclusive && number <= minimum => {
            return Some(ProblemKind::NotAboveMinimum { minimum })
        }
        Some(minimum) if number < minimum => return Some(ProblemKind::BelowMinimum { minimum }),
        _ => {}
    }
    match def.maximum {
        Some(maximum) if def.maximum_exclusive && number >= maximum => {
            return Some(ProblemKind::NotBelowMaximum { maximum })
        }
        Some(maximum) if number > maximum => return Some(ProblemKind::AboveMaximum { maximum }),
        _ => {}
    }
    def.multiple_of.filter(|step| !is_multiple(number, *step)).map(|step| ProblemKind::NotMultipleOf { step })
}

/// `number` is a whole number of `step`, up to the rounding of decimal fractions in binary
/// (0.3 is three steps of 0.1, though 0.3 / 0.1 is 2.9999999999999996).
fn is_multiple(number: f64, step: f64) -> bool {
    let steps = number / step;
    (steps - steps.round()).abs() <= 1e-9 * steps.abs().max(1.0)
}

/// Every problem with these options for this model; empty means they can be sent.
pub fn check_options(model: &ModelEntry, options: &ChatOptions) -> Vec<OptionProblem> {
    let mut problems = Vec::new();
    if !model.chat_capable {
        problems.push(problem("model", ProblemKind::NotChatCapable));
    }
    for (name, value) in &options.parameters {
        if value.is_null() {
            continue;
        }
        match model.parameters.iter().find(|p| &p.name == name) {
            None => problems.push(problem(name, ProblemKind::NotDeclared)),
            Some(def) => {
                if let Some(kind) = check_parameter(def, value) {
                    problems.push(problem(name, kind));
                }
            }
        }
    }
    let mode = model.structured_output_mode;
    match &options.response_format {
        ResponseFormatChoice::Text => {}
        ResponseFormatChoice::JsonObject if !mode.allows_json_object() => {
            problems.push(problem("responseFormat", ProblemKind::FormatUnsupported))
        }
        ResponseFormatChoice::JsonObject => {}
        ResponseFormatChoice::JsonSchema { .. } if !mode.allows_json_schema() => {
            problems.push(problem("responseFormat", ProblemKind::FormatUnsupported))
        }
        ResponseFormatChoice::JsonSchema { schema } => {
            if let Err(err) = parse_schema(schema) {
                problems.push(problem("schema", ProblemKind::SchemaInvalid { detail: err.to_string() }));
            }
        }
    }
    problems
}

/// Why a JSON Schema text is refused (its text is the problem's `detail`).
#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    #[error("the schema is larger than {limit} bytes")]
    TooLarge { limit: usize },
    #[error("the schema must be a JSON object")]
    NotAnObject,
    #[error("{0}")]
    NotJson(#[from] serde_json::Error),
}

/// The schema text as a JSON object.
pub fn parse_schema(text: &str) -> Result<Map<String, Value>, SchemaError> {
    if text.len() > MAX_SCHEMA_BYTES {
        return Err(SchemaError::TooLarge { limit: MAX_SCHEMA_BYTES });
    }
    match serde_json::from_str::<Value>(text)? {
        Value::Object(map) => Ok(map),
        _ => Err(SchemaError::NotAnObject),
    }
}

/// A one-line summary of problems for the error message of a refused send.
pub fn describe(problems: &[OptionProblem]) -> String {
    problems
        .iter()
        .map(|p| match &p.problem {
            ProblemKind::NotDeclared => format!("{} is not declared by the model's parameterSpec", p.field),
            ProblemKind::WrongType { expected } => format!("{} must be {expected}", p.field),
            ProblemKind::BelowMinimum { minimum } => format!("{} must be at least {minimum}", p.field),
            ProblemKind::AboveMaximum { maximum } => format!("{} must be at most {maximum}", p.field),
            ProblemKind::NotAboveMinimum { minimum } => format!("{} must be more than {minimum}", p.field),
            ProblemKind::NotBelowMaximum { maximum } => format!("{} must be less than {maximum}", p.field),
            ProblemKind::NotMultipleOf { step } => format!("{} must be a multiple of {step}", p.field),
            ProblemKind::NotInEnum { allowed } => {
                format!("{} must be one of {}", p.field, Value::Array(allowed.clone()))
            }
            ProblemKind::FormatUnsupported => {
                "the model does not declare this structured-output mode".to_owned()
            }
            ProblemKind::SchemaInvalid { detail } => format!("the JSON Schema is not valid: {detail}"),
            ProblemKind::NotChatCapable => "the model does not output text".to_owned(),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::models::parse::entry;

    fn options(params: Value, format: ResponseFormatChoice) -> ChatOptions {
        ChatOptions {
            model_code: "m".into(),
            system_prompt: String::new(),
            parameters: serde_json::from_value(params).unwrap(),
            response_format: format,
        }
    }

    fn model(mode: &str, spec: Value) -> ModelEntry {
        entry(&json!({"modelCode": "m", "outputsText": true, "structuredOutputMode": mode, "parameterSpec": spec}))
            .unwrap()
    }

    fn kinds(problems: Vec<OptionProblem>) -> Vec<(String, ProblemKind)> {
        problems.into_iter().map(|p| (p.field, p.problem)).collect()
    }

    #[test]
    fn parameters_are_checked_for_type_range_and_enum() {
        let spec = json!({
            "temperature": {"type": "number", "minimum": 0, "maximum": 2},
            "max_tokens": {"type": "integer", "minimum": 1, "maximum": 8192},
            "detail": {"type": "string", "enum": ["low", "high"]},
        });
        let m = model("prompt", spec);
        let ok = options(
            json!({"temperature": 0.5, "max_tokens": 100, "detail": "low"}),
            ResponseFormatChoice::Text,
        );
        assert!(check_options(&m, &ok).is_empty());
        let bad = options(
            json!({"temperature": 2.5, "max_tokens": 1.5, "detail": "medium", "seed": 1, "top_p": null}),
            ResponseFormatChoice::Text,
        );
        let found = kinds(check_options(&m, &bad));
        assert!(found.contains(&("temperature".into(), ProblemKind::AboveMaximum { maximum: 2.0 })));
        assert!(found.contains(&("max_tokens".into(), ProblemKind::WrongType { expected: "integer".into() })));
        assert!(found.contains(&(
            "detail".into(),
            ProblemKind::NotInEnum { allowed: vec![json!("low"), json!("high")] }
        )));
        assert!(found.contains(&("seed".into(), ProblemKind::NotDeclared)), "only parameterSpec parameters");
        assert_eq!(found.len(), 4, "a null value means 'not set': {found:?}");
        let low = options(json!({"max_tokens": 0, "temperature": "0.3"}), ResponseFormatChoice::Text);
        let found = kinds(check_options(&m, &low));
        assert!(found.contains(&("max_tokens".into(), ProblemKind::BelowMinimum { minimum: 1.0 })));
        assert!(found.contains(&("temperature".into(), ProblemKind::WrongType { expected: "number".into() })));
    }

    #[test]
    fn a_null_or_empty_spec_allows_no_parameters() {
        let legacy = entry(&json!({"modelCode": "m", "outputsText": true, "parameterSpec": null})).unwrap();
        let found =
            kinds(check_options(&legacy, &options(json!({"temperature": 1}), ResponseFormatChoice::Text)));
        assert_eq!(found, vec![("temperature".into(), ProblemKind::NotDeclared)]);
        let empty = model("prompt", json!({}));
        assert_eq!(check_options(&empty, &options(json!({"top_p": 1}), ResponseFormatChoice::Text)).len(), 1);
    }

    #[test]
    fn structured_output_only_where_declared() {
        let schema = ResponseFormatChoice::JsonSchema { schema: r#"{"type":"object"}"#.into() };
        let prompt = model("prompt", json!({}));
        assert_eq!(check_options(&prompt, &options(json!({}), ResponseFormatChoice::JsonObject)).len(), 1);
        let object = model("json_object", json!({}));
        assert!(check_options(&object, &options(json!({}), ResponseFormatChoice::JsonObject)).is_empty());
        assert_eq!(check_options(&object, &options(json!({}), schema.clone())).len(), 1);
        let full = model("json_schema", json!({}));
        assert!(check_options(&full, &options(json!({}), schema)).is_empty());
        assert!(check_options(&full, &options(json!({}), ResponseFormatChoice::JsonObject)).is_empty());
        let broken = ResponseFormatChoice::JsonSchema { schema: "[1, 2]".into() };
        assert!(matches!(
            check_options(&full, &options(json!({}), broken))[0].problem,
            ProblemKind::SchemaInvalid { .. }
        ));
    }

    #[test]
    fn enum_numbers_compare_by_value() {
        let m = model("prompt", json!({"duration": {"type": "integer", "enum": [5, 10]}}));
        assert!(check_options(&m, &options(json!({"duration": 10}), ResponseFormatChoice::Text)).is_empty());
        assert_eq!(check_options(&m, &options(json!({"duration": 7}), ResponseFormatChoice::Text)).len(), 1);
    }
}
