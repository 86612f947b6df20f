//! Sessions that end by themselves (expiry, a 401, a context the platform says is gone, a
//! token missing from the keychain): the notice that names the session and says why, kept
//! until dismissed or until that context is signed in again, and the rule that the payer
//! never changes silently — when the paying context ends, nothing is charged to anyone
//! until the person chooses who pays next. Each end is announced once, as `sessionEnded`.

use super::wire::AuthEvent;
use super::wire::{EndedSession, SessionEndReason};
use crate::api::CONTEXT_CODES;
use crate::auth::store::SessionRecord;
use crate::auth::Auth;
use crate::foundation::context::RequestedContext;
use crate::foundation::error::{Error, Result};

const NOTICES: &str = "sessions.ended_notices";
const PAYER_NOT_CHOSEN: &str = "sessions.payer_not_chosen";
/// Older notices are dropped beyond this many.
const KEEP: usize = 10;

fn now_rfc3339() -> String {
    time::OffsetDateTime::now_utc().format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
}

/// Why a session ended, from the error that ended it.
pub(crate) fn reason_of(err: &Error) -> (SessionEndReason, Option<String>, Option<String>) {
    match err {
        Error::Unauthorized { code, request_id } => {
            let reason = if CONTEXT_CODES.contains(&code.as_str()) {
                SessionEndReason::ContextEnded
            } else if code == "SESSION_EXPIRED" {
                SessionEndReason::Expired
            } else if code == "TOKEN_MISSING" {
                SessionEndReason::TokenMissing
            } else {
                SessionEndReason::Rejected
            };
            let code = Some(code.clone()).filter(|c| c != "SESSION_EXPIRED" && c != "TOKEN_MISSING");
            (reason, code, request_id.clone())
        }
        _ => (SessionEndReason::Rejected, None, None),
    }
}

fn same_context(notice: &EndedSession, context: &RequestedContext) -> bool {
    use super::wire::SessionContext;
    match (&notice.context, context) {
        (SessionContext::Personal, RequestedContext::Personal) => true,
        (SessionContext::Team { team_id: a, .. }, RequestedContext::Team { team_id: b }) => a == b,
        _ => false,
    }
}

impl Auth {
    pub(crate) async fn ended_notices(&self) -> Result<Vec<EndedSession>> {
        let raw = self.shared.db().setting(NOTICES).await?;
        // A notice list that no longer parses is only a lost notice, never a failure.
        Ok(raw.and_then(|r| serde_json::from_str(&r).ok()).unwrap_or_default())
    }

    async fn put_notices(&self, notices: &[EndedSession]) -> Result<()> {
        if notices.is_empty() {
            return self.shared.db().delete_setting(NOTICES).await;
        }
        let json =
            serde_json::to_string(notices).map_err(|source| Error::Json { what: "notices", source })?;
        self.shared.db().put_setting(NOTICES, &json).await
    }

    pub(crate) async fn payer_not_chosen(&self) -> Result<bool> {
        Ok(self.shared.db().setting(PAYER_NOT_CHOSEN).await?.is_some())
    }

    /// The person chose who pays (or signed in, which makes the new session pay).
    pub(crate) async fn payer_chosen(&self) -> Result<()> {
        self.shared.db().delete_setting(PAYER_NOT_CHOSEN).await
    }

    /// Whether `session` is the one paying now: the chosen one, or, when none was chosen
    /// and no choice is owed, the first signed-in one (as the header shows it).
    async fn is_paying(&self, session: &SessionRecord) -> Result<bool> {
        let db = self.shared.db();
        if let Some(id) = db.active_session_id().await? {
            if db.session(&id).await?.is_some() {
                return Ok(id == session.id);
            }
        }
        if self.payer_not_chosen().await? {
            return Ok(false);
        }
        let first = db.sessions_for(&session.origin, &session.client_id).await?.into_iter().next();
        Ok(first.is_some_and(|s| s.id == session.id))
    }

    /// Ends one session that ended by itself, leaving a notice that names it and says why,
    /// and announces it once (`sessionEnded`, with the view after it). If it was paying,
    /// nobody pays until the person chooses.
    pub(crate) async fn end_session_with_notice(
        &self,
        session: &SessionRecord,
        reason: SessionEndReason,
        platform_code: Option<String>,
        request_id: Option<String>,
    ) -> Result<()> {
        let Some(ended) = self.record_session_end(session, reason, platform_code, request_id).await? else {
            // Another call ended it a moment ago, and announced it with its own reason.
            return Ok(());
        };
        match self.sessions_view().await {
            Ok(view) => self.events.emit(AuthEvent::SessionEnded { ended, view }),
            Err(err) => {
                tracing::warn!(code = ?err.code(), "a session ended but the new view could not be read")
            }
        }
        Ok(())
    }

    /// The end itself, without announcing it: the session removed, the notice kept, the
    /// payer left unchosen if it paid. `sessions_view` announces the ones it ends. `None`:
    /// another call had already ended it; its notice and reason stand.
    pub(crate) async fn record_session_end(
        &self,
        session: &SessionRecord,
        reason: SessionEndReason,
        platform_code: Option<String>,
        request_id: Option<String>,
    ) -> Result<Option<EndedSession>> {
        let _one_at_a_time = self.ending.lock().await;
        if self.shared.db().session(&session.id).await?.is_none() {
            return Ok(None);
        }
        let was_paying = self.is_paying(session).await?;
        let now = super::flow::now_unix();
        let summary = super::flow::summary(session, now);
        self.end_session(session, reason_label(reason)).await?;
        if was_paying {
            self.shared.db().put_setting(PAYER_NOT_CHOSEN, "1").await?;
        }
        let mut notices = self.ended_notices().await?;
        notices.retain(|n| n.id != session.id);
        let ended = EndedSession {
            id: session.id.clone(),
            context: summary.context,
            display_name: summary.display_name,
            reason,
            platform_code,
            request_id,
            at: now_rfc3339(),
            was_paying,
        };
        notices.insert(0, ended.clone());
        notices.truncate(KEEP);
        self.put_notices(&notices).await?;
        Ok(Some(ended))
    }

    /// A new session for a context replaces any notice about that context ending.
    pub(crate) async fn forget_notices_for(&self, context: &RequestedContext) -> Result<()> {
        let mut notices = self.ended_notices().await?;
        let before = notices.len();
        notices.retain(|n| !same_context(n, context));
        if notices.len() != before {
            self.put_notices(&notices).await?;
        }
        Ok(())
    }

    /// Another platform: its sessions are other sessions, so the notices and a pending
    /// "choose who pays" of this one no longer apply.
    pub(crate) async fn forget_ended_sessions(&self) -> Result<()> {
        self.shared.db().delete_setting(NOTICES).await?;
        self.payer_chosen().await
    }

    /// The person read the notice about this ended session.
    pub async fn dismiss_session_notice(&self, id: &str) -> Result<super::wire::SessionsView> {
        let mut notices = self.ended_notices().await?;
        notices.retain(|n| n.id != id);
        self.put_notices(&notices).await?;
        Ok(self.sessions_changed(self.sessions_view().await?))
    }
}

fn reason_label(reason: SessionEndReason) -> &'static str {
    match reason {
        SessionEndReason::Expired => "expired",
        SessionEndReason::Rejected => "rejected by the platform (401)",
        SessionEndReason::ContextEnded => "its context ended at the platform",
        SessionEndReason::TokenMissing => "token missing from the keychain",
    }
}
