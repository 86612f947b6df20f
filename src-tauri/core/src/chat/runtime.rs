//! Replies in flight (so Stop reaches them) and the stream's idle timeout: the chat area's
//! state, owned by the `Chat` service (`service.rs`).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use tokio::sync::watch;

use crate::foundation::error::{Error, Result};

/// How long a stream may stay silent before the reply counts as interrupted.
const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(90);

/// Replies being received right now, so Stop can reach them.
#[derive(Default)]
pub struct ChatRuntime {
    active: Mutex<HashMap<String, watch::Sender<bool>>>,
    idle_timeout: Mutex<Option<Duration>>,
}

impl ChatRuntime {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, watch::Sender<bool>>> {
        self.active.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Marks a reply as in flight; refused when it already is (a second Retry click).
    pub(super) fn begin(&self, message_id: &str) -> Result<watch::Receiver<bool>> {
        let mut active = self.lock();
        if active.contains_key(message_id) {
            return Err(Error::InvalidInput("this reply is already being received".into()));
        }
        let (tx, rx) = watch::channel(false);
        active.insert(message_id.to_owned(), tx);
        Ok(rx)
    }

    pub(super) fn end(&self, message_id: &str) {
        self.lock().remove(message_id);
    }

    pub fn is_active(&self, message_id: &str) -> bool {
        self.lock().contains_key(message_id)
    }

    /// Asks a reply in flight to stop. Returns whether one was running.
    pub fn stop(&self, message_id: &str) -> bool {
        match self.lock().get(message_id) {
            Some(tx) => {
                let _ = tx.send(true);
                true
            }
            None => false,
        }
    }

    /// For tests: a shorter silence before a stalled stream counts as interrupted.
    pub fn set_idle_timeout(&self, timeout: Duration) {
        *self.idle_timeout.lock().unwrap_or_else(|e| e.into_inner()) = Some(timeout);
    }

    pub(super) fn idle_timeout(&self) -> Duration {
        self.idle_timeout.lock().unwrap_or_else(|e| e.into_inner()).unwrap_or(DEFAULT_IDLE_TIMEOUT)
    }
}
