//! The TTS explorer: catalog, estimates, synthesis, the audio ledger and its exports. The
//! core announces each settled clip (`clipSettled`) and the balance after a charge.

use tauri::{AppHandle, State};
use xiaoya_core::tts::wire::{
    Clip, ClipFilter, CompareQuote, CostEstimate, SpeechRequest, TtsCatalog, TtsTotals,
};

use xiaoya_core::documents::SavedFile;

use super::CmdResult;
use crate::notify::{finished, Work};
use crate::AppState;

#[tauri::command]
pub async fn tts_catalog(state: State<'_, AppState>) -> CmdResult<TtsCatalog> {
    Ok(state.core.tts().tts_catalog().await?)
}

#[tauri::command]
pub async fn tts_estimate(state: State<'_, AppState>, request: SpeechRequest) -> CmdResult<CostEstimate> {
    Ok(state.core.tts().tts_estimate(request).await?)
}

#[tauri::command]
pub async fn tts_compare_quote(
    state: State<'_, AppState>,
    requests: Vec<SpeechRequest>,
) -> CmdResult<CompareQuote> {
    Ok(state.core.tts().tts_compare_quote(requests).await?)
}

#[tauri::command]
pub async fn synthesize_speech<R: tauri::Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    request: SpeechRequest,
) -> CmdResult<Clip> {
    let started = std::time::Instant::now();
    let result = state.core.tts().synthesize(request).await;
    finished(&app, Work::Synthesis, started).await;
    Ok(result?)
}

#[tauri::command]
pub async fn retry_clip<R: tauri::Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: String,
) -> CmdResult<Clip> {
    let started = std::time::Instant::now();
    let result = state.core.tts().retry_clip(&id).await;
    finished(&app, Work::Synthesis, started).await;
    Ok(result?)
}

#[tauri::command]
pub async fn retry_save_audio(state: State<'_, AppState>, id: String) -> CmdResult<Clip> {
    Ok(state.core.tts().retry_save_audio(&id).await?)
}

#[tauri::command]
pub async fn tts_clips(state: State<'_, AppState>, filter: ClipFilter) -> CmdResult<Vec<Clip>> {
    Ok(state.core.tts().tts_clips(filter).await?)
}

#[tauri::command]
pub async fn tts_clip(state: State<'_, AppState>, id: String) -> CmdResult<Clip> {
    Ok(state.core.tts().tts_clip(&id).await?)
}

#[tauri::command]
pub async fn tts_totals(state: State<'_, AppState>) -> CmdResult<TtsTotals> {
    Ok(state.core.tts().tts_totals().await?)
}

#[tauri::command]
pub async fn save_clip<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    id: String,
) -> CmdResult<Option<SavedFile>> {
    let doc = state.core.tts().clip_document(&id).await?;
    crate::files::save(&app, doc).await
}

#[tauri::command]
pub async fn delete_clip(state: State<'_, AppState>, id: String) -> CmdResult<()> {
    Ok(state.core.tts().delete_clip(&id).await?)
}

#[tauri::command]
pub async fn open_voice_library(state: State<'_, AppState>, tts_config_id: String) -> CmdResult<()> {
    Ok(state.core.tts().open_voice_library(&tts_config_id).await?)
}
