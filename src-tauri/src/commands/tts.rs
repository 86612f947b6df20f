//! The TTS explorer: catalog, estimates, synthesis, the audio ledger and its exports.

use tauri::{AppHandle, State};
use xiaoya_core::tts::wire::{
    Clip, ClipExport, ClipFilter, ClipStatus, CompareQuote, CostEstimate, SpeechRequest,
    TtsCatalog, TtsTotals,
};

use super::{after_session_call, CmdResult};
use crate::AppState;

/// After a clip settled (charged), or whose outcome is unknown (the platform may have
/// charged it already): refresh the paying context's balance and tell every screen through
/// `balanceChanged`, so the header shows what the platform says now.
async fn after_clip(app: &AppHandle, state: &AppState, clip: &Clip) {
    if !matches!(
        clip.status,
        ClipStatus::Complete | ClipStatus::SettledNoAudio | ClipStatus::Unknown
    ) {
        return;
    }
    if let Ok(Some(session_id)) = state.core.session_of_clip(&clip.id).await {
        super::billing::after_charge(app, state, &session_id).await;
    }
}

#[tauri::command]
pub async fn tts_catalog(app: AppHandle, state: State<'_, AppState>) -> CmdResult<TtsCatalog> {
    let result = state.core.tts_catalog().await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

#[tauri::command]
pub async fn tts_estimate(
    app: AppHandle,
    state: State<'_, AppState>,
    request: SpeechRequest,
) -> CmdResult<CostEstimate> {
    let result = state.core.tts_estimate(request).await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

#[tauri::command]
pub async fn tts_compare_quote(
    app: AppHandle,
    state: State<'_, AppState>,
    requests: Vec<SpeechRequest>,
) -> CmdResult<CompareQuote> {
    let result = state.core.tts_compare_quote(requests).await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

#[tauri::command]
pub async fn synthesize_speech(
    app: AppHandle,
    state: State<'_, AppState>,
    request: SpeechRequest,
) -> CmdResult<Clip> {
    let started = std::time::Instant::now();
    let result = state.core.synthesize(request).await;
    crate::notify::finished(&app, crate::notify::Work::Synthesis, started).await;
    after_session_call(&app, &state, &result).await;
    let clip = result?;
    after_clip(&app, &state, &clip).await;
    Ok(clip)
}

#[tauri::command]
pub async fn retry_clip(app: AppHandle, state: State<'_, AppState>, id: String) -> CmdResult<Clip> {
    let started = std::time::Instant::now();
    let result = state.core.retry_clip(&id).await;
    crate::notify::finished(&app, crate::notify::Work::Synthesis, started).await;
    after_session_call(&app, &state, &result).await;
    let clip = result?;
    after_clip(&app, &state, &clip).await;
    Ok(clip)
}

#[tauri::command]
pub async fn tts_clips(state: State<'_, AppState>, filter: ClipFilter) -> CmdResult<Vec<Clip>> {
    Ok(state.core.tts_clips(filter).await?)
}

#[tauri::command]
pub async fn tts_clip(state: State<'_, AppState>, id: String) -> CmdResult<Clip> {
    Ok(state.core.tts_clip(&id).await?)
}

#[tauri::command]
pub async fn tts_totals(state: State<'_, AppState>) -> CmdResult<TtsTotals> {
    Ok(state.core.tts_totals().await?)
}

#[tauri::command]
pub async fn export_clip(
    state: State<'_, AppState>,
    id: String,
    destination: Option<String>,
) -> CmdResult<ClipExport> {
    Ok(state.core.export_clip(&id, destination).await?)
}

#[tauri::command]
pub async fn delete_clip(state: State<'_, AppState>, id: String) -> CmdResult<()> {
    Ok(state.core.delete_clip(&id).await?)
}

#[tauri::command]
pub async fn open_voice_library(
    app: AppHandle,
    state: State<'_, AppState>,
    tts_config_id: String,
) -> CmdResult<()> {
    let result = state.core.open_voice_library(&tts_config_id).await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

/// At start: requests cut off by a crash or kill are sent again under their own ids.
pub fn resume_on_start(app: AppHandle) {
    tauri::async_runtime::spawn(async move {
        use tauri::Manager;
        let Some(state) = app.try_state::<AppState>() else {
            return;
        };
        match state.core.resume_tts_clips().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(resumed = n, "speech requests resumed"),
            Err(err) => tracing::warn!(code = ?err.code(), "could not resume speech requests"),
        }
    });
}
