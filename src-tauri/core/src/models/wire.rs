//! Model catalog types that cross IPC. Entries are parsed tolerantly from whatever the
//! platform sends (see `parse.rs`); the entry as received is kept for a raw JSON view.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The text output mode a model declares (`structuredOutputMode`). A missing field means
/// `prompt` (documented); an unknown value is treated as `prompt` and kept in the raw view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum StructuredOutputMode {
    Prompt,
    JsonObject,
    JsonSchema,
}

impl StructuredOutputMode {
    pub fn allows_json_object(self) -> bool {
        matches!(self, StructuredOutputMode::JsonObject | StructuredOutputMode::JsonSchema)
    }

    pub fn allows_json_schema(self) -> bool {
        self == StructuredOutputMode::JsonSchema
    }
}

/// What `parameterSpec` held: `null`, `{}`, declared parameters (a map of rules, or a JSON
/// Schema object whose `properties` are the rules), something malformed under schema
/// version 1, or, under another version, a form this app version cannot read (shown as such
/// with the raw spec; chat then sends no parameter rather than a wrong one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ParameterSpecState {
    Null,
    Empty,
    Declared,
    Malformed,
    UnknownVersion,
}

/// One parameter a model declares in `parameterSpec`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ParameterDef {
    pub name: String,
    /// `type` as sent (`number`, `integer`, `string`, `boolean`, …), the first that is not
    /// `null` of a list; empty when missing.
    pub kind: String,
    /// The lower bound: `minimum`, or `exclusiveMinimum` (a number, or draft 4's `true`
    /// beside `minimum`), whichever is tighter; bounds written as text are read as numbers.
    pub minimum: Option<f64>,
    /// `minimum` itself is refused (an exclusive bound).
    pub minimum_exclusive: bool,
    pub maximum: Option<f64>,
    pub maximum_exclusive: bool,
    /// `multipleOf`: a value must be a whole number of these.
    pub multiple_of: Option<f64>,
    /// `type` lists `null` (or `nullable: true`): the platform takes `null`, as "not set".
    pub nullable: bool,
    /// Allowed values, when the spec lists an `enum` (the `value` of `{value, label}`
    /// entries) or a `const` (the one value).
    pub enum_values: Option<Vec<serde_json::Value>>,
    /// The label of each allowed value, where the spec gives one (`{value, label}`).
    pub enum_labels: Option<Vec<Option<String>>>,
    pub default: Option<serde_json::Value>,
    pub description: Option<String>,
    /// Listed in a JSON Schema spec's `required`.
    pub required: bool,
}

/// One catalog entry, as the browser and the chat use it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ModelEntry {
    pub model_code: String,
    pub display_name: String,
    /// As sent, including values outside the documented enum (`llm`, `image`, `video`).
    pub model_type: String,
    /// `acceptsText`, or the older `inputsText`.
    pub accepts_text: Option<bool>,
    /// `acceptsImage`, or the older `inputsImage`.
    pub accepts_image: Option<bool>,
    pub accepts_file: Option<bool>,
    pub outputs_text: Option<bool>,
    pub outputs_image: Option<bool>,
    pub outputs_audio: Option<bool>,
    pub outputs_video: Option<bool>,
    pub structured_output_mode: StructuredOutputMode,
    /// False when the catalog did not send `structuredOutputMode` (so it means `prompt`).
    pub structured_output_declared: bool,
    #[ts(type = "number | null")]
    pub parameter_schema_version: Option<i64>,
    pub parameter_spec: ParameterSpecState,
    pub parameters: Vec<ParameterDef>,
    /// The entry used the older `inputsText` / `inputsImage` spellings.
    pub legacy_spellings: bool,
    /// Field names this app does not know; kept in `raw_json`.
    pub unknown_fields: Vec<String>,
    /// The entry exactly as received, pretty-printed.
    pub raw_json: String,
    /// Outputs text, so the chat can use it.
    pub chat_capable: bool,
    /// `outputs_text` was not sent and is inferred from an `llm`/`chat` type.
    pub outputs_text_inferred: bool,
}

/// Which context a catalog belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CatalogContext {
    /// `personal` or `team`.
    pub kind: String,
    pub team_id: Option<String>,
    /// "Personal" or the Team's name.
    pub label: String,
}

/// A catalog for the active context.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ModelCatalog {
    pub context: CatalogContext,
    /// Team catalogs only.
    #[ts(type = "number | null")]
    pub team_context_version: Option<i64>,
    pub plan_version_id: Option<String>,
    pub catalog_version: Option<String>,
    pub items: Vec<ModelEntry>,
    /// Entries that could not be read at all (no `modelCode`).
    pub skipped: u32,
    /// When it was fetched (Unix milliseconds).
    #[ts(type = "number")]
    pub fetched_at: i64,
    /// Answered from the cache for the same context (no request was made).
    pub from_cache: bool,
    /// How the answer was read: wrapper, inferred or missing fields.
    pub reading: crate::foundation::reading::ReadReport,
    /// The last refresh failed (after its automatic retries): this is the last good catalog
    /// of this context, from `fetchedAt`, and this is why it could not be refreshed.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stale: Option<crate::foundation::error::IpcError>,
}
