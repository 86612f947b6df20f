//! Sign-in and session types that cross IPC. None of them can hold a token, a code or
//! a verifier: those types (`Sensitive`) do not even implement `Serialize`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Who pays for what the app does: the Personal account or one exact Team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum ContextRequest {
    Personal,
    Team { team_id: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum SessionContext {
    Personal,
    Team {
        team_id: String,
        team_name: String,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        member_status: Option<String>,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        team_context_version: Option<i64>,
    },
}

/// One signed-in session, as the UI shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SessionSummary {
    /// A local id for this session (not a platform identifier, not a secret).
    pub id: String,
    pub context: SessionContext,
    pub display_name: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub avatar_url: Option<String>,
    /// The platform's subject for this app (`userId`).
    pub user_id: String,
    /// Team role (`owner`, `admin`, `member`); none for Personal.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    pub granted_scopes: Vec<String>,
    /// RFC 3339 UTC.
    pub expires_at: String,
    /// Seconds left at the time of this answer (0 once expired).
    #[ts(type = "number")]
    pub expires_in_secs: i64,
    pub origin: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SessionsView {
    pub sessions: Vec<SessionSummary>,
    /// The session whose context pays for actions right now.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active_id: Option<String>,
    /// Whether a sign-in is waiting for the browser to come back.
    pub sign_in_pending: bool,
}

/// A Team the signed-in user can choose for a Team sign-in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamChoice {
    pub team_id: String,
    pub name: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
}

/// What testers look at when sign-in fails. Never a secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SignInDiagnostics {
    pub origin: String,
    pub client_id: String,
    pub redirect_uri: String,
    pub scheme: String,
    /// Whether the OS sends `scheme://` links to this app (`null` when the OS can't tell).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheme_registered: Option<bool>,
    pub keychain_backend: String,
    pub personal_scopes: String,
    pub team_scopes: String,
    pub sessions: Vec<SessionSummary>,
    pub sign_in_pending: bool,
    /// The sign-in attempts of this run, newest first: how each ended and why.
    pub recent: Vec<super::attempts::SignInEvent>,
}
