//! The model catalog of the active context.

use tauri::{AppHandle, State};
use xiaoya_core::models::wire::ModelCatalog;

use super::{after_session_call, CmdResult};
use crate::AppState;

/// The active context's catalog; `refresh` asks the platform even when a copy is cached.
#[tauri::command]
pub async fn models_catalog(app: AppHandle, state: State<'_, AppState>, refresh: bool) -> CmdResult<ModelCatalog> {
    let result = state.core.model_catalog(refresh).await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}
