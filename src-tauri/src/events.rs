//! The one emitter for app-wide events: it implements the core's event port
//! (`xiaoya_core::Events`), so what the core announces (sessions changed or ended, balances,
//! settled clips, platform switches, sign-in callbacks) reaches the page. Every event is a
//! variant of `xiaoya_core::wire::AppEvent`, so the UI gets typed payloads through ts-rs.
//!
//! Events travel on a `Channel` the page hands over with the `app_events` command, not as
//! global Tauri events: the window's capability grants no `core:event` permission at all,
//! so no script in the webview can listen to any global event — in particular not to the
//! deep-link plugin's `deep-link://new-url`, which carries the authorization code.
//! The shell's own parts (the tray) listen with `listen`.

use std::sync::Mutex;

use tauri::ipc::Channel;
pub use xiaoya_core::wire::AppEvent;

/// The channels the page subscribed with (one per `onAppEvent` subscription of the
/// current page; cleared when a page starts loading).
/// A listener in the shell itself (the tray); called on the emitting task, must not block.
pub type Listener = Box<dyn Fn(&AppEvent) + Send + Sync>;

#[derive(Default)]
pub struct AppEventHub {
    channels: Mutex<Vec<Channel<AppEvent>>>,
    /// Kept across page loads.
    listeners: Mutex<Vec<Listener>>,
}

impl AppEventHub {
    pub fn subscribe(&self, channel: Channel<AppEvent>) {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels.push(channel);
        tracing::info!(channels = channels.len(), "the page subscribed to app events");
    }

    /// A page is (re)loading: its old channels have no one behind them any more.
    pub fn clear(&self) {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        tracing::info!(dropped = channels.len(), "a page is loading; its app event channels are dropped");
        channels.clear();
    }

    /// The shell's own parts hear every event too (the tray follows balances and sessions).
    pub fn listen(&self, listener: Listener) {
        self.listeners.lock().unwrap_or_else(|p| p.into_inner()).push(listener);
    }

    fn send(&self, event: &AppEvent) {
        for listener in self.listeners.lock().unwrap_or_else(|p| p.into_inner()).iter() {
            listener(event);
        }
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        for channel in channels.iter() {
            if let Err(err) = channel.send(event.clone()) {
                tracing::warn!(error = %err, "could not send an app event");
            }
        }
    }
}

impl xiaoya_core::Events for AppEventHub {
    fn emit(&self, event: AppEvent) {
        self.send(&event);
    }
}
