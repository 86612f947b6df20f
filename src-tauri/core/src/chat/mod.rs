//! Chat with the active context's models through `POST /api/proxy/v1/chat/completions`.
//!
//! Personal replies stream (`stream: true`); Team replies are not streamed and carry the
//! five `X-Xiaoya-*` workflow headers, generated here and never by the UI. Every turn has
//! one `X-Request-ID`, journaled with the exact request body before the first send;
//! Retry sends that body again under the same id (and, for Team, the same run with the
//! next attempt). Conversations live in SQLite, scoped to the context that pays.

pub mod cost;
pub mod export;
pub mod json_check;
pub mod params;
pub mod sse;
pub mod stream;
pub mod wire;

mod conversations;
mod copied;
mod finish;
pub(crate) mod gateway;
pub mod runtime;
mod service;
mod turn;

pub use service::Chat;

#[cfg(test)]
mod bench;
pub mod store;
#[cfg(test)]
mod tests;

use crate::foundation::error::{Error, Result};
pub use runtime::ChatRuntime;
use wire::{ChatEvent, ChatSettings};

/// Where each reply's progress goes (a `tauri::ipc::Channel` in the app). `send` answers
/// false once nobody listens any more; the reply then stops as if Stop was pressed.
pub trait ChatSink: Send + Sync {
    fn send(&self, event: ChatEvent) -> bool;
}

impl<F: Fn(ChatEvent) -> bool + Send + Sync> ChatSink for F {
    fn send(&self, event: ChatEvent) -> bool {
        self(event)
    }
}

/// A finished request: the reply as it ended, and the session whose context paid (its
/// balance was already read again and announced).
#[derive(Debug, Clone)]
pub struct ChatTurn {
    pub reply: wire::ChatMessage,
    pub session_id: String,
}

/// The node id this app reports for its chat calls (`X-Xiaoya-Node-Id`).
pub const NODE_ID: &str = "companion-chat-reply";
/// The workflow version (`X-Xiaoya-Workflow-Version-Id`) until one is set in settings.
pub const DEFAULT_WORKFLOW_VERSION_ID: &str = "xiaoya-companion-chat-v1";
const WORKFLOW_SETTING: &str = "chat.team_workflow_version_id";
/// The platform's Team attempt range is 1..=6.
pub const MAX_ATTEMPT: u32 = 6;

/// Header-safe, short, and not empty.
fn valid_workflow_version(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 128
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b':'))
}

impl Chat {
    pub async fn chat_settings(&self) -> Result<ChatSettings> {
        let stored = self.shared.db().setting(WORKFLOW_SETTING).await?.filter(|v| valid_workflow_version(v));
        Ok(ChatSettings {
            workflow_version_id: stored.unwrap_or_else(|| DEFAULT_WORKFLOW_VERSION_ID.to_owned()),
            default_workflow_version_id: DEFAULT_WORKFLOW_VERSION_ID.to_owned(),
            node_id: NODE_ID.to_owned(),
        })
    }

    /// Sets the Team workflow version id; an empty value returns to the default.
    pub async fn set_chat_workflow_version(&self, value: &str) -> Result<ChatSettings> {
        let value = value.trim();
        if value.is_empty() {
            self.shared.db().delete_setting(WORKFLOW_SETTING).await?;
        } else if valid_workflow_version(value) {
            self.shared.db().put_setting(WORKFLOW_SETTING, value).await?;
        } else {
            return Err(Error::InvalidInput(
                "a workflow version id has up to 128 letters, digits, '.', '_', '-' or ':'".into(),
            ));
        }
        self.chat_settings().await
    }

    /// Stops a reply in flight; its partial text is kept and marked stopped.
    pub fn chat_stop(&self, message_id: &str) -> bool {
        self.chat_runtime().stop(message_id)
    }

    /// Opens an `https` link from a reply in the system browser, after the person clicked
    /// it (T4). Nothing else is ever opened.
    pub fn open_external_link(&self, raw: &str) -> Result<()> {
        let url = url::Url::parse(raw.trim()).map_err(|_| Error::InvalidInput("not a link".into()))?;
        if url.scheme() != "https"
            || url.host_str().is_none()
            || !url.username().is_empty()
            || url.password().is_some()
        {
            return Err(Error::InvalidInput("only https links open in the browser".into()));
        }
        self.shared
            .browser()
            .open(&url)
            .map_err(|source| Error::Io { action: "could not open the browser", source })
    }
}

#[cfg(test)]
mod unit_tests {
    use super::*;

    #[test]
    fn workflow_versions_are_header_safe() {
        assert!(valid_workflow_version("workflow_version_01"));
        assert!(valid_workflow_version("wf:v1.2-rc"));
        assert!(!valid_workflow_version(""));
        assert!(!valid_workflow_version("has space"));
        assert!(!valid_workflow_version("line\nbreak"));
        assert!(!valid_workflow_version(&"x".repeat(129)));
    }

    #[test]
    fn a_reply_runs_once_and_can_be_stopped() {
        let runtime = ChatRuntime::default();
        let rx = runtime.begin("m1").unwrap();
        assert!(runtime.begin("m1").is_err());
        assert!(runtime.stop("m1"));
        assert!(*rx.borrow());
        runtime.end("m1");
        assert!(!runtime.stop("m1"));
    }
}
