//! Balances, usage and the points ledger: the Personal breakdown, the Team wallet and
//! member quota, Personal usage, the Team context, a snapshot of each balance refresh, and
//! the views that explain how a balance changed.
//!
//! Points are exact throughout (`points::Points`, integer micro-points); nothing here
//! parses an amount through a float, and amounts cross IPC as decimal text.
//!
//! For features that charge (chat, TTS, the billable checks): record the charge with
//! `Db::record_charge`, then call `Billing::balance_after_charge(session_id)`, which reads the
//! balance again; every reading is announced as `AppEvent::BalanceChanged`. Before a charged action, call
//! `Billing::balance_check(estimate)` and warn on `Low` / `Exceeds` — never block.

pub mod attribution;
mod balance;
mod export;
mod history;
mod platform;
pub mod points;
pub mod read;
mod service;
pub mod tray;
pub mod wire;

pub use balance::balance_path;
pub use service::Billing;

pub mod ledger;
pub mod store;
#[cfg(test)]
mod tests;

pub use points::Points;

/// The low-balance threshold until the person sets one.
pub const DEFAULT_LOW_BALANCE_THRESHOLD: i64 = 100;
/// A balance older than this is refreshed before a balance check (the UI marks the header
/// stale after the same time).
pub const STALE_AFTER_MS: i64 = 5 * 60 * 1000;

pub(crate) fn now_ms() -> i64 {
    let nanos = time::OffsetDateTime::now_utc().unix_timestamp_nanos();
    i64::try_from(nanos / 1_000_000).unwrap_or(i64::MAX)
}
