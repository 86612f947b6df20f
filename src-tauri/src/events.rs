//! The one emitter for app-wide events. Every event is a variant of
//! `xiaoya_core::wire::AppEvent`, so the UI gets typed payloads through ts-rs.

use tauri::{AppHandle, Emitter};
pub use xiaoya_core::wire::AppEvent;

/// The single event name the UI listens to.
pub const APP_EVENT: &str = "app-event";

pub fn emit(app: &AppHandle, event: AppEvent) {
    if let Err(err) = app.emit(APP_EVENT, &event) {
        tracing::warn!(error = %err, "could not emit app event");
    }
}
