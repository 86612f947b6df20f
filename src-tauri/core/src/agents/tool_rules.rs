//! The per-tool rules, read from a tool definition exactly as tools/list sent it (raw JSON,
//! not rmcp's typed `Tool`, which would coerce or refuse what a rule has to see).

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;
use serde_json::{Map, Value};

use super::lines::Lines;
use super::rules::RuleId;
use super::wire::{Locale, RuleLine};
use crate::foundation::json_schema;

pub const ARTIFACT_TYPES: [&str; 10] =
    ["text", "markdown", "html", "image", "audio", "video", "file", "json", "table", "link"];
pub const STATUSES: [&str; 4] = ["accepted", "completed", "failed", "cancelled"];
const HINTS: [&str; 4] = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"];

static NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-Za-z0-9_./-]{1,64}$").expect("name pattern"));
static SEMVER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$",
    )
    .expect("semver pattern")
});

/// Input property names (lower case, without `_` and `-`) that carry what the platform
/// supplies: identity, tokens, invocation ids, callbacks, Team context, billing values.
const PLATFORM_WORDS: [&str; 20] = [
    "userid",
    "openid",
    "accountid",
    "token",
    "secret",
    "password",
    "apikey",
    "authorization",
    "invocation",
    "callback",
    "webhook",
    "teamid",
    "teamcontext",
    "workflowversion",
    "price",
    "billing",
    "charge",
    "idempotency",
    "orderid",
    "points",
];

/// Every tool rule for one definition. `seen` holds the names of the tools before it.
pub fn review_tool(tool: &Value, seen: &HashSet<String>, lang: Locale) -> Vec<RuleLine> {
    let mut lines = Lines::new(lang);
    let name = tool.get("name");
    let meta = tool.get("_meta").and_then(Value::as_object).cloned().unwrap_or_default();

    // tool.identity
    match name.and_then(Value::as_str) {
        Some(n) if NAME.is_match(n) => {}
        _ => lines.fail(
            RuleId::ToolIdentity,
            format!("name {} does not match ^[A-Za-z0-9_./-]{{1,64}}$", show(name)),
        ),
    }
    if let Some(n) = name.and_then(Value::as_str).filter(|n| seen.contains(*n)) {
        lines.fail(RuleId::ToolIdentity, format!("name {n:?} is not unique"));
    }
    for key in ["title", "description"] {
        if tool.get(key).and_then(Value::as_str).is_none_or(|t| t.trim().is_empty()) {
            lines.fail(RuleId::ToolIdentity, format!("no {key}"));
        }
    }
    lines.pass(RuleId::ToolIdentity, "unique name in the allowed characters, a title and a description");

    // tool.input-schema
    let input = tool.get("inputSchema");
    match input {
        Some(schema @ Value::Object(obj)) if obj.get("type") == Some(&Value::from("object")) => {
            for problem in object_problems(schema, "inputSchema") {
                lines.fail(RuleId::ToolInputSchema, problem);
            }
        }
        _ => lines.fail(RuleId::ToolInputSchema, "inputSchema is not an object schema"),
    }
    lines.pass(
        RuleId::ToolInputSchema,
        "object, additionalProperties false, required, every property constrained",
    );

    // tool.output-schema
    output_schema(&mut lines, tool.get("outputSchema"));
    lines.pass(
        RuleId::ToolOutputSchema,
        "the status/summary/data/artifacts envelope, the four statuses exactly",
    );

    // tool.annotations
    let annotations = tool.get("annotations").and_then(Value::as_object);
    for hint in HINTS {
        match annotations.and_then(|a| a.get(hint)) {
            None => lines.fail(RuleId::ToolAnnotations, format!("no {hint}")),
            Some(Value::Bool(_)) => {}
            Some(other) => lines.fail(RuleId::ToolAnnotations, format!("{hint} is {other}, not a boolean")),
        }
    }
    lines.pass(RuleId::ToolAnnotations, "all four hints, each a boolean");

    // tool.meta.*
    let version = meta.get("xiaoya/version");
    if !version.and_then(Value::as_str).is_some_and(|v| SEMVER.is_match(v)) {
        lines.fail(RuleId::ToolMetaVersion, format!("xiaoya/version {} is not semver", show(version)));
    }
    lines.pass(RuleId::ToolMetaVersion, format!("xiaoya/version {}", show(version)));

    let price = meta.get("xiaoya/pricePoints");
    if price.and_then(Value::as_i64).is_none_or(|p| p < 0) {
        lines.fail(
            RuleId::ToolMetaPrice,
            format!("xiaoya/pricePoints {} is not an integer >= 0", show(price)),
        );
    }
    lines.pass(RuleId::ToolMetaPrice, format!("xiaoya/pricePoints {}", show(price)));

    let scopes = meta.get("xiaoya/requiredScopes");
    let scopes_ok = scopes
        .and_then(Value::as_array)
        .is_some_and(|s| s.iter().all(|x| x.as_str().is_some_and(|x| !x.is_empty())));
    if !scopes_ok {
        lines.fail(
            RuleId::ToolMetaScopes,
            format!("xiaoya/requiredScopes {} is not an array of strings", show(scopes)),
        );
    }
    lines.pass(RuleId::ToolMetaScopes, format!("xiaoya/requiredScopes {}", show(scopes)));

    let mode = meta.get("xiaoya/executionMode");
    if !matches!(mode.and_then(Value::as_str), Some("sync" | "async")) {
        lines.fail(
            RuleId::ToolMetaExecutionMode,
            format!("xiaoya/executionMode {} is not sync or async", show(mode)),
        );
    }
    lines.pass(RuleId::ToolMetaExecutionMode, format!("xiaoya/executionMode {}", show(mode)));

    let kinds = meta.get("xiaoya/artifactTypes");
    match kinds.and_then(Value::as_array) {
        Some(list) => {
            for kind in list {
                if !kind.as_str().is_some_and(|k| ARTIFACT_TYPES.contains(&k)) {
                    lines.fail(
                        RuleId::ToolMetaArtifactTypes,
                        format!("artifact type {kind} is not one of the ten allowed"),
                    );
                }
            }
        }
        None => lines.fail(
            RuleId::ToolMetaArtifactTypes,
            format!("xiaoya/artifactTypes {} is not an array", show(kinds)),
        ),
    }
    lines.pass(RuleId::ToolMetaArtifactTypes, format!("xiaoya/artifactTypes {}", show(kinds)));

    let timeout = meta.get("xiaoya/timeoutSeconds");
    if !timeout.filter(|t| !t.is_f64()).and_then(Value::as_i64).is_some_and(|t| (1..=3600).contains(&t)) {
        lines.fail(
            RuleId::ToolMetaTimeout,
            format!("xiaoya/timeoutSeconds {} is not an integer 1–3600", show(timeout)),
        );
    }
    lines.pass(RuleId::ToolMetaTimeout, format!("xiaoya/timeoutSeconds {}", show(timeout)));

    // tool.no-platform-arguments
    for prop in input.map(property_names).unwrap_or_default() {
        let norm: String = prop.to_lowercase().chars().filter(|c| *c != '_' && *c != '-').collect();
        if let Some(word) = PLATFORM_WORDS.iter().find(|w| norm.contains(*w)) {
            lines.fail(
                RuleId::ToolNoPlatformArguments,
                format!("input property {prop:?} carries a platform value ({word})"),
            );
        }
    }
    lines.pass(RuleId::ToolNoPlatformArguments, "no input property carries identity, tokens, invocation ids, callbacks, Team context or billing values");

    lines.finish()
}

fn show(value: Option<&Value>) -> String {
    value.map_or_else(|| "missing".to_owned(), Value::to_string)
}

fn output_schema(lines: &mut Lines, schema: Option<&Value>) {
    let Some(obj) =
        schema.and_then(Value::as_object).filter(|o| o.get("type") == Some(&Value::from("object")))
    else {
        lines.fail(RuleId::ToolOutputSchema, "no object outputSchema");
        return;
    };
    let required: HashSet<&str> = json_schema::required(obj).collect();
    let missing: Vec<&str> =
        ["status", "summary", "data", "artifacts"].into_iter().filter(|k| !required.contains(k)).collect();
    if !missing.is_empty() {
        lines.fail(RuleId::ToolOutputSchema, format!("required lacks {missing:?}"));
    }
    let empty = Map::new();
    let props = obj.get("properties").and_then(Value::as_object).unwrap_or(&empty);
    let statuses: HashSet<&str> =
        json_schema::strings(props.get("status").and_then(|s| s.get("enum"))).collect();
    if statuses != STATUSES.into_iter().collect::<HashSet<_>>() {
        let mut got: Vec<_> = statuses.into_iter().collect();
        got.sort_unstable();
        lines.fail(RuleId::ToolOutputSchema, format!("status enum is {got:?}, not exactly {STATUSES:?}"));
    }
    for (key, kind) in [("summary", "string"), ("data", "object"), ("artifacts", "array")] {
        if props.get(key).and_then(|p| p.get("type")).and_then(Value::as_str) != Some(kind) {
            lines.fail(RuleId::ToolOutputSchema, format!("{key} is not of type {kind}"));
        }
    }
}

/// Why an object schema (the inputSchema, or a nested object) is not constrained.
pub fn object_problems(schema: &Value, at: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if schema.get("additionalProperties") != Some(&Value::Bool(false)) {
        problems.push(format!("{at}: additionalProperties is not false"));
    }
    if !schema.get("required").is_some_and(Value::is_array) {
        problems.push(format!("{at}: no required list"));
    }
    for (name, prop) in json_schema::properties(schema) {
        problems.extend(unconstrained(prop, &format!("{at}.{name}")));
    }
    problems
}

/// Why a property schema is not constrained (lengths, ranges, enums or patterns, array items).
fn unconstrained(schema: &Value, at: &str) -> Vec<String> {
    let Some(obj) = schema.as_object() else { return vec![format!("{at}: not a schema")] };
    if obj.contains_key("enum") || obj.contains_key("const") {
        return Vec::new();
    }
    let has = |k: &str| obj.contains_key(k);
    match obj.get("type").and_then(Value::as_str) {
        Some("boolean") => Vec::new(),
        Some("string") if has("maxLength") || has("pattern") => Vec::new(),
        Some("string") => vec![format!("{at}: string without maxLength, pattern or enum")],
        Some("integer" | "number") => {
            let low = has("minimum") || has("exclusiveMinimum");
            let high = has("maximum") || has("exclusiveMaximum");
            if low && high {
                Vec::new()
            } else {
                vec![format!("{at}: number without a range (minimum and maximum)")]
            }
        }
        Some("array") => match obj.get("items") {
            None => vec![format!("{at}: array without items")],
            Some(items) => {
                let mut problems =
                    if has("maxItems") { Vec::new() } else { vec![format!("{at}: array without maxItems")] };
                problems.extend(unconstrained(items, &format!("{at}[]")));
                problems
            }
        },
        Some("object") => object_problems(schema, at),
        _ => vec![format!("{at}: no single type")],
    }
}

/// Every property name in a schema, nested ones and array items' included.
fn property_names(schema: &Value) -> Vec<String> {
    let mut names = Vec::new();
    for (name, prop) in json_schema::properties(schema) {
        names.push(name.clone());
        names.extend(property_names(prop));
    }
    if let Some(items) = schema.get("items") {
        names.extend(property_names(items));
    }
    names
}

/// The tool's advertised name, or a placeholder for a nameless one.
pub fn tool_name(tool: &Value) -> String {
    tool.get("name").and_then(Value::as_str).map_or_else(|| "(no name)".to_owned(), str::to_owned)
}

/// A hint's value, when it is a boolean.
pub fn hint(tool: &Value, name: &str) -> Option<bool> {
    tool.get("annotations").and_then(|a| a.get(name)).and_then(Value::as_bool)
}

pub fn meta<'a>(tool: &'a Value, key: &str) -> Option<&'a Value> {
    tool.get("_meta").and_then(|m| m.get(key))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::agents::wire::RuleVerdict;

    fn good() -> Value {
        json!({
            "name": "generate_product_brief",
            "title": "Generate product brief",
            "description": "Generate a structured marketing brief",
            "inputSchema": {"type": "object", "required": ["productName"],
                "properties": {"productName": {"type": "string", "minLength": 1, "maxLength": 120}},
                "additionalProperties": false},
            "outputSchema": {"type": "object", "required": ["status", "summary", "data", "artifacts"],
                "properties": {
                    "status": {"type": "string", "enum": ["accepted", "completed", "failed", "cancelled"]},
                    "summary": {"type": "string"}, "data": {"type": "object"},
                    "artifacts": {"type": "array", "items": {"type": "object"}}},
                "additionalProperties": false},
            "annotations": {"readOnlyHint": false, "destructiveHint": false, "idempotentHint": true, "openWorldHint": true},
            "_meta": {"xiaoya/version": "1.0.0", "xiaoya/pricePoints": 20, "xiaoya/requiredScopes": [],
                "xiaoya/executionMode": "async", "xiaoya/artifactTypes": ["markdown"], "xiaoya/timeoutSeconds": 600}
        })
    }

    fn verdict(lines: &[RuleLine], rule: RuleId) -> RuleVerdict {
        lines.iter().find(|l| l.rule == rule).map(|l| l.verdict).expect("a line per rule")
    }

    /// The docs' own example tool passes every tool rule.
    #[test]
    fn the_docs_example_tool_passes_every_tool_rule() {
        let lines = review_tool(&good(), &HashSet::new(), Locale::En);
        assert_eq!(lines.len(), 11);
        assert!(lines.iter().all(|l| l.verdict == RuleVerdict::Pass), "{lines:#?}");
    }

    #[test]
    fn a_float_price_or_timeout_and_a_repeated_name_fail() {
        let mut tool = good();
        tool["_meta"]["xiaoya/pricePoints"] = json!(2.5);
        tool["_meta"]["xiaoya/timeoutSeconds"] = json!(600.0);
        let seen: HashSet<String> = ["generate_product_brief".to_owned()].into();
        let lines = review_tool(&tool, &seen, Locale::ZhCn);
        assert_eq!(verdict(&lines, RuleId::ToolMetaPrice), RuleVerdict::Fail);
        assert_eq!(verdict(&lines, RuleId::ToolMetaTimeout), RuleVerdict::Fail);
        assert_eq!(verdict(&lines, RuleId::ToolIdentity), RuleVerdict::Fail);
        assert!(lines[0].text.contains("工具"), "{}", lines[0].text);
    }
}
