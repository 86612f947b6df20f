//! Sign-in and session types that cross IPC. None of them can hold a token, a code or
//! a verifier: those types (`Sensitive`) do not even implement `Serialize`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::foundation::error::ErrorCode;

/// Who pays for what the app does: the Personal account or one exact Team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum ContextRequest {
    /// Personal: signing in to it makes it the payer (it is the account's own balance).
    Personal,
    /// A Team. `make_payer` is the person's choice in the sign-in flow: when false, whoever
    /// pays now keeps paying (the Team pays only if nobody does).
    Team { team_id: String, make_payer: bool },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
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
    /// The redirect URI the pending sign-in sent (a loopback one carries its port).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_redirect_uri: Option<String>,
    /// The last sign-in that waited past its 10 minutes without the browser coming back.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expired_sign_in: Option<ExpiredSignIn>,
    /// Sessions that ended without a sign-out, newest first, until dismissed or signed in again.
    pub ended: Vec<EndedSession>,
    /// The context that paid has ended and the person has not chosen who pays next: every
    /// action on the active context is refused with `PAYER_NOT_CHOSEN` until they do.
    pub payer_not_chosen: bool,
}

/// Why a session ended without the person signing out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SessionEndReason {
    /// Its 7 days ran out.
    Expired,
    /// The platform refused its token (401: revoked, expired early, or replaced).
    Rejected,
    /// The platform said the token no longer belongs to its context (a Team membership,
    /// role or context version changed): 401, or 403 `TEAM_CONTEXT_MISMATCH` /
    /// `TEAM_OAUTH_AUTHORIZATION_REQUIRED` on a route that worked before.
    ContextEnded,
    /// The token is no longer in the keychain.
    TokenMissing,
}

/// A session that ended by itself: which one, why, and whether it was paying.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EndedSession {
    /// The ended session's local id.
    pub id: String,
    pub context: SessionContext,
    pub display_name: String,
    pub reason: SessionEndReason,
    /// The platform's code, when it gave one (`TEAM_CONTEXT_MISMATCH`, `OPEN_AGENT_TOKEN_INVALID`, …).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform_code: Option<String>,
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// RFC 3339 UTC.
    pub at: String,
    /// It was the context that paid when it ended.
    pub was_paying: bool,
}

/// A sign-in whose state expired: what it was for and the redirect URI it sent, so the person
/// can compare it with the one registered for the client.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ExpiredSignIn {
    pub context_kind: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_id: Option<String>,
    pub redirect_uri: String,
    /// Whether the person had chosen that this sign-in pays (a Team's "Use this Team for
    /// charges"); starting again keeps the choice.
    pub make_payer: bool,
    /// Why it ended without its callback.
    pub reason: LapseReason,
}

/// Why a sign-in ended without its callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum LapseReason {
    /// Ten minutes passed without the browser coming back.
    TimedOut,
    /// The app restarted and could not listen on the loopback port the attempt sent again.
    NotListening,
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
    /// The Team's own status (`status`), lower case.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// The person's membership of it (`memberStatus`: `active`, `disabled`, `invited` …),
    /// lower case (READINGS E3).
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member_status: Option<String>,
}

/// What testers look at when sign-in fails. Never a secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SignInDiagnostics {
    pub origin: String,
    pub client_id: String,
    /// The configured redirect URI (a loopback one may have no port).
    pub redirect_uri: String,
    pub redirect_kind: crate::foundation::config::RedirectKind,
    /// The exact redirect URI the pending sign-in sent (with the port a loopback one got).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_redirect_uri: Option<String>,
    /// The deep-link scheme callbacks arrive through (empty for a loopback redirect).
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
    pub recent: Vec<SignInEvent>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum SignInOutcome {
    /// The browser was opened; the callback has not come back (yet).
    Started,
    SignedIn,
    Failed,
    /// A callback that belongs to no attempt started here, or came with none pending.
    Refused,
    Cancelled,
    /// Ten minutes passed without the browser coming back: check the redirect URI the
    /// client is registered with against `redirectUri` (the one this attempt sent).
    Expired,
}

/// One step of the sign-in history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SignInEvent {
    /// RFC 3339 UTC.
    pub at: String,
    pub outcome: SignInOutcome,
    /// `personal` or `team`, when known (a refused link has no attempt).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context_kind: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_id: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_code: Option<ErrorCode>,
    /// The platform's own code (`invalid_grant`, `HTTP_500`, …).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub platform_code: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// What the platform or the app said, as plain text, capped.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The exact `redirect_uri` this attempt sent (started and expired attempts).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirect_uri: Option<String>,
}

/// What sign-in and the sessions announce by themselves (`Auth`'s emitter); the composition
/// root turns each into the app-wide `AppEvent` of the same name.
#[derive(Debug, Clone)]
pub enum AuthEvent {
    SessionsChanged { view: SessionsView },
    SignedIn { session: SessionSummary },
    SignInFailed { error: crate::foundation::error::IpcError },
    SessionEnded { ended: EndedSession, view: SessionsView },
}
