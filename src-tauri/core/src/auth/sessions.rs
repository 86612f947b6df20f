//! Sessions after sign-in: listing (expired ones end on the way), who pays, the token
//! a feature uses, a 401 ending only that session (A12), and sign-out with revocation.

use url::Url;

use super::flow::{now_unix, summary};
use super::keychain;
use super::pending;
use super::secret::AccessToken;
use super::wire::SessionsView;
use crate::config::origin_string;
use crate::error::{Error, Result};
use crate::host::Core;
use crate::store::sessions::SessionRecord;

impl Core {
    /// Sessions for the current platform; expired ones are ended on the way.
    pub async fn sessions_view(&self) -> Result<SessionsView> {
        let platform = self.platform();
        let now = now_unix();
        let mut sessions = Vec::new();
        for s in self.db().sessions_for(&origin_string(&platform.origin), &platform.client_id).await? {
            if s.expires_at <= now {
                self.end_session(&s, "expired").await?;
            } else {
                sessions.push(s);
            }
        }
        let mut active_id = self.db().active_session_id().await?;
        if !sessions.iter().any(|s| Some(&s.id) == active_id.as_ref()) {
            active_id = sessions.first().map(|s| s.id.clone());
        }
        Ok(SessionsView {
            sessions: sessions.iter().map(|s| summary(s, now)).collect(),
            active_id,
            sign_in_pending: pending::any_pending(self.db(), now).await?,
        })
    }

    /// Makes this session's context the one that pays.
    pub async fn set_active_session(&self, id: &str) -> Result<SessionsView> {
        let view = self.sessions_view().await?;
        if !view.sessions.iter().any(|s| s.id == id) {
            return Err(Error::NotSignedIn);
        }
        self.db().set_active_session_id(Some(id)).await?;
        self.sessions_view().await
    }

    /// The session of the context that pays. Every feature call starts here, so the usual
    /// case is two row reads. When the chosen context has expired it is ended and the call
    /// fails with `SESSION_EXPIRED`: the work is never charged to another context the
    /// person did not choose (the window then shows who pays now). Only when no context
    /// was chosen yet does the first signed-in one answer, as the header shows it.
    pub async fn active_session(&self) -> Result<SessionRecord> {
        if let Some(id) = self.db().active_session_id().await? {
            if let Some(session) = self.db().session(&id).await? {
                let platform = self.platform();
                let same_platform = session.origin == origin_string(&platform.origin)
                    && session.client_id == platform.client_id;
                if same_platform {
                    if session.expires_at > now_unix() {
                        return Ok(session);
                    }
                    self.end_session(&session, "expired").await?;
                    return Err(Error::Unauthorized { code: "SESSION_EXPIRED".into(), request_id: None });
                }
            }
        }
        let view = self.sessions_view().await?;
        let id = view.active_id.ok_or(Error::NotSignedIn)?;
        self.db().session(&id).await?.ok_or(Error::NotSignedIn)
    }

    /// The token of a session, from the keychain.
    pub async fn token_for(&self, session: &SessionRecord) -> Result<AccessToken> {
        match keychain::get(self.keys(), session.keychain_account.clone()).await? {
            Some(token) => Ok(token),
            None => {
                self.end_session(session, "token missing from the keychain").await?;
                Err(Error::Unauthorized { code: "TOKEN_MISSING".into(), request_id: None })
            }
        }
    }

    /// Ends one session locally: keychain entry and facts removed; others untouched.
    pub async fn end_session(&self, session: &SessionRecord, reason: &str) -> Result<()> {
        keychain::delete(self.keys(), session.keychain_account.clone()).await?;
        self.db().delete_session(&session.id).await?;
        if self.db().active_session_id().await?.as_deref() == Some(&session.id) {
            self.db().set_active_session_id(None).await?;
        }
        tracing::info!(context = session.context.kind(), reason, "session ended");
        Ok(())
    }

    /// Maps a 401 on a session's call to the end of that session only (A12).
    pub async fn on_unauthorized<T>(&self, session: &SessionRecord, result: Result<T>) -> Result<T> {
        if let Err(Error::Unauthorized { .. }) = &result {
            self.end_session(session, "rejected by the platform (401)").await?;
        }
        result
    }

    /// Signs out: revoke at the platform, then remove the keychain entry and the facts
    /// even when revocation fails.
    pub async fn sign_out(&self, id: &str) -> Result<SessionsView> {
        let session = self.db().session(id).await?.ok_or(Error::NotSignedIn)?;
        if let Some(token) = keychain::get(self.keys(), session.keychain_account.clone()).await? {
            match Url::parse(&session.origin) {
                Ok(origin) => {
                    if let Err(err) = self.client().revoke(&origin, &session.client_id, &token).await {
                        tracing::warn!(code = ?err.code(), "revocation failed; signing out locally anyway");
                    }
                }
                Err(_) => tracing::warn!("stored origin is not a URL; signing out locally"),
            }
        }
        self.end_session(&session, "signed out").await?;
        self.sessions_view().await
    }
}
