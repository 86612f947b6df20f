//! What a completed sign-in records: the identity the platform reports for the token
//! (`/me`, or for a Team token the member its Team context names where `/me` refuses Team
//! tokens), the exact Team context, the token in the keychain (A11).

use serde::Deserialize;

use super::flow::TeamContextData;
use super::pending::PendingAttempt;
use super::sessions::resolve_payer;
use crate::api::segment;
use crate::auth::store::{keychain_account, SessionRecord};
use crate::auth::Auth;
use crate::foundation::config::origin_string;
use crate::foundation::context::RequestedContext;
use crate::foundation::error::{Error, Result};
use crate::foundation::keychain;
use crate::foundation::secret::AccessToken;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct OpenAgentUser {
    user_id: String,
    display_name: String,
    avatar_url: Option<String>,
}

impl Auth {
    pub(super) async fn record_session(
        &self,
        attempt: &PendingAttempt,
        token: &AccessToken,
        scopes: Vec<String>,
        expires_in: i64,
        now: i64,
    ) -> Result<SessionRecord> {
        let origin = &attempt.origin;
        if !scopes.iter().any(|s| s == "profile") {
            return Err(Error::SignIn(
                "the platform did not grant `profile`, so the account cannot be identified".into(),
            ));
        }
        let me = self.shared.client().get_open::<OpenAgentUser>(origin, "/api/v1/open/me", token, None).await;
        let me = match (me, &attempt.context) {
            (Ok(me), _) => Some(me),
            // Some platforms refuse Team-bound tokens on `/me` as on the other Personal
            // routes; the Team context below then identifies the member instead.
            (Err(Error::Platform { status: 403, code, .. }), RequestedContext::Team { .. })
                if crate::api::CONTEXT_CODES.contains(&code.as_str()) =>
            {
                None
            }
            (Err(err), _) => return Err(err),
        };
        let mut record = SessionRecord {
            id: uuid::Uuid::new_v4().to_string(),
            origin: origin_string(origin),
            client_id: attempt.client_id.clone(),
            subject: String::new(),
            context: attempt.context.clone(),
            team_name: None,
            role: None,
            member_status: None,
            team_context_version: None,
            display_name: String::new(),
            avatar_url: None,
            granted_scopes: scopes,
            expires_at: now + expires_in,
            created_at: now,
            keychain_account: String::new(),
        };
        if let RequestedContext::Team { team_id } = &attempt.context {
            let path = format!("/api/v1/open/teams/{}/context", segment(team_id));
            let ctx: TeamContextData =
                self.shared.client().get_open(origin, &path, token, Some(team_id)).await?;
            if &ctx.team_id != team_id {
                return Err(Error::SignIn("the platform answered for a different Team".into()));
            }
            // The docs' own context example has no `name`: the one from the list the person
            // picked from stands in, and an id is never shown where a name was known.
            record.team_name =
                ctx.name.filter(|n| !n.trim().is_empty()).or_else(|| attempt.team_name.clone());
            record.role = super::teams::word(ctx.role);
            record.member_status = super::teams::word(ctx.member_status);
            record.team_context_version = ctx.team_context_version;
            if me.is_none() {
                // A11: keyed by what the server reported for this token — its Team member.
                let member = ctx.member_id.filter(|m| !m.is_empty()).ok_or_else(|| {
                    Error::SignIn("the platform identified neither the user (/me) nor the Team member".into())
                })?;
                record.subject = format!("member:{member}");
                // READINGS D2: the person who picked this Team from their Personal Team list
                // is already known by name; a member id stands in only when nobody is.
                let personal_name = self
                    .shared
                    .db()
                    .sessions_for(&record.origin, &record.client_id)
                    .await?
                    .into_iter()
                    .filter(|s| s.context == RequestedContext::Personal && s.expires_at > now)
                    .map(|s| s.display_name)
                    .find(|n| !n.trim().is_empty());
                record.display_name = personal_name.unwrap_or(member);
            }
        }
        if let Some(me) = me {
            record.subject = me.user_id;
            record.display_name = me.display_name;
            record.avatar_url = avatar_url(origin, me.avatar_url);
        }
        if attempt.is_account_access() {
            // Access is asked for the Personal session signed in here: a consent page
            // answered by another account renews nothing (the caller revokes the token).
            let same_account = self
                .shared
                .db()
                .sessions_for(&record.origin, &record.client_id)
                .await?
                .iter()
                .any(|s| s.context == RequestedContext::Personal && s.subject == record.subject);
            if !same_account {
                return Err(Error::SignIn(
                    "the consent page was answered by another account; your Personal sign-in is unchanged"
                        .into(),
                ));
            }
        }
        record.keychain_account =
            keychain_account(&record.origin, &record.client_id, &record.subject, &record.context);
        // The token a granted request for account access replaces, revoked once the new one
        // is kept: no narrower token stays valid at the platform unused.
        let replaced = match attempt.is_account_access() {
            true => keychain::get(self.shared.keys(), record.keychain_account.clone()).await.ok().flatten(),
            false => None,
        };
        keychain::put(self.shared.keys(), record.keychain_account.clone(), token.clone()).await?;
        // Who pays now, as the window shows it, before this session joins the list.
        let live: Vec<SessionRecord> = self
            .shared
            .db()
            .sessions_for(&record.origin, &record.client_id)
            .await?
            .into_iter()
            .filter(|s| s.expires_at > now)
            .collect();
        let payer_not_chosen = !live.is_empty() && self.payer_not_chosen().await?;
        let paying = resolve_payer(self.shared.db().active_session_id().await?, &live, payer_not_chosen);
        record.id = self.shared.db().upsert_session(&record).await?;
        // The payer changes only by the person's say: this session pays if they chose so
        // when starting (Personal always does), if it already paid (signed in again), or if
        // nobody pays and nobody is waiting to be chosen.
        let nobody_pays = paying.is_none() && !payer_not_chosen;
        if attempt.make_payer || nobody_pays || paying.as_deref() == Some(record.id.as_str()) {
            self.shared.db().set_active_session_id(Some(&record.id)).await?;
            self.payer_chosen().await?;
        } else {
            // Kept as it was, stored explicitly so the new session can't become the
            // fallback "first session" that pays.
            self.shared.db().set_active_session_id(paying.as_deref()).await?;
        }
        self.forget_notices_for(&record.context).await?;
        if let Some(old) = replaced.filter(|old| old.expose() != token.expose()) {
            if let Err(err) = self.shared.client().revoke(origin, &attempt.client_id, &old).await {
                tracing::warn!(code = ?err.code(), "the token replaced by the account access could not be revoked");
            }
        }
        tracing::info!(context = record.context.kind(), "signed in");
        Ok(record)
    }
}

/// Reading D3: `avatarUrl` is "format=uri, nullable"; a relative one (`/avatars/u1.png`) is
/// kept resolved against the platform's origin, an empty or non-web one is absent. (The
/// window shows initials, never a remote image: its CSP allows none.)
fn avatar_url(origin: &url::Url, raw: Option<String>) -> Option<String> {
    let raw = raw?;
    let raw = raw.trim();
    if raw.is_empty() {
        return None;
    }
    let url = origin.join(raw).ok()?;
    matches!(url.scheme(), "https" | "http").then(|| url.to_string())
}

#[cfg(test)]
mod avatar_tests {
    #[test]
    fn a_relative_avatar_url_is_resolved_and_a_blank_or_foreign_one_is_absent() {
        let origin = url::Url::parse("https://open.xiaoya.example/").unwrap();
        let read = |raw: Option<&str>| super::avatar_url(&origin, raw.map(str::to_owned));
        assert_eq!(
            read(Some("/avatars/u1.png")).as_deref(),
            Some("https://open.xiaoya.example/avatars/u1.png")
        );
        assert_eq!(read(Some("https://cdn.example/a.png")).as_deref(), Some("https://cdn.example/a.png"));
        assert_eq!(read(Some("  ")), None);
        assert_eq!(read(Some("javascript:alert(1)")), None);
        assert_eq!(read(None), None);
    }
}
