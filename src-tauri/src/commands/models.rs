//! The model catalog of the active context.

use tauri::{AppHandle, State};
use xiaoya_core::models::compare::ModelComparison;
use xiaoya_core::models::wire::ModelCatalog;

use xiaoya_core::ErrorCode;

use super::{after_session_call, CmdResult};
use crate::events::{emit, AppEvent};
use crate::AppState;

/// The active context's catalog; `refresh` asks the platform even when a copy is cached.
#[tauri::command]
pub async fn models_catalog(app: AppHandle, state: State<'_, AppState>, refresh: bool) -> CmdResult<ModelCatalog> {
    let result = state.core.model_catalog(refresh).await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

/// One model in the catalog of every signed-in context (read with each one's own session;
/// the active context does not change and nothing is charged).
#[tauri::command]
pub async fn models_compare(
    app: AppHandle,
    state: State<'_, AppState>,
    model_code: String,
) -> CmdResult<ModelComparison> {
    let started = std::time::Instant::now();
    let result = state.core.model_across_contexts(&model_code).await;
    crate::notify::finished(&app, crate::notify::Work::Comparison, started).await;
    after_session_call(&app, &state, &result).await;
    let comparison = result?;
    // Another context's 401 ended that session (A12): the header's list must say so.
    if comparison.contexts.iter().any(|c| c.error.as_ref().is_some_and(|e| e.code == ErrorCode::SessionExpired)) {
        if let Ok(view) = state.core.sessions_view().await {
            emit(&app, AppEvent::SessionsChanged { view });
        }
    }
    Ok(comparison)
}
