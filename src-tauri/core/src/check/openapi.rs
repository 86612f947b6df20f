//! Compares the platform's published `/developers/openapi.json` with the fields this app
//! reads (and sends), schema by schema. The table below is the app's side: kept next to the
//! readers' own field lists and checked by a test against them, so it cannot drift silently.

use std::collections::BTreeSet;

use serde_json::Value;

use super::wire::{OpenApiDifference, OpenApiDifferenceKind};
use crate::foundation::json_schema;

pub const OPENAPI_PATH: &str = "/developers/openapi.json";

/// Schema name → the fields the app reads from it (or, for inputs, sends).
pub const APP_READS: &[(&str, &[&str])] = &[
    ("SuccessEnvelope", &["success", "data", "request_id"]),
    ("ErrorEnvelope", &["success", "code", "message", "request_id"]),
    (
        "OAuthTokenResponse",
        &["access_token", "token_type", "expires_in", "scope", "team_id", "team_authorization_id"],
    ),
    ("OAuthError", &["error", "error_description"]),
    ("OpenAgentUser", &["userId", "displayName", "avatarUrl"]),
    ("TeamContext", &["teamId", "name", "memberId", "memberStatus", "role", "teamContextVersion"]),
    (
        "ModelCatalogItem",
        &[
            "modelCode",
            "displayName",
            "modelType",
            // The catalog guide's examples say inputs*; the reference's schema says accepts*.
            // The app reads both.
            "inputsText",
            "inputsImage",
            "acceptsText",
            "acceptsImage",
            "acceptsFile",
            "outputsText",
            "outputsImage",
            "outputsAudio",
            "outputsVideo",
            "structuredOutputMode",
            "parameterSchemaVersion",
            "parameterSpec",
        ],
    ),
    ("TeamModelCatalog", &["teamId", "teamContextVersion", "planVersionId", "catalogVersion", "items"]),
    (
        "TtsSpeechInput",
        &[
            "tts_config_id",
            "voice",
            "input",
            "response_format",
            "speed",
            "volume",
            "pitch",
            "emotion",
            "sample_rate",
            "bitrate",
            "audio_channel",
            "language_boost",
            "text_normalization",
            "latex_read",
        ],
    ),
];

/// The declared and required fields of one schema (follows one `allOf` level).
fn schema_fields(doc: &Value, name: &str) -> Option<(BTreeSet<String>, BTreeSet<String>)> {
    let schema = doc.pointer(&format!("/components/schemas/{name}"))?;
    let mut declared = BTreeSet::new();
    let mut required = BTreeSet::new();
    let mut parts = vec![schema];
    if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
        parts.extend(all.iter());
    }
    for part in parts {
        declared.extend(json_schema::properties(part).map(|(name, _)| name.clone()));
        required.extend(json_schema::required(part).map(str::to_owned));
    }
    Some((declared, required))
}

/// Every difference between `doc` and [`APP_READS`], in table order.
pub fn differences(doc: &Value) -> Vec<OpenApiDifference> {
    let mut out = Vec::new();
    for (schema, reads) in APP_READS {
        let Some((declared, required)) = schema_fields(doc, schema) else {
            out.push(OpenApiDifference {
                schema: (*schema).to_owned(),
                field: String::new(),
                kind: OpenApiDifferenceKind::SchemaMissing,
            });
            continue;
        };
        for field in reads.iter().filter(|f| !declared.contains(**f)) {
            out.push(OpenApiDifference {
                schema: (*schema).to_owned(),
                field: (*field).to_owned(),
                kind: OpenApiDifferenceKind::ReadButUndeclared,
            });
        }
        for field in required.iter().filter(|f| !reads.contains(&f.as_str())) {
            out.push(OpenApiDifference {
                schema: (*schema).to_owned(),
                field: field.clone(),
                kind: OpenApiDifferenceKind::RequiredButUnread,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn differences_name_each_field_and_missing_schemas() {
        let doc = json!({"components": {"schemas": {
            "SuccessEnvelope": {"properties": {"success": {}, "data": {}, "request_id": {}}, "required": ["success", "data"]},
            "OpenAgentUser": {"allOf": [{"properties": {"userId": {}, "displayName": {}}, "required": ["userId", "email"]}]},
        }}});
        let diffs = differences(&doc);
        let has = |schema: &str, field: &str, kind| {
            diffs.iter().any(|d| d.schema == schema && d.field == field && d.kind == kind)
        };
        assert!(has("OpenAgentUser", "avatarUrl", OpenApiDifferenceKind::ReadButUndeclared));
        assert!(has("OpenAgentUser", "email", OpenApiDifferenceKind::RequiredButUnread));
        assert!(has("ErrorEnvelope", "", OpenApiDifferenceKind::SchemaMissing));
        assert!(!diffs.iter().any(|d| d.schema == "SuccessEnvelope"), "{diffs:?}");
    }

    /// The app's side of the table matches what the readers actually look for: every
    /// catalog field the model reader reads is listed.
    #[test]
    fn the_table_lists_what_the_model_reader_reads() {
        let source = include_str!("../models/parse.rs");
        let (_, fields) = APP_READS.iter().find(|(s, _)| *s == "ModelCatalogItem").unwrap();
        for field in *fields {
            assert!(source.contains(&format!("\"{field}\"")), "{field} is not read by models/parse.rs");
        }
    }
}
