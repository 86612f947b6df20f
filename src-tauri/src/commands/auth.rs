//! Sign-in, sessions and the "charged to" context.

use tauri::{AppHandle, Manager, State};
use tauri_plugin_deep_link::DeepLinkExt;
use xiaoya_core::auth::wire::{ContextRequest, SessionSummary, SessionsView, SignInDiagnostics, TeamChoice};

use super::CmdResult;
use crate::events::{emit, AppEvent};
use crate::AppState;

fn changed(app: &AppHandle, view: &SessionsView) {
    emit(app, AppEvent::SessionsChanged { view: view.clone() });
}

#[tauri::command]
pub async fn begin_sign_in(app: AppHandle, state: State<'_, AppState>, request: ContextRequest) -> CmdResult<SessionsView> {
    let view = state.core.begin_sign_in(request).await?;
    changed(&app, &view);
    Ok(view)
}

#[tauri::command]
pub async fn cancel_sign_in(app: AppHandle, state: State<'_, AppState>) -> CmdResult<SessionsView> {
    let view = state.core.cancel_sign_in().await?;
    changed(&app, &view);
    Ok(view)
}

/// The sign-in page's link when no browser could be started, to copy into one by hand.
#[tauri::command]
pub async fn sign_in_link(state: State<'_, AppState>) -> CmdResult<Option<String>> {
    Ok(state.core.sign_in_link().await?)
}

#[tauri::command]
pub async fn sessions(state: State<'_, AppState>) -> CmdResult<SessionsView> {
    Ok(state.core.sessions_view().await?)
}

#[tauri::command]
pub async fn set_active_session(app: AppHandle, state: State<'_, AppState>, id: String) -> CmdResult<SessionsView> {
    let view = state.core.set_active_session(&id).await?;
    changed(&app, &view);
    Ok(view)
}

#[tauri::command]
pub async fn sign_out(app: AppHandle, state: State<'_, AppState>, id: String) -> CmdResult<SessionsView> {
    let view = state.core.sign_out(&id).await?;
    changed(&app, &view);
    Ok(view)
}

#[tauri::command]
pub async fn list_teams(app: AppHandle, state: State<'_, AppState>) -> CmdResult<Vec<TeamChoice>> {
    let result = state.core.list_teams().await;
    super::after_session_call(&app, &state, &result).await;
    Ok(result?)
}

#[tauri::command]
pub async fn sign_in_diagnostics(app: AppHandle, state: State<'_, AppState>) -> CmdResult<SignInDiagnostics> {
    let scheme = state.core.platform().redirect_uri.scheme().to_owned();
    let registered = app.deep_link().is_registered(&scheme).ok();
    Ok(state.core.sign_in_diagnostics(registered).await?)
}

#[tauri::command]
pub async fn dismiss_session_notice(app: AppHandle, state: State<'_, AppState>, id: String) -> CmdResult<SessionsView> {
    let view = state.core.dismiss_session_notice(&id).await?;
    changed(&app, &view);
    Ok(view)
}

/// A deep link from the OS (argv at cold start, or handed over by a second instance).
pub async fn handle_deep_link(app: &AppHandle, state: &AppState, url: &str) {
    let result = state.core.complete_sign_in(url).await;
    report_callback(app, state, result).await;
}

/// Loopback redirects: callbacks that reach a pending sign-in's listener, for the app's life.
pub fn serve_loopback_sign_ins(app: AppHandle) {
    tauri::async_runtime::spawn(async move {
        let Some(state) = app.try_state::<AppState>() else { return };
        loop {
            let result = state.core.next_loopback_sign_in().await;
            if result.as_ref().is_ok_and(|s| s.is_some()) {
                crate::focus_main_window(&app);
            }
            report_callback(&app, &state, result).await;
        }
    });
}

async fn report_callback(app: &AppHandle, state: &AppState, result: xiaoya_core::error::Result<Option<SessionSummary>>) {
    match result {
        Ok(Some(session)) => {
            emit(app, AppEvent::SignedIn { session });
            if let Ok(view) = state.core.sessions_view().await {
                changed(app, &view);
            }
        }
        Ok(None) => {}
        Err(err) => {
            tracing::warn!(code = ?err.code(), "sign-in callback refused");
            emit(app, AppEvent::SignInFailed { error: err.into() });
            if let Ok(view) = state.core.sessions_view().await {
                changed(app, &view);
            }
        }
    }
}
