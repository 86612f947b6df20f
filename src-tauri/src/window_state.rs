//! Window size and position kept between runs (`tauri-plugin-window-state`, a file in the
//! config folder). The plugin writes its file only when the app exits normally or the
//! window is closed; an app ended by a signal (logout, `kill`) would lose the last size.
//! So the state is also written once the window has stopped moving or resizing.
//!
//! The write runs on the main thread. The plugin holds its state lock while it asks the
//! window for its size and position; asked from another thread, each answer waits for the
//! main thread, which may at that moment be in the plugin's own `Moved`/`Resized` handler
//! waiting for the same lock: the window froze blank (found by the e2e watchdog, whose
//! stacks showed the main thread in that handler and a tokio worker in `save_window_state`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tauri::AppHandle;
use tauri_plugin_window_state::{AppHandleExt, StateFlags};

/// How long the window must stay still before its state is written.
const SETTLE: Duration = Duration::from_millis(500);

/// Bumped on every move or resize; a pending write runs only if it is still the last one.
static CHANGES: AtomicU64 = AtomicU64::new(0);

/// Called on each `Moved`/`Resized` event of a window.
pub fn changed(app: &AppHandle) {
    let this = CHANGES.fetch_add(1, Ordering::SeqCst) + 1;
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        tokio::time::sleep(SETTLE).await;
        if CHANGES.load(Ordering::SeqCst) != this {
            return;
        }
        let handle = app.clone();
        let queued = app.run_on_main_thread(move || {
            if let Err(err) = handle.save_window_state(StateFlags::all()) {
                tracing::warn!(error = %err, "could not save the window's size and position");
            }
        });
        if let Err(err) = queued {
            tracing::warn!(error = %err, "could not save the window's size and position");
        }
    });
}
