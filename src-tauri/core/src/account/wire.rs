//! What the Account screen's Personal card is handed about the account's entitlements.

use serde::Serialize;
use ts_rs::TS;

use crate::teams::wire::{TeamEntitlements, TeamRead};

/// The Personal entitlements: not granted (nothing was asked of the platform), or the
/// answer read as the Team entitlements are (read, refused — a 403 for the scope included —
/// or failed).
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "state", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum PersonalEntitlements {
    /// The Personal sign-in was not granted `account`; the person may ask for it.
    NotGranted { session_id: String },
    /// Asked with the Personal session's token.
    Asked { session_id: String, read: Box<TeamRead<TeamEntitlements>> },
}
