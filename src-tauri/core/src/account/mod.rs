//! The Personal account's own details (#29): its entitlements (`GET
//! /api/v1/open/account/entitlements`, scope `account`), read with the Team entitlements'
//! reader and shown with the same view. The `account` scope is never asked at the first
//! sign-in; the person asks for it (`Auth::begin_account_access`).

mod service;
pub mod wire;

pub use service::{PersonalAccount, PERSONAL_ENTITLEMENTS};

#[cfg(test)]
mod tests;
