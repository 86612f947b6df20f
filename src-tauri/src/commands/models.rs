//! The model catalog of the active context.

use tauri::{AppHandle, State};
use xiaoya_core::models::compare::ModelComparison;
use xiaoya_core::models::wire::ModelCatalog;

use super::CmdResult;
use crate::notify::{finished, Work};
use crate::AppState;

/// The active context's catalog; `refresh` asks the platform even when a copy is cached.
#[tauri::command]
pub async fn models_catalog(state: State<'_, AppState>, refresh: bool) -> CmdResult<ModelCatalog> {
    Ok(state.core.models().model_catalog(refresh).await?)
}

/// One model in the catalog of every signed-in context (read with each one's own session;
/// the active context does not change and nothing is charged). A context whose session
/// ended on the way is announced by the core (`sessionEnded`).
#[tauri::command]
pub async fn models_compare<R: tauri::Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    model_code: String,
) -> CmdResult<ModelComparison> {
    let started = std::time::Instant::now();
    let result = state.core.models().model_across_contexts(&model_code).await;
    finished(&app, Work::Comparison, started).await;
    Ok(result?)
}
