//! Sessions after sign-in: listing (expired ones end on the way), who pays, the token
//! a feature uses, a 401 ending only that session (A12), and sign-out with revocation.

use super::flow::{now_unix, summary};
use super::pending;
use super::wire::AuthEvent;
use super::wire::{SessionEndReason, SessionsView};
use crate::auth::store::SessionRecord;
use crate::auth::Auth;
use crate::foundation::config::origin_string;
use crate::foundation::error::{Error, Result};
use crate::foundation::keychain;
use crate::foundation::secret::AccessToken;

impl Auth {
    /// Sessions for the current platform; expired ones are ended on the way (and each end
    /// announced as `sessionEnded`, with this view).
    pub async fn sessions_view(&self) -> Result<SessionsView> {
        let now = now_unix();
        let (sessions, expired) = self.sessions_by_expiry(now).await?;
        let mut ended = Vec::new();
        for s in &expired {
            ended.extend(self.record_session_end(s, SessionEndReason::Expired, None, None).await?);
        }
        let pending = self.pending_sign_in(now).await?;
        let view = self.view_of(&sessions, pending, now).await?;
        for ended in ended {
            self.events.emit(AuthEvent::SessionEnded { ended, view: view.clone() });
        }
        Ok(view)
    }

    /// The same view, changing nothing and announcing nothing: what the window's first
    /// frame shows (`Core::boot_state`), read before the page can hear an event. An expired
    /// session is left out rather than ended, and a lapsed sign-in is not purged; the page's
    /// first `sessions` call does both and announces them.
    pub async fn sessions_snapshot(&self) -> Result<SessionsView> {
        let now = now_unix();
        let (sessions, _expired) = self.sessions_by_expiry(now).await?;
        let pending = pending::newest_pending(self.shared.db(), now).await?;
        self.view_of(&sessions, pending, now).await
    }

    /// The current platform's sessions: (still valid, expired).
    async fn sessions_by_expiry(&self, now: i64) -> Result<(Vec<SessionRecord>, Vec<SessionRecord>)> {
        let platform = self.shared.platform();
        let all =
            self.shared.db().sessions_for(&origin_string(&platform.origin), &platform.client_id).await?;
        Ok(all.into_iter().partition(|s| s.expires_at > now))
    }

    async fn view_of(
        &self,
        sessions: &[SessionRecord],
        pending: Option<String>,
        now: i64,
    ) -> Result<SessionsView> {
        let payer_not_chosen = !sessions.is_empty() && self.payer_not_chosen().await?;
        let active_id =
            resolve_payer(self.shared.db().active_session_id().await?, sessions, payer_not_chosen);
        Ok(SessionsView {
            sessions: sessions.iter().map(|s| summary(s, now)).collect(),
            payer_not_chosen: payer_not_chosen && active_id.is_none(),
            active_id,
            sign_in_pending: pending.is_some(),
            pending_redirect_uri: pending,
            expired_sign_in: self.expired_sign_in(),
            ended: self.ended_notices().await?,
        })
    }

    /// Announces `view` as the sessions now (`sessionsChanged`) and hands it back.
    pub(crate) fn sessions_changed(&self, view: SessionsView) -> SessionsView {
        self.events.emit(AuthEvent::SessionsChanged { view: view.clone() });
        view
    }

    /// Reads the sessions and announces them; a failed read is only logged.
    pub(crate) async fn announce_sessions(&self) {
        match self.sessions_view().await {
            Ok(view) => {
                self.sessions_changed(view);
            }
            Err(err) => tracing::warn!(code = ?err.code(), "the sessions could not be read to announce them"),
        }
    }

    /// The redirect URI of the newest sign-in still waiting; attempts whose 10 minutes ran
    /// out are dropped here and said so (their listeners close by themselves).
    pub(crate) async fn pending_sign_in(&self, now: i64) -> Result<Option<String>> {
        for lapsed in pending::purge_expired(self.shared.db(), self.shared.keys(), now).await? {
            tracing::info!(context = lapsed.context.kind(), "a sign-in expired before the browser came back");
            self.sign_in_history().push_expired(&lapsed);
        }
        pending::newest_pending(self.shared.db(), now).await
    }

    pub(crate) fn expired_sign_in(&self) -> Option<super::wire::ExpiredSignIn> {
        self.sign_in_history().expired()
    }

    /// Makes this session's context the one that pays.
    pub async fn set_active_session(&self, id: &str) -> Result<SessionsView> {
        let view = self.sessions_view().await?;
        if !view.sessions.iter().any(|s| s.id == id) {
            return Err(Error::NotSignedIn);
        }
        self.shared.db().set_active_session_id(Some(id)).await?;
        self.payer_chosen().await?;
        Ok(self.sessions_changed(self.sessions_view().await?))
    }

    /// The session of the context that pays. Every feature call starts here, so the usual
    /// case is two row reads. When the chosen context has expired it is ended and the call
    /// fails with `SESSION_EXPIRED`: the work is never charged to another context the
    /// person did not choose. After the paying context ended, every call fails with
    /// `PAYER_NOT_CHOSEN` until the person picks who pays. Only when no context was ever
    /// chosen does the first signed-in one answer, as the header shows it. `NOT_SIGNED_IN`
    /// and `PAYER_NOT_CHOSEN` come with the view announced (`sessionsChanged`).
    pub async fn active_session(&self) -> Result<SessionRecord> {
        if let Some(id) = self.shared.db().active_session_id().await? {
            if let Some(session) = self.shared.db().session(&id).await? {
                let platform = self.shared.platform();
                let same_platform = session.origin == origin_string(&platform.origin)
                    && session.client_id == platform.client_id;
                if same_platform {
                    if session.expires_at > now_unix() {
                        return Ok(session);
                    }
                    self.end_session_with_notice(&session, SessionEndReason::Expired, None, None).await?;
                    return Err(Error::Unauthorized { code: "SESSION_EXPIRED".into(), request_id: None });
                }
            }
        }
        let view = self.sessions_view().await?;
        if view.payer_not_chosen {
            self.sessions_changed(view);
            return Err(Error::PayerNotChosen);
        }
        let session = match &view.active_id {
            Some(id) => self.shared.db().session(id).await?,
            None => None,
        };
        match session {
            Some(session) => Ok(session),
            None => {
                self.sessions_changed(view);
                Err(Error::NotSignedIn)
            }
        }
    }

    /// The token of a session, from the keychain.
    pub async fn token_for(&self, session: &SessionRecord) -> Result<AccessToken> {
        match keychain::get(self.shared.keys(), session.keychain_account.clone()).await? {
            Some(token) => Ok(token),
            None => {
                self.end_session_with_notice(session, SessionEndReason::TokenMissing, None, None).await?;
                Err(Error::Unauthorized { code: "TOKEN_MISSING".into(), request_id: None })
            }
        }
    }

    /// Ends one session locally: keychain entry and facts removed; others untouched.
    pub async fn end_session(&self, session: &SessionRecord, reason: &str) -> Result<()> {
        keychain::delete(self.shared.keys(), session.keychain_account.clone()).await?;
        self.shared.db().delete_session(&session.id).await?;
        if self.shared.db().active_session_id().await?.as_deref() == Some(&session.id) {
            self.shared.db().set_active_session_id(None).await?;
        }
        tracing::info!(context = session.context.kind(), reason, "session ended");
        Ok(())
    }

    /// Maps a 401 (or a context code on a context route, see `api::read_envelope`) on a
    /// session's call to the end of that session only (A12), with a notice saying why.
    pub async fn on_unauthorized<T>(&self, session: &SessionRecord, result: Result<T>) -> Result<T> {
        if let Err(err @ Error::Unauthorized { .. }) = &result {
            // Another call may have ended it a moment ago; its notice stands.
            if self.shared.db().session(&session.id).await?.is_some() {
                let (reason, code, request_id) = super::ended::reason_of(err);
                self.end_session_with_notice(session, reason, code, request_id).await?;
            }
        }
        result
    }

    /// Signs out: revoke at the platform, then remove the keychain entry and the facts
    /// even when revocation fails.
    pub async fn sign_out(&self, id: &str) -> Result<SessionsView> {
        let session = self.shared.db().session(id).await?.ok_or(Error::NotSignedIn)?;
        if let Some(token) = keychain::get(self.shared.keys(), session.keychain_account.clone()).await? {
            match crate::foundation::context::PlatformContext::of(&session) {
                Ok(context) => {
                    if let Err(err) =
                        self.shared.client().revoke(&context.origin, &session.client_id, &token).await
                    {
                        tracing::warn!(code = ?err.code(), "revocation failed; signing out locally anyway");
                    }
                }
                Err(_) => tracing::warn!("stored origin is not a URL; signing out locally"),
            }
        }
        self.end_session(&session, "signed out").await?;
        Ok(self.sessions_changed(self.sessions_view().await?))
    }
}

/// Who pays among the live `sessions`: the stored choice while that session lives; else the
/// first session, unless the paying context ended and the person has yet to choose (never a
/// silent switch).
pub(super) fn resolve_payer(
    stored: Option<String>,
    sessions: &[SessionRecord],
    payer_not_chosen: bool,
) -> Option<String> {
    if sessions.iter().any(|s| Some(&s.id) == stored.as_ref()) {
        return stored;
    }
    if payer_not_chosen {
        None
    } else {
        sessions.first().map(|s| s.id.clone())
    }
}
