//! Seeded model catalogs. Entries are kept as the JSON the platform returns, including its
//! older spellings, so clients meet every shape the documentation allows.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StructuredOutputMode {
    Prompt,
    JsonObject,
    JsonSchema,
}

/// One catalog entry plus what the gateway needs to serve it.
#[derive(Clone, Debug)]
pub(crate) struct CatalogModel {
    pub code: &'static str,
    pub entry: Value,
    /// Price in milli-points per 1,000 tokens.
    pub milli_per_thousand_tokens: i128,
}

impl CatalogModel {
    /// Text-output chat models are served by `/chat/completions`; image, video and audio are not.
    pub fn serves_chat(&self) -> bool {
        let kind = self.entry["modelType"].as_str().unwrap_or_default();
        matches!(kind, "llm" | "chat") && self.entry["outputsText"].as_bool().unwrap_or(false)
    }

    /// A missing field means `prompt` (documented).
    pub fn structured_output_mode(&self) -> StructuredOutputMode {
        match self.entry.get("structuredOutputMode").and_then(Value::as_str) {
            Some("json_schema") => StructuredOutputMode::JsonSchema,
            Some("json_object") => StructuredOutputMode::JsonObject,
            _ => StructuredOutputMode::Prompt,
        }
    }

    pub fn parameter_spec(&self) -> Option<&serde_json::Map<String, Value>> {
        self.entry.get("parameterSpec").and_then(Value::as_object)
    }

    /// The same model with its chat parameters written in the JSON Schema keywords the docs'
    /// example never uses (`parameter-spec-keywords`, READINGS G7): exclusive bounds (as
    /// numbers and in draft-4's boolean form), `multipleOf`, `type: [.., "null"]`, bounds
    /// as text, an `enum` of `{value, label}`, `const`, and a keyword nobody knows. The
    /// gateway checks requests against these rules, so they are what the platform accepts.
    pub fn with_keyword_rules(mut self) -> Self {
        let Some(spec) = self.entry.get_mut("parameterSpec").and_then(Value::as_object_mut) else {
            return self;
        };
        if !spec.contains_key("temperature") {
            return self;
        }
        spec.insert(
            "temperature".into(),
            json!({ "type": "number", "exclusiveMinimum": 0, "maximum": "2", "multipleOf": 0.1,
                "default": 0.7, "x-ui-widget": "slider" }),
        );
        if spec.contains_key("top_p") {
            spec.insert(
                "top_p".into(),
                json!({ "type": ["number", "null"], "minimum": "0", "maximum": "1", "default": 1 }),
            );
        }
        if spec.contains_key("max_tokens") {
            spec.insert(
                "max_tokens".into(),
                json!({ "type": "integer", "minimum": 16, "exclusiveMaximum": 8193, "multipleOf": 16,
                    "default": 1024 }),
            );
        }
        if spec.contains_key("presence_penalty") {
            spec.insert(
                "presence_penalty".into(),
                json!({ "type": "number", "minimum": -2, "exclusiveMinimum": true, "maximum": 2,
                    "exclusiveMaximum": true, "default": 0 }),
            );
        }
        spec.insert(
            "reasoning_effort".into(),
            json!({ "type": "string", "default": "medium", "enum": [
                { "value": "low", "label": "Quick" },
                { "value": "medium", "label": "Balanced" },
                { "value": "high", "label": "Thorough" },
            ] }),
        );
        spec.insert("n".into(), json!({ "type": "integer", "const": 1 }));
        self
    }

    pub fn accepts_image(&self) -> bool {
        self.entry.get("acceptsImage").or_else(|| self.entry.get("inputsImage")).and_then(Value::as_bool)
            == Some(true)
    }
}

fn number(min: f64, max: f64, default: f64) -> Value {
    json!({ "type": "number", "minimum": min, "maximum": max, "default": default })
}

fn integer(min: i64, max: i64, default: i64) -> Value {
    json!({ "type": "integer", "minimum": min, "maximum": max, "default": default })
}

fn llm(code: &str, name: &str, image: bool, mode: &str, version: i64, spec: Value) -> Value {
    json!({
        "modelCode": code, "displayName": name, "modelType": "llm",
        "acceptsText": true, "acceptsImage": image, "acceptsFile": false,
        "outputsText": true, "outputsImage": false, "outputsAudio": false, "outputsVideo": false,
        "structuredOutputMode": mode, "parameterSchemaVersion": version, "parameterSpec": spec,
    })
}

fn chat_spec() -> Value {
    json!({
        "temperature": number(0.0, 2.0, 0.7),
        "top_p": number(0.0, 1.0, 1.0),
        "max_tokens": integer(1, 8192, 1024),
        "presence_penalty": number(-2.0, 2.0, 0.0),
    })
}

fn othan() -> CatalogModel {
    let entry = llm(MODEL_CHAT, "Othan 2.0", false, "prompt", 2, chat_spec());
    CatalogModel { code: MODEL_CHAT, entry, milli_per_thousand_tokens: 2000 }
}

fn vision() -> CatalogModel {
    let spec = json!({
        "temperature": number(0.0, 1.0, 0.3),
        "max_tokens": integer(1, 4096, 1024),
        "detail": { "type": "string", "enum": ["low", "high", "auto"], "default": "auto" },
    });
    let entry = llm(MODEL_VISION, "Othan 2.0 Vision", true, "json_object", 2, spec);
    CatalogModel { code: MODEL_VISION, entry, milli_per_thousand_tokens: 3000 }
}

fn qingyu() -> CatalogModel {
    let spec = json!({
        "temperature": number(0.0, 1.5, 0.6),
        "top_p": number(0.0, 1.0, 0.95),
        "max_tokens": integer(1, 32768, 4096),
        "reasoning_effort": { "type": "string", "enum": ["low", "medium", "high"], "default": "medium" },
    });
    let entry = llm(MODEL_JSON_SCHEMA, "Qingyu Pro", false, "json_schema", 3, spec);
    CatalogModel { code: MODEL_JSON_SCHEMA, entry, milli_per_thousand_tokens: 4000 }
}

fn legacy() -> CatalogModel {
    // The older spellings from the documentation's own example, no structuredOutputMode.
    let entry = json!({
        "modelCode": MODEL_LEGACY, "displayName": "Othan 1.5 (legacy)", "modelType": "chat",
        "inputsText": true, "inputsImage": false, "outputsText": true, "outputsImage": false,
        "parameterSchemaVersion": 1, "parameterSpec": null,
    });
    CatalogModel { code: MODEL_LEGACY, entry, milli_per_thousand_tokens: 1000 }
}

fn image() -> CatalogModel {
    let entry = json!({
        "modelCode": MODEL_IMAGE, "displayName": "Huabi Image 2", "modelType": "image",
        "acceptsText": true, "acceptsImage": true, "acceptsFile": false,
        "outputsText": false, "outputsImage": true, "outputsAudio": false, "outputsVideo": false,
        "structuredOutputMode": "prompt", "parameterSchemaVersion": 1,
        "parameterSpec": {
            "size": { "type": "string", "enum": ["1024x1024", "1536x1024", "1024x1536"], "default": "1024x1024" },
            "n": integer(1, 4, 1),
            "quality": { "type": "string", "enum": ["standard", "hd"], "default": "standard" },
        },
    });
    CatalogModel { code: MODEL_IMAGE, entry, milli_per_thousand_tokens: 0 }
}

fn video() -> CatalogModel {
    let entry = json!({
        "modelCode": MODEL_VIDEO, "displayName": "Liuying Video 1", "modelType": "video",
        "acceptsText": true, "acceptsImage": true, "acceptsFile": false,
        "outputsText": false, "outputsImage": false, "outputsAudio": false, "outputsVideo": true,
        "structuredOutputMode": "prompt", "parameterSchemaVersion": 1,
        "parameterSpec": {
            "duration": { "type": "integer", "enum": [5, 10], "default": 5 },
            "aspect_ratio": { "type": "string", "enum": ["16:9", "9:16", "1:1"], "default": "16:9" },
            "resolution": { "type": "string", "enum": ["720p", "1080p"], "default": "720p" },
        },
    });
    CatalogModel { code: MODEL_VIDEO, entry, milli_per_thousand_tokens: 0 }
}

fn audio() -> CatalogModel {
    let entry = json!({
        "modelCode": MODEL_AUDIO, "displayName": "Shengyin Music 1", "modelType": "audio",
        "acceptsText": true, "acceptsImage": false, "acceptsFile": false,
        "outputsText": false, "outputsImage": false, "outputsAudio": true, "outputsVideo": false,
        "structuredOutputMode": "prompt", "parameterSchemaVersion": 1, "parameterSpec": {},
    });
    CatalogModel { code: MODEL_AUDIO, entry, milli_per_thousand_tokens: 0 }
}

fn enterprise() -> CatalogModel {
    let entry = llm(MODEL_TEAM_ONLY, "Othan 2.0 Enterprise", true, "json_schema", 2, chat_spec());
    CatalogModel { code: MODEL_TEAM_ONLY, entry, milli_per_thousand_tokens: 2500 }
}

/// The Personal catalog, in display order.
pub(crate) fn model_catalog() -> Vec<CatalogModel> {
    vec![othan(), vision(), qingyu(), legacy(), image(), video(), audio()]
}

/// A Team's catalog: a different selection from the Personal one plus a Team-only model.
pub(crate) fn team_catalog(team_id: &str) -> Vec<CatalogModel> {
    if team_id == TEAM_ALPHA_ID {
        vec![othan(), qingyu(), image(), enterprise()]
    } else {
        // Team Beta's plan exposes Othan 2.0 with an empty parameterSpec, as in the docs' example.
        let mut basic = othan();
        basic.entry["parameterSpec"] = json!({});
        basic.entry["parameterSchemaVersion"] = json!(1);
        vec![basic, enterprise()]
    }
}

/// `sha256:<hex>` over the catalog items, so the version changes when the items do.
pub(crate) fn catalog_version(items: &[CatalogModel]) -> String {
    let entries: Vec<&Value> = items.iter().map(|m| &m.entry).collect();
    let bytes = serde_json::to_vec(&entries).unwrap_or_default();
    let digest = Sha256::digest(&bytes);
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}
