//! Playback of saved clips (the audio thread lives in the core).

use tauri::State;
use xiaoya_core::audio::wire::PlaybackState;

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn play_clip(state: State<'_, AppState>, id: String) -> CmdResult<PlaybackState> {
    Ok(state.core.tts().play_clip(&id).await?)
}

#[tauri::command]
pub async fn pause_playback(state: State<'_, AppState>) -> CmdResult<PlaybackState> {
    Ok(state.core.audio().pause_playback().await?)
}

#[tauri::command]
pub async fn resume_playback(state: State<'_, AppState>) -> CmdResult<PlaybackState> {
    Ok(state.core.audio().resume_playback().await?)
}

#[tauri::command]
pub async fn stop_playback(state: State<'_, AppState>) -> CmdResult<PlaybackState> {
    Ok(state.core.audio().stop_playback().await?)
}

#[tauri::command]
pub async fn seek_playback(state: State<'_, AppState>, position_ms: u32) -> CmdResult<PlaybackState> {
    Ok(state.core.audio().seek_playback(position_ms).await?)
}

#[tauri::command]
pub async fn set_playback_volume(state: State<'_, AppState>, volume: f32) -> CmdResult<PlaybackState> {
    Ok(state.core.audio().set_playback_volume(volume).await?)
}

#[tauri::command]
pub async fn playback_state(state: State<'_, AppState>) -> CmdResult<PlaybackState> {
    Ok(state.core.audio().playback_state().await?)
}
