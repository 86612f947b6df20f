//! The jobs the app starts once, at start-up: deep links handed over by the OS, the loopback
//! sign-in listener's loop, and speech requests a crash cut short. They are not commands (the
//! page never calls them), so they live here rather than in `commands/`.

use tauri::{AppHandle, Manager};

use crate::AppState;

/// Deep links the OS handed over, each completing the sign-in it belongs to.
pub fn deliver_deep_links(app: tauri::AppHandle, urls: Vec<String>) {
    tauri::async_runtime::spawn(async move {
        let Some(state) = app.try_state::<AppState>() else { return };
        for url in urls {
            handle_deep_link(&state, &url).await;
        }
    });
}

/// A deep link from the OS (argv at cold start, or handed over by a second instance). The
/// core announces how it ended (`signedIn` / `signInFailed`, then `sessionsChanged`).
async fn handle_deep_link(state: &AppState, url: &str) {
    let _ = state.core.auth().complete_sign_in(url).await;
}

/// Loopback redirects: callbacks that reach a pending sign-in's listener, for the app's life.
pub fn serve_loopback_sign_ins(app: AppHandle) {
    tauri::async_runtime::spawn(async move {
        let Some(state) = app.try_state::<AppState>() else { return };
        loop {
            if state.core.auth().next_loopback_sign_in().await.is_ok_and(|s| s.is_some()) {
                crate::focus_main_window(&app);
            }
        }
    });
}

/// At start: requests cut off by a crash or kill are sent again under their own ids.
pub fn resume_on_start(app: AppHandle) {
    tauri::async_runtime::spawn(async move {
        let Some(state) = app.try_state::<AppState>() else {
            return;
        };
        match state.core.tts().resume_tts_clips().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(resumed = n, "speech requests resumed"),
            Err(err) => tracing::warn!(code = ?err.code(), "could not resume speech requests"),
        }
    });
}
