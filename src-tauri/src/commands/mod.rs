//! Thin `#[tauri::command]` adapters, one file per area: get state, call one core
//! function, map the error. No SQL, HTTP or keychain code here.

pub mod app;
pub mod audio;
pub mod auth;
pub mod billing;
pub mod chat;
pub mod check;
pub mod models;
pub mod registry;
pub mod tts;

use xiaoya_core::{Error, IpcError};

use crate::events::{emit, AppEvent};
use crate::AppState;

/// Every command returns this; the error side is the closed `{ code, message }` shape.
pub type CmdResult<T> = Result<T, IpcError>;

/// After a call that used a session: a 401 (or a context code) ended that session in the
/// core, or nobody pays until the person chooses, so tell the UI the sessions changed.
pub async fn after_session_call<T>(app: &tauri::AppHandle, state: &AppState, result: &Result<T, Error>) {
    if let Err(Error::Unauthorized { .. } | Error::NotSignedIn | Error::PayerNotChosen) = result {
        if let Ok(view) = state.core.sessions_view().await {
            emit(app, AppEvent::SessionsChanged { view });
        }
    }
}
