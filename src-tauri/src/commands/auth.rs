//! Sign-in, sessions and the "charged to" context.

use tauri::{AppHandle, State};
use tauri_plugin_deep_link::DeepLinkExt;
use xiaoya_core::auth::wire::{ContextRequest, SessionsView, SignInDiagnostics, TeamChoice};

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn begin_sign_in(state: State<'_, AppState>, request: ContextRequest) -> CmdResult<SessionsView> {
    Ok(state.core.auth().begin_sign_in(request).await?)
}

#[tauri::command]
pub async fn begin_account_access(state: State<'_, AppState>) -> CmdResult<SessionsView> {
    Ok(state.core.auth().begin_account_access().await?)
}

#[tauri::command]
pub async fn cancel_sign_in(state: State<'_, AppState>) -> CmdResult<SessionsView> {
    Ok(state.core.auth().cancel_sign_in().await?)
}

/// The sign-in page's link when no browser could be started, to copy into one by hand.
#[tauri::command]
pub async fn sign_in_link(state: State<'_, AppState>) -> CmdResult<Option<String>> {
    Ok(state.core.auth().sign_in_link().await?)
}

#[tauri::command]
pub async fn sessions(state: State<'_, AppState>) -> CmdResult<SessionsView> {
    Ok(state.core.auth().sessions_view().await?)
}

#[tauri::command]
pub async fn set_active_session(state: State<'_, AppState>, id: String) -> CmdResult<SessionsView> {
    Ok(state.core.auth().set_active_session(&id).await?)
}

#[tauri::command]
pub async fn sign_out(state: State<'_, AppState>, id: String) -> CmdResult<SessionsView> {
    Ok(state.core.auth().sign_out(&id).await?)
}

#[tauri::command]
pub async fn list_teams(state: State<'_, AppState>) -> CmdResult<Vec<TeamChoice>> {
    Ok(state.core.auth().list_teams().await?)
}

#[tauri::command]
pub async fn sign_in_diagnostics<R: tauri::Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> CmdResult<SignInDiagnostics> {
    let scheme = state.core.platform().redirect_uri.scheme().to_owned();
    let registered = app.deep_link().is_registered(&scheme).ok();
    Ok(state.core.auth().sign_in_diagnostics(registered).await?)
}

#[tauri::command]
pub async fn dismiss_session_notice(state: State<'_, AppState>, id: String) -> CmdResult<SessionsView> {
    Ok(state.core.auth().dismiss_session_notice(&id).await?)
}
