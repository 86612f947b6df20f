//! Tolerant parsing of catalog entries. The platform has shipped more than one shape:
//! `acceptsText`/`acceptsImage` and the older `inputsText`/`inputsImage`, model types
//! outside the documented enum, no `structuredOutputMode` (meaning `prompt`), and
//! `parameterSpec` as `null`, `{}` or a map. Nothing here fails on an unexpected value:
//! what cannot be understood is shown as it came, in the raw JSON view.

use serde_json::{Map, Value};

use super::wire::{ModelEntry, ParameterDef, ParameterSpecState, StructuredOutputMode};
use crate::foundation::json_schema;
use crate::foundation::reading::{describe, ReadReport};

fn normalise_word(raw: &str) -> String {
    crate::foundation::reading::normalise_word(raw)
}

const KNOWN_FIELDS: [&str; 15] = [
    "modelCode",
    "displayName",
    "modelType",
    "acceptsText",
    "acceptsImage",
    "acceptsFile",
    "inputsText",
    "inputsImage",
    "outputsText",
    "outputsImage",
    "outputsAudio",
    "outputsVideo",
    "parameterSchemaVersion",
    "parameterSpec",
    "structuredOutputMode",
];

/// Longest text kept from one string field (names, descriptions): a catalog is data
/// to show, not a place to put megabytes.
const MAX_TEXT: usize = 512;

fn text(value: Option<&Value>) -> Option<String> {
    value.and_then(Value::as_str).map(|s| s.chars().take(MAX_TEXT).collect())
}

fn flag(entry: &Map<String, Value>, name: &str, older: Option<&str>) -> Option<bool> {
    entry
        .get(name)
        .and_then(Value::as_bool)
        .or_else(|| older.and_then(|o| entry.get(o)).and_then(Value::as_bool))
}

/// The mode in any case (`JSON_SCHEMA`, `jsonSchema`: READINGS G10). A mode added later
/// (`tool_call`) never grants native JSON; the raw view shows what was sent.
fn structured_mode(value: Option<&Value>) -> (StructuredOutputMode, bool) {
    let Some(mode) = value.and_then(Value::as_str) else {
        return (StructuredOutputMode::Prompt, false);
    };
    match normalise_word(mode).as_str() {
        "json_schema" => (StructuredOutputMode::JsonSchema, true),
        "json_object" => (StructuredOutputMode::JsonObject, true),
        _ => (StructuredOutputMode::Prompt, true),
    }
}

/// A bound as a number: a JSON number or decimal text (`"2"`, READINGS G7). Anything else
/// is no bound this app can keep (the platform still checks it).
fn bound(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|n| n.is_finite()),
        _ => None,
    }
}

/// The tighter of an inclusive bound and an exclusive one (`tighter(a, b)` is true when `b`
/// is at least as tight as `a`), and whether it is exclusive.
fn bound_of(
    rule: &Map<String, Value>,
    inclusive: &str,
    exclusive: &str,
    tighter: fn(f64, f64) -> bool,
) -> (Option<f64>, bool) {
    let plain = bound(rule.get(inclusive));
    // Draft 4: `exclusiveMinimum: true` makes `minimum` exclusive.
    if rule.get(exclusive).and_then(Value::as_bool) == Some(true) {
        return (plain, plain.is_some());
    }
    match (plain, bound(rule.get(exclusive))) {
        (Some(p), Some(e)) if tighter(p, e) => (Some(e), true),
        (Some(p), _) => (Some(p), false),
        (None, Some(e)) => (Some(e), true),
        (None, None) => (None, false),
    }
}

/// `enum` entries, `{value, label}` read as their value with its label; `const` as the one
/// allowed value.
fn choices(rule: &Map<String, Value>) -> (Option<Vec<Value>>, Option<Vec<Option<String>>>) {
    if let Some(fixed) = rule.get("const") {
        return (Some(vec![fixed.clone()]), Some(vec![text(rule.get("title"))]));
    }
    let Some(list) = rule.get("enum").and_then(Value::as_array) else {
        return (None, None);
    };
    let (values, labels) = list
        .iter()
        .map(|entry| match entry.as_object().filter(|o| o.contains_key("value")) {
            Some(choice) => (
                choice["value"].clone(),
                text(choice.get("label").or_else(|| choice.get("title")).or_else(|| choice.get("name"))),
            ),
            None => (entry.clone(), None),
        })
        .unzip();
    (Some(values), Some(labels))
}

fn parameter(name: &str, rule: &Value) -> ParameterDef {
    let empty = Map::new();
    let rule = rule.as_object().unwrap_or(&empty);
    let (kind, null_listed) = match rule.get("type") {
        Some(Value::String(t)) => (t.clone(), t == "null"),
        // `["number", "null"]`: the first non-null type.
        Some(Value::Array(types)) => (
            types.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap_or_default().to_owned(),
            types.iter().any(|t| t == "null"),
        ),
        _ => (String::new(), false),
    };
    let (minimum, minimum_exclusive) = bound_of(rule, "minimum", "exclusiveMinimum", |p, e| e >= p);
    let (maximum, maximum_exclusive) = bound_of(rule, "maximum", "exclusiveMaximum", |p, e| e <= p);
    let (enum_values, enum_labels) = choices(rule);
    ParameterDef {
        name: name.chars().take(MAX_TEXT).collect(),
        kind,
        minimum,
        minimum_exclusive,
        maximum,
        maximum_exclusive,
        multiple_of: bound(rule.get("multipleOf")).filter(|m| *m > 0.0),
        nullable: null_listed || rule.get("nullable").and_then(Value::as_bool) == Some(true),
        enum_values,
        enum_labels,
        default: rule.get("default").cloned(),
        description: text(rule.get("description")),
        required: false,
    }
}

/// A JSON Schema object describing the parameters: `properties` holds the rules.
fn is_json_schema(map: &Map<String, Value>) -> bool {
    map.get("properties").is_some_and(Value::is_object)
        && (map.get("type").and_then(Value::as_str) == Some("object")
            || map.contains_key("additionalProperties")
            || map.contains_key("$schema"))
}

/// The docs show version 1 only and fix no meaning for other numbers (catalogs send 2 and 3
/// with the same map form), so the spec is read by its form. Only a form this app can't read
/// is put down to the version.
fn known_version(version: Option<i64>) -> bool {
    matches!(version, None | Some(1))
}

/// `parameterSpec` as declared parameters (sorted by name for a stable display), in either
/// form: a map of rules, or a JSON Schema object (`type`/`properties`/`required`).
pub fn parameter_spec(
    version: Option<i64>,
    value: Option<&Value>,
) -> (ParameterSpecState, Vec<ParameterDef>) {
    let unreadable = || {
        if known_version(version) {
            ParameterSpecState::Malformed
        } else {
            ParameterSpecState::UnknownVersion
        }
    };
    let mut params: Vec<ParameterDef> = match value {
        None | Some(Value::Null) => return (ParameterSpecState::Null, Vec::new()),
        Some(Value::Object(map)) if map.is_empty() => return (ParameterSpecState::Empty, Vec::new()),
        Some(Value::Object(map)) if is_json_schema(map) => {
            let required: Vec<&str> = json_schema::required(map).collect();
            json_schema::properties(map)
                .map(|(k, v)| ParameterDef { required: required.contains(&k.as_str()), ..parameter(k, v) })
                .collect()
        }
        Some(Value::Object(map)) if map.values().any(Value::is_object) => {
            map.iter().map(|(k, v)| parameter(k, v)).collect()
        }
        Some(_) => return (unreadable(), Vec::new()),
    };
    params.sort_by(|a, b| a.name.cmp(&b.name));
    (ParameterSpecState::Declared, params)
}

/// One entry, or `None` when it has no usable `modelCode`.
pub fn entry(value: &Value) -> Option<ModelEntry> {
    let map = value.as_object()?;
    let model_code = text(map.get("modelCode")).filter(|c| !c.trim().is_empty())?;
    let display_name =
        text(map.get("displayName")).filter(|n| !n.trim().is_empty()).unwrap_or_else(|| model_code.clone());
    let model_type = match map.get("modelType") {
        Some(Value::String(t)) => t.chars().take(MAX_TEXT).collect(),
        Some(Value::Null) | None => String::new(),
        Some(other) => other.to_string().chars().take(MAX_TEXT).collect(),
    };
    let (structured_output_mode, structured_output_declared) =
        structured_mode(map.get("structuredOutputMode"));
    let schema_version = map.get("parameterSchemaVersion").and_then(Value::as_i64);
    let (spec_state, parameters) = parameter_spec(schema_version, map.get("parameterSpec"));
    let legacy_spellings = ["inputsText", "inputsImage"].iter().any(|k| map.contains_key(*k));
    let unknown_fields = map.keys().filter(|k| !KNOWN_FIELDS.contains(&k.as_str())).cloned().collect();
    // `outputsText` is optional in `ModelCatalogItem`: an `llm`/`chat` model without it
    // writes text (that is what those types are), and the detail says it was inferred.
    let declared_text = flag(map, "outputsText", None);
    let text_type = matches!(normalise_word(&model_type).as_str(), "llm" | "chat");
    let outputs_text_inferred = declared_text.is_none() && text_type;
    let outputs_text = if outputs_text_inferred { Some(true) } else { declared_text };
    Some(ModelEntry {
        display_name,
        model_type,
        accepts_text: flag(map, "acceptsText", Some("inputsText")),
        accepts_image: flag(map, "acceptsImage", Some("inputsImage")),
        accepts_file: flag(map, "acceptsFile", None),
        outputs_text,
        outputs_image: flag(map, "outputsImage", None),
        outputs_audio: flag(map, "outputsAudio", None),
        outputs_video: flag(map, "outputsVideo", None),
        structured_output_mode,
        structured_output_declared,
        parameter_schema_version: schema_version,
        parameter_spec: spec_state,
        parameters,
        legacy_spellings,
        unknown_fields,
        raw_json: serde_json::to_string_pretty(value).unwrap_or_default(),
        chat_capable: outputs_text == Some(true),
        outputs_text_inferred,
        model_code,
    })
}

/// The items of a catalog answer: a bare array (Personal), or an object with `items`
/// (Team; also accepted for Personal, should the platform wrap it). Returns the entries
/// and how many were skipped.
pub fn items(data: &Value) -> (Vec<ModelEntry>, u32) {
    let (items, skipped, _) = read_items(data);
    (items, skipped)
}

/// The names a catalog's list may have (beside the common wrappers), for its reader and
/// for reading it in pages.
pub const CATALOG_LISTS: &[&str] = &["items", "models"];

/// `items`, plus how the answer was read (wrapper, entries whose `outputsText` was
/// inferred, entries skipped).
pub fn read_items(data: &Value) -> (Vec<ModelEntry>, u32, ReadReport) {
    let (list, mut report) = match crate::foundation::reading::find_list(data, CATALOG_LISTS) {
        Some((list, shape)) => (list, ReadReport::new(shape)),
        None => {
            let mut r = ReadReport::new("no list");
            r.unrecognised(format!("catalog = {}", describe(data)));
            (&[][..], r)
        }
    };
    let mut skipped = 0;
    let mut out = Vec::with_capacity(list.len());
    for value in list {
        match entry(value) {
            Some(model) if !out.iter().any(|m: &ModelEntry| m.model_code == model.model_code) => {
                if model.outputs_text_inferred {
                    report.missing(format!("{}.outputsText (inferred: text)", model.model_code));
                }
                out.push(model)
            }
            _ => skipped += 1,
        }
    }
    if skipped > 0 {
        report.missing(format!("modelCode ({skipped} entries skipped)"));
    }
    (out, skipped, report)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn documented_example_with_older_spellings() {
        let value = json!({ "modelCode": "othan-2.0", "displayName": "Othan 2.0", "modelType": "chat", "inputsText": true,
            "inputsImage": true, "outputsText": true, "structuredOutputMode": "prompt", "outputsImage": false,
            "parameterSchemaVersion": 1, "parameterSpec": { "temperature": { "type": "number", "minimum": 0, "maximum": 2 } } });
        let model = entry(&value).unwrap();
        assert_eq!(model.accepts_text, Some(true));
        assert_eq!(model.accepts_image, Some(true));
        assert!(model.legacy_spellings);
        assert_eq!(model.model_type, "chat");
        assert!(model.chat_capable);
        assert_eq!(model.parameter_spec, ParameterSpecState::Declared);
        assert_eq!(model.parameters[0].name, "temperature");
        assert_eq!(model.parameters[0].maximum, Some(2.0));
    }

    #[test]
    fn newer_spellings_win_over_older_ones() {
        let model = entry(&json!({"modelCode": "m", "acceptsImage": false, "inputsImage": true})).unwrap();
        assert_eq!(model.accepts_image, Some(false));
        assert_eq!(model.display_name, "m", "a missing displayName falls back to the code");
    }

    #[test]
    fn a_missing_structured_output_mode_means_prompt() {
        let model = entry(&json!({"modelCode": "m", "supportsJson": true})).unwrap();
        assert_eq!(model.structured_output_mode, StructuredOutputMode::Prompt);
        assert!(!model.structured_output_declared);
        assert_eq!(
            model.unknown_fields,
            vec!["supportsJson".to_owned()],
            "legacy supportsJson is not a declaration"
        );
        let odd = entry(&json!({"modelCode": "m", "structuredOutputMode": "xml"})).unwrap();
        assert_eq!(odd.structured_output_mode, StructuredOutputMode::Prompt);
        assert!(odd.raw_json.contains("xml"));
    }

    #[test]
    fn a_missing_outputs_text_on_a_chat_or_llm_model_means_text_inferred() {
        for kind in ["chat", "llm", "LLM"] {
            let model = entry(&json!({"modelCode": "m", "modelType": kind})).unwrap();
            assert_eq!(model.outputs_text, Some(true), "{kind}");
            assert!(model.outputs_text_inferred && model.chat_capable, "{kind}");
        }
        let declared = entry(&json!({"modelCode": "m", "modelType": "chat", "outputsText": false})).unwrap();
        assert!(!declared.chat_capable && !declared.outputs_text_inferred, "a declared false is kept");
        let image = entry(&json!({"modelCode": "m", "modelType": "image"})).unwrap();
        assert_eq!(
            (image.outputs_text, image.chat_capable),
            (None, false),
            "nothing inferred for other types"
        );
    }

    #[test]
    fn model_types_outside_the_enum_are_kept_as_sent() {
        let model = entry(&json!({"modelCode": "m", "modelType": "audio", "outputsAudio": true})).unwrap();
        assert_eq!(model.model_type, "audio");
        assert!(!model.chat_capable);
    }

    #[test]
    fn parameter_spec_may_be_null_empty_or_odd() {
        assert_eq!(parameter_spec(None, Some(&Value::Null)).0, ParameterSpecState::Null);
        assert_eq!(parameter_spec(None, None).0, ParameterSpecState::Null);
        assert_eq!(parameter_spec(None, Some(&json!({}))).0, ParameterSpecState::Empty);
        assert_eq!(parameter_spec(None, Some(&json!([1]))).0, ParameterSpecState::Malformed);
        let (_, params) = parameter_spec(
            None,
            Some(&json!({"detail": {"type": "string", "enum": ["low", "high"]}, "x": 5})),
        );
        assert_eq!(params[0].enum_values.as_ref().map(Vec::len), Some(2));
        assert_eq!(params[1].kind, "", "a rule that is not an object is shown without a type");
    }

    /// READINGS G7: the tighter of an inclusive and an exclusive bound, draft 4's boolean
    /// form, bounds as text, `{value, label}` enums, `const`, `null` in `type`; a bound that is
    /// no number is no bound.
    #[test]
    fn parameter_keywords_in_every_form_are_read() {
        let (_, params) = parameter_spec(
            None,
            Some(&json!({
                "a": {"type": "number", "minimum": 1, "exclusiveMinimum": 0, "maximum": "2", "exclusiveMaximum": 2},
                "b": {"type": ["integer", "null"], "minimum": 0, "exclusiveMinimum": true, "multipleOf": "5"},
                "c": {"enum": [{"value": "x", "label": "Ex"}, "y"], "x-widget": "radio"},
                "d": {"const": true, "maximum": "lots"},
            })),
        );
        let (a, b, c, d) = (&params[0], &params[1], &params[2], &params[3]);
        assert_eq!(
            (a.minimum, a.minimum_exclusive, a.maximum, a.maximum_exclusive),
            (Some(1.0), false, Some(2.0), true)
        );
        assert_eq!(
            (b.minimum, b.minimum_exclusive, b.multiple_of, b.nullable, &*b.kind),
            (Some(0.0), true, Some(5.0), true, "integer")
        );
        assert_eq!(c.enum_values, Some(vec![json!("x"), json!("y")]));
        assert_eq!(c.enum_labels, Some(vec![Some("Ex".to_owned()), None]));
        assert_eq!((d.enum_values.clone(), d.maximum), (Some(vec![json!(true)]), None));
    }

    /// Issue 24: a JSON Schema `parameterSpec` (another version's form) is read into the same
    /// parameters, not listed as `additionalProperties`, `properties` and `type`.
    #[test]
    fn a_json_schema_parameter_spec_reads_as_its_properties() {
        let spec = json!({ "type": "object", "additionalProperties": false, "required": ["max_tokens"],
            "properties": { "temperature": { "type": "number", "minimum": 0, "maximum": 2, "default": 0.7 },
                "max_tokens": { "type": "integer", "minimum": 1, "maximum": 8192 },
                "detail": { "type": "string", "enum": ["low", "high"], "description": "Image detail" } } });
        for version in [Some(2), Some(1), None, Some(7)] {
            let (state, params) = parameter_spec(version, Some(&spec));
            assert_eq!(state, ParameterSpecState::Declared, "{version:?}");
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            assert_eq!(names, ["detail", "max_tokens", "temperature"], "{version:?}");
            assert_eq!(params[2].maximum, Some(2.0));
            assert!(params[1].required && !params[2].required);
            assert_eq!(params[0].enum_values.as_ref().map(Vec::len), Some(2));
        }
    }

    /// A form no reader knows is put down to an unknown version (shown with the raw spec, no
    /// parameters); under version 1 the same is malformed.
    #[test]
    fn an_unreadable_spec_under_another_version_is_an_unknown_version() {
        let list = json!([{ "name": "temperature", "type": "number" }]);
        assert_eq!(parameter_spec(Some(99), Some(&list)), (ParameterSpecState::UnknownVersion, Vec::new()));
        assert_eq!(parameter_spec(Some(1), Some(&list)).0, ParameterSpecState::Malformed);
        assert_eq!(parameter_spec(Some(99), Some(&json!({ "a": 1 }))).0, ParameterSpecState::UnknownVersion);
    }

    #[test]
    fn unusable_entries_are_counted_not_fatal() {
        let (items, skipped) =
            items(&json!([{"modelCode": "a"}, {"displayName": "no code"}, 7, {"modelCode": "a"}]));
        assert_eq!(items.len(), 1);
        assert_eq!(skipped, 3);
        let (team, _) = super::items(&json!({"teamId": "t", "items": [{"modelCode": "b"}]}));
        assert_eq!(team[0].model_code, "b");
    }
}
