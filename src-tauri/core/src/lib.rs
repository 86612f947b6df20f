//! Xiaoya Companion's core: everything that touches a credential, the network, the
//! database or audio lives here, with no Tauri dependency. The Tauri shell in
//! `src-tauri/` only adapts these functions to IPC commands.

pub mod account;
pub mod agents;
pub mod api;
pub mod audio;
pub mod auth;
pub mod billing;
pub mod cassettes;
pub mod chat;
pub mod check;
pub mod copied;
pub mod documents;
pub mod events;
pub mod foundation;
pub mod host;
pub mod models;
pub mod shared;
pub mod store;
pub mod teams;
pub mod tts;
pub mod wire;

#[cfg(test)]
pub mod testing;
#[cfg(test)]
mod tests;

pub use events::Events;
pub use foundation::error::{Error, ErrorCode, IpcError};
pub use host::Core;
