//! Recorded demos: record the active context into a cassette, save it, replay one.

use tauri::State;
use xiaoya_core::cassettes::wire::{CassetteSummary, RecordingState};
use xiaoya_core::documents::SavedFile;
use xiaoya_core::wire::PlatformInfo;

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn cassette_state(state: State<'_, AppState>) -> CmdResult<RecordingState> {
    Ok(state.core.cassettes().state())
}

#[tauri::command]
pub async fn cassette_record_start(state: State<'_, AppState>) -> CmdResult<RecordingState> {
    Ok(state.core.cassettes().start_recording().await?)
}

#[tauri::command]
pub async fn cassette_record_stop(state: State<'_, AppState>) -> CmdResult<CassetteSummary> {
    Ok(state.core.cassettes().stop_recording().await?)
}

#[tauri::command]
pub async fn cassette_save<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
) -> CmdResult<Option<SavedFile>> {
    let doc = state.core.cassettes().recorded_document()?;
    crate::files::save(&app, doc).await
}

#[tauri::command]
pub async fn cassette_replay<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    speed: f64,
) -> CmdResult<Option<PlatformInfo>> {
    let Some(path) = crate::files::open_recording(&app).await? else { return Ok(None) };
    Ok(Some(state.core.cassettes().replay(&path, speed).await?))
}
