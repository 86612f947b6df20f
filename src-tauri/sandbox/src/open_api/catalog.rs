//! `GET /api/v1/open/models` (Personal) and `/teams/{id}/models` (TeamModelCatalog).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::{json, Value};

use crate::auth::authenticate;
use crate::envelope::{success, PlatformError};
use crate::pages::{page_of, PageQuery};
use crate::readings::{Reading, Readings};
use crate::scope::Scope;
use crate::seed::{team_catalog, CatalogModel};
use crate::state::Shared;

/// An entry as the readings in force spell it (the seed itself is unchanged, so what the
/// gateway accepts stays the same).
fn served(entry: &Value, readings: &Readings) -> Value {
    let mut entry = entry.clone();
    if readings.has(Reading::CatalogNoOutputsText) {
        entry.as_object_mut().map(|e| e.remove("outputsText"));
    }
    if readings.has(Reading::StructuredOutputModeOther) {
        let mode = entry.get("structuredOutputMode").and_then(Value::as_str).map(str::to_ascii_uppercase);
        if entry.get("modelCode").and_then(Value::as_str) == Some(crate::seed::MODEL_LEGACY) {
            entry["structuredOutputMode"] = json!("tool_call");
        } else if let Some(mode) = mode {
            entry["structuredOutputMode"] = json!(mode);
        }
    }
    let declared = entry.get("parameterSpec").and_then(Value::as_object).filter(|s| !s.is_empty()).cloned();
    if let Some(spec) = declared {
        if readings.has(Reading::CatalogParameterSchemaV2) {
            entry["parameterSchemaVersion"] = json!(2);
            entry["parameterSpec"] = json!({ "type": "object", "properties": spec, "additionalProperties": false, "required": [] });
        } else if readings.has(Reading::CatalogParameterSchemaUnknown) {
            entry["parameterSchemaVersion"] = json!(99);
            let fields: Vec<Value> = spec
                .iter()
                .map(|(name, rule)| {
                    let mut field = rule.clone();
                    field["name"] = json!(name);
                    field
                })
                .collect();
            entry["parameterSpec"] = json!(fields);
        }
    }
    entry
}

pub(super) async fn personal_models(
    State(shared): State<Arc<Shared>>,
    Query(page): Query<PageQuery>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Model)?;
    caller.require_personal()?;
    let readings = shared.settings().readings;
    let items = with_odd_entries(
        shared.models.iter().map(|m| served(&readings.catalog_model(m.clone()).entry, &readings)).collect(),
        &readings,
    );
    if let Some(page) = page_of(items.clone(), "items", &page, &readings)? {
        return Ok(success(page));
    }
    if readings.has(Reading::CatalogInObject) {
        return Ok(success(json!({ "models": items })));
    }
    Ok(success(items))
}

/// Under `CatalogOddEntries`, `items` plus an entry without `modelCode` and a second copy
/// of the chat model's entry (READINGS G8).
fn with_odd_entries(mut items: Vec<Value>, readings: &Readings) -> Vec<Value> {
    if readings.has(Reading::CatalogOddEntries) {
        let chat = items
            .iter()
            .find(|e| e.get("modelCode").and_then(Value::as_str) == Some(crate::seed::MODEL_CHAT))
            .cloned();
        items.push(json!({ "displayName": "No code", "modelType": "chat", "outputsText": true }));
        items.extend(chat);
    }
    items
}

pub(super) async fn team_models(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    Query(page): Query<PageQuery>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Model)?;
    caller.require_team(&team_id)?;
    let world = shared.world();
    let team = world.teams.get(&team_id).ok_or(PlatformError::TeamNotFound)?;
    let items = team_catalog(&team_id);
    let readings = shared.settings().readings;
    let entries: Vec<Value> = if readings.has(Reading::TeamCatalogEmpty) {
        Vec::new()
    } else {
        with_odd_entries(
            items
                .iter()
                .map(|m: &CatalogModel| served(&readings.catalog_model(m.clone()).entry, &readings))
                .collect(),
            &readings,
        )
    };
    let mut data = json!({
        "teamId": team.id,
        "teamContextVersion": super::profile::context_version_json(team.context_version, &readings),
        "planVersionId": team.plan_version_id,
        "catalogVersion": crate::seed::catalog_version(&items),
        "items": entries,
    });
    if let (Some(page), Some(fields)) = (page_of(entries, "items", &page, &readings)?, data.as_object_mut()) {
        fields.extend(page);
    }
    Ok(success(data))
}
