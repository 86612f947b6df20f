//! The TTS explorer: the catalog of the active context, estimates before and receipts after,
//! idempotent synthesis (one `X-Request-ID` per action, journaled before the first send,
//! reused by every retry and by the resume after a crash), audio saved atomically, and the
//! audio ledger. The `Tts` service (`service.rs`) owns the area's state (`state.rs`) and is
//! given the `Auth`, `Billing` and `Audio` services it calls.

pub mod catalog;
mod copied;
pub mod estimate;
mod export;
pub mod files;
pub mod input;
pub mod ledger;
pub mod read;
pub mod send;
mod service;
mod settle;
pub mod state;
pub mod synth;
pub mod wire;

pub mod store;
#[cfg(test)]
pub(crate) mod tests;

pub use service::Tts;
pub use state::{InFlight, TtsState};

pub use crate::foundation::clock::now_ms;
