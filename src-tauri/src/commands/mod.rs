//! Thin `#[tauri::command]` adapters, one file per area: get state, call one core
//! function, map the error. No SQL, HTTP or keychain code here, and no policy: the core
//! announces what happened (sessions, balances, clips) through its event port itself.

pub mod account;
pub mod agents;
pub mod app;
pub mod audio;
pub mod auth;
pub mod billing;
pub mod cassettes;
pub mod chat;
pub mod check;
pub mod models;
pub mod registry;
pub mod teams;
pub mod tts;

use xiaoya_core::IpcError;

/// Every command returns this; the error side is the closed `{ code, message }` shape.
pub type CmdResult<T> = Result<T, IpcError>;
