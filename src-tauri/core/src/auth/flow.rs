//! The sign-in flow on `Auth`: start (browser), complete (deep link or loopback
//! listener), the Teams list and the diagnostics. What a completed sign-in records is in
//! `record.rs`.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::Deserialize;
use url::Url;

use super::attempts::{LapseReason, SignInOutcome};
use super::callback::{self, Outcome};
use super::loopback::Page;
use super::pending::{self, Claim, PendingAttempt};
use super::pkce::{new_state, Pkce};
use super::wire::AuthEvent;
use super::wire::{
    ContextRequest, SessionContext, SessionSummary, SessionsView, SignInDiagnostics, TeamChoice,
};
use crate::api::oauth::CodeExchange;
use crate::auth::store::SessionRecord;
use crate::auth::Auth;
use crate::foundation::config::{origin_string, RedirectKind};
use crate::foundation::context::RequestedContext;
use crate::foundation::error::{Error, Result};

/// Least privilege: never `charge`; Team adds `team_read` and drops `usage` (the
/// platform rejects Team tokens on Personal usage).
pub const PERSONAL_SCOPES: &str = "profile balance usage model";
pub const TEAM_SCOPES: &str = "profile balance model team_read";
/// The Personal account's own details (its entitlements). Never asked at the first sign-in:
/// only when the person asks for it on the Account screen (`begin_account_access`).
pub const ACCOUNT_SCOPE: &str = "account";

/// The scopes an incremental consent asks for: what the session was granted, in its order,
/// then `extra` if it is not among them.
pub fn scopes_with(granted: &[String], extra: &str) -> String {
    let mut scopes: Vec<&str> = Vec::new();
    for scope in granted.iter().map(String::as_str).chain([extra]) {
        if !scope.is_empty() && !scopes.contains(&scope) {
            scopes.push(scope);
        }
    }
    scopes.join(" ")
}

pub fn now_unix() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct TeamContextData {
    pub(super) team_id: String,
    pub(super) name: Option<String>,
    pub(super) role: Option<String>,
    pub(super) member_status: Option<String>,
    #[serde(default, deserialize_with = "crate::foundation::reading::lenient_whole")]
    pub(super) team_context_version: Option<i64>,
    pub(super) member_id: Option<String>,
}

use crate::foundation::clock::rfc3339;

pub fn summary(s: &SessionRecord, now: i64) -> SessionSummary {
    let context = match &s.context {
        RequestedContext::Personal => SessionContext::Personal,
        RequestedContext::Team { team_id } => SessionContext::Team {
            team_id: team_id.clone(),
            team_name: s.team_name.clone().unwrap_or_else(|| team_id.clone()),
            member_status: s.member_status.clone(),
            team_context_version: s.team_context_version,
        },
    };
    SessionSummary {
        id: s.id.clone(),
        context,
        display_name: s.display_name.clone(),
        avatar_url: s.avatar_url.clone(),
        user_id: s.subject.clone(),
        role: s.role.clone(),
        granted_scopes: s.granted_scopes.clone(),
        expires_at: rfc3339(s.expires_at),
        expires_in_secs: (s.expires_at - now).max(0),
        origin: s.origin.clone(),
    }
}

impl Auth {
    /// Starts a sign-in: a fresh verifier and state, the attempt saved, the authorize
    /// page opened in the system browser.
    pub async fn begin_sign_in(&self, request: ContextRequest) -> Result<SessionsView> {
        let requested = match &request {
            ContextRequest::Personal => Some(RequestedContext::Personal),
            ContextRequest::Team { team_id, .. } => {
                Some(RequestedContext::Team { team_id: team_id.trim().to_owned() })
                    .filter(|c| !c.team_id().is_empty())
            }
        };
        let result = self.begin_sign_in_inner(request).await;
        let history = self.sign_in_history();
        match &result {
            Ok(_) => history.push(SignInOutcome::Started, requested.as_ref(), None),
            Err(err) => history.push(SignInOutcome::Failed, requested.as_ref(), Some(err)),
        }
        result.map(|view| self.sessions_changed(view))
    }

    /// Incremental consent (#29): a new Personal sign-in in the system browser asking for
    /// the scopes the Personal session was granted plus `account`, only because the person
    /// asked. Who pays does not change: the attempt is not a payer choice, so the session
    /// it renews keeps paying if it paid and nobody else's payer is touched. A refused or
    /// cancelled consent changes nothing: the session and its token stay as they were.
    pub async fn begin_account_access(&self) -> Result<SessionsView> {
        let requested = RequestedContext::Personal;
        let result = self.begin_account_access_inner().await;
        let history = self.sign_in_history();
        match &result {
            Ok(_) => history.push(SignInOutcome::Started, Some(&requested), None),
            Err(err) => history.push(SignInOutcome::Failed, Some(&requested), Some(err)),
        }
        result.map(|view| self.sessions_changed(view))
    }

    async fn begin_account_access_inner(&self) -> Result<SessionsView> {
        let view = self.sessions_view().await?;
        let personal =
            view.sessions.iter().find(|s| s.context == SessionContext::Personal).ok_or(Error::NotSignedIn)?;
        let scopes = scopes_with(&personal.granted_scopes, ACCOUNT_SCOPE);
        // Every other Personal sign-in pays; `false` here is also how a lapsed consent is
        // told apart, so its "Start again" asks for access again (ui SignInExpired.tsx).
        self.start_browser_sign_in(RequestedContext::Personal, &scopes, false).await
    }

    async fn begin_sign_in_inner(&self, request: ContextRequest) -> Result<SessionsView> {
        let (context, scopes, make_payer) = match request {
            ContextRequest::Personal => (RequestedContext::Personal, PERSONAL_SCOPES, true),
            ContextRequest::Team { team_id, make_payer } => {
                let team_id = team_id.trim().to_owned();
                if team_id.is_empty() || team_id.len() > 64 || team_id.chars().any(|c| c.is_control()) {
                    return Err(Error::InvalidInput("choose a Team to sign in to".into()));
                }
                (RequestedContext::Team { team_id }, TEAM_SCOPES, make_payer)
            }
        };
        self.start_browser_sign_in(context, scopes, make_payer).await
    }

    async fn start_browser_sign_in(
        &self,
        context: RequestedContext,
        scopes: &str,
        make_payer: bool,
    ) -> Result<SessionsView> {
        let platform = self.shared.platform();
        let pkce = Pkce::new();
        let state = new_state();
        // Expired attempts are noted (and said) before a new one starts.
        self.pending_sign_in(now_unix()).await?;
        self.sign_in_history().clear_expired();
        // A loopback redirect listens for this one attempt; the port it got is what is sent.
        // On a fixed port the new attempt replaces the one waiting there (its listener too).
        let redirect_uri = match platform.redirect_kind() {
            RedirectKind::Loopback => {
                if platform.redirect_uri.port().is_some() {
                    let uri = platform.redirect_uri.as_str();
                    pending::remove_for_redirect(self.shared.db(), self.shared.keys(), uri).await?;
                }
                self.loopback().listen(&platform.redirect_uri).await?
            }
            RedirectKind::DeepLink | RedirectKind::HttpsForwarded => platform.redirect_uri.clone(),
        };
        let mut url = crate::api::PlatformClient::url(&platform.origin, "/oauth/authorize")?;
        {
            let mut q = url.query_pairs_mut();
            q.append_pair("response_type", "code")
                .append_pair("client_id", &platform.client_id)
                .append_pair("redirect_uri", redirect_uri.as_str())
                .append_pair("scope", scopes)
                .append_pair("state", &state)
                .append_pair("code_challenge", &pkce.challenge)
                .append_pair("code_challenge_method", "S256");
            if let RequestedContext::Team { team_id } = &context {
                q.append_pair("team_id", team_id);
            }
        }
        let team_name = match &context {
            RequestedContext::Team { team_id } => self.known_team_name(team_id),
            RequestedContext::Personal => None,
        };
        let attempt = PendingAttempt {
            verifier: pkce.verifier,
            redirect_uri,
            origin: platform.origin.clone(),
            client_id: platform.client_id.clone(),
            context,
            make_payer,
            team_name,
        };
        pending::insert(self.shared.db(), self.shared.keys(), &state, &attempt, now_unix()).await?;
        self.sign_in_history().set_link(None);
        if let Err(e) = self.shared.browser().open(&url) {
            // Nothing failed at the platform: the attempt stays pending, and the person can
            // copy its link into a browser they start themselves.
            let err = Error::BrowserUnavailable(e);
            tracing::warn!(code = ?err.code(), "no browser could be started for the sign-in page");
            self.sign_in_history().set_link(Some(url.to_string()));
            return Err(err);
        }
        tracing::info!(context = attempt.context.kind(), "sign-in started in the system browser");
        self.sessions_view().await
    }

    /// The sign-in page's link of the attempt whose browser could not be started, to copy
    /// into a browser by hand. `None` once it completed, was cancelled or another began.
    pub async fn sign_in_link(&self) -> Result<Option<String>> {
        if !self.sessions_view().await?.sign_in_pending {
            self.sign_in_history().set_link(None);
        }
        Ok(self.sign_in_history().link())
    }

    /// Forgets every sign-in still waiting for the browser.
    pub async fn cancel_sign_in(&self) -> Result<SessionsView> {
        self.sign_in_history().set_link(None);
        pending::clear(self.shared.db(), self.shared.keys()).await?;
        self.loopback().close_all().await;
        self.sign_in_history().clear_expired();
        self.sign_in_history().push(SignInOutcome::Cancelled, None, None);
        Ok(self.sessions_changed(self.sessions_view().await?))
    }

    /// Handles a deep link. Links that are not this app's callback are ignored
    /// (`Ok(None)`); a callback with no sign-in pending is refused (A6).
    pub async fn complete_sign_in(&self, raw: &str) -> Result<Option<SessionSummary>> {
        let Some(target) = self.shared.platform().deep_link_target() else {
            // A loopback redirect's callback comes to its listener, never as a deep link.
            tracing::info!("ignored a deep link: sign-in uses a loopback redirect");
            return Ok(None);
        };
        self.complete_at(raw, &target, false).await.0
    }

    /// Waits for the next callback that reaches a loopback listener, completes it exactly
    /// like a deep link, and shows the browser how it ended. The shell calls it in a loop.
    ///
    /// A refused callback (no attempt pending, a state that matches none, a malformed link)
    /// is only noted in the diagnostics and the log: nothing is announced, so a web page
    /// that sweeps local ports cannot make the window say the pending sign-in failed. The
    /// browser gets the listener's one 404, and the listener keeps waiting. A callback
    /// whose attempt was kept (the keychain did not answer) keeps its listener too.
    pub async fn next_loopback_sign_in(&self) -> Result<Option<SessionSummary>> {
        let hit = self.loopback().next().await;
        let target = hit.redirect_uri.clone();
        let (result, refused) = self.complete_at(&hit.url, &target, true).await;
        let page = match (&result, refused) {
            (Ok(Some(_)), _) => Page::SignedIn,
            (_, Some(Refused::NothingPending | Refused::NotOurs)) | (Ok(None), _) => Page::Refused,
            (Err(_), Some(Refused::Lapsed) | None) => {
                let kept = pending::pending_for_redirect(self.shared.db(), target.as_str(), now_unix()).await;
                if kept.unwrap_or(true) {
                    Page::Kept
                } else {
                    Page::Failed
                }
            }
        };
        hit.answer(page);
        result
    }

    /// At start: each loopback sign-in still waiting gets its listener back on the port it
    /// sent, so the browser can still come back after the app restarted. An attempt whose
    /// port can't be listened on again ends here, said in the window as a lapsed sign-in
    /// and in the diagnostics; the window never waits for a browser nothing listens for.
    pub async fn reopen_loopback_listeners(&self) -> Result<()> {
        let now = now_unix();
        for raw in pending::pending_redirect_uris(self.shared.db(), now).await? {
            let Some(uri) = Url::parse(&raw).ok().filter(is_loopback_redirect) else { continue };
            let err = match self.loopback().listen(&uri).await {
                Ok(bound) if bound == uri => continue,
                Ok(bound) => {
                    self.loopback().close_port(bound.port().unwrap_or_default()).await;
                    Error::Invariant("a reopened loopback listener got another port")
                }
                Err(err) => err,
            };
            tracing::warn!(code = ?err.code(), "a pending loopback sign-in could not listen again; it ended");
            let ended = Error::SignIn(format!(
                "the app restarted and could not listen on {raw} again; start the sign-in again"
            ));
            for lapsed in pending::remove_for_redirect(self.shared.db(), self.shared.keys(), &raw).await? {
                self.sign_in_history().push(SignInOutcome::Failed, Some(&lapsed.context), Some(&ended));
                self.sign_in_history().push_lapsed(&lapsed, LapseReason::NotListening);
            }
        }
        Ok(())
    }

    /// Completes a callback addressed to `target`; also says why it was refused (it belonged
    /// to no attempt pending here) rather than failed.
    ///
    /// Only a callback's own attempt may hear that it failed. A link for no attempt pending
    /// here (an unknown state, a malformed link, any loopback request with nothing pending)
    /// is noted once in the diagnostics for a run of them and never announced: the window
    /// would tie a `signInFailed` to the attempt that is waiting, so a forged
    /// `xiaoya-companion://oauth/callback?code=x&state=unknown` (or a port sweep) could make a
    /// genuine sign-in look failed (issue 25). A late link of an attempt that lapsed is said
    /// by the lapse notice (`expired_sign_in`) and the diagnostics, not as a failure of the
    /// attempt waiting now. With no sign-in pending at all, a deep link is refused and said
    /// (`NO_PENDING_SIGN_IN`, A6): there is no attempt to tie it to.
    async fn complete_at(
        &self,
        raw: &str,
        target: &Url,
        loopback: bool,
    ) -> (Result<Option<SessionSummary>>, Option<Refused>) {
        let mut claimed = None;
        let mut refused = None;
        let result = self.complete_sign_in_inner(raw, target, loopback, &mut claimed, &mut refused).await;
        let history = self.sign_in_history();
        match (&result, refused) {
            (Ok(None), _) => {}
            (Ok(Some(_)), _) => history.push(SignInOutcome::SignedIn, claimed.as_ref(), None),
            // A deep link with no sign-in pending (A6): refused, and said so.
            (Err(err), Some(Refused::NothingPending)) if !loopback => {
                history.push(SignInOutcome::Refused, None, Some(err))
            }
            // A link for no attempt pending here (A4): noted once for a run of them,
            // announced never.
            (Err(err), Some(Refused::NothingPending | Refused::NotOurs)) => {
                tracing::info!(code = ?err.code(), loopback, "sign-in callback refused");
                history.push_refusal(err);
                return (result, refused);
            }
            // Its attempt lapsed: `push_expired` noted it and set the lapse notice, which
            // the window hears with the sessions.
            (Err(err), Some(Refused::Lapsed)) => {
                tracing::info!(code = ?err.code(), loopback, "a lapsed sign-in's callback arrived");
                self.announce_sessions().await;
                return (result, refused);
            }
            (Err(err), None) => history.push(SignInOutcome::Failed, claimed.as_ref(), Some(err)),
        }
        self.announce_callback(&result).await;
        (result, refused)
    }

    /// How a callback ended, announced: `signedIn` or `signInFailed`, then the sessions.
    async fn announce_callback(&self, result: &Result<Option<SessionSummary>>) {
        match result {
            Ok(None) => return,
            Ok(Some(session)) => self.events.emit(AuthEvent::SignedIn { session: session.clone() }),
            Err(err) => {
                tracing::warn!(code = ?err.code(), "sign-in callback refused");
                self.events
                    .emit(AuthEvent::SignInFailed { error: crate::foundation::error::IpcError::from(err) });
            }
        }
        self.announce_sessions().await;
    }

    async fn complete_sign_in_inner(
        &self,
        raw: &str,
        redirect: &Url,
        loopback: bool,
        claimed: &mut Option<RequestedContext>,
        refused: &mut Option<Refused>,
    ) -> Result<Option<SessionSummary>> {
        if !callback::is_callback_for(raw, redirect) {
            tracing::info!("ignored a deep link that is not the sign-in callback");
            return Ok(None);
        }
        let now = now_unix();
        if !pending::any_pending(self.shared.db(), now).await? {
            *refused = Some(Refused::NothingPending);
            return Err(Error::NoPendingSignIn);
        }
        let cb = callback::parse(raw, redirect).map_err(|e| {
            *refused = Some(Refused::NotOurs);
            Error::SignIn(e.to_string())
        })?;
        let attempt = match pending::claim(self.shared.db(), self.shared.keys(), &cb.state, now).await? {
            Claim::Found(a) => {
                *claimed = Some(a.context.clone());
                a
            }
            Claim::Expired(lapsed) => {
                *refused = Some(Refused::Lapsed);
                self.sign_in_history().push_expired(&lapsed);
                return Err(Error::SignIn(format!(
                    "this sign-in took longer than 10 minutes; start again (it sent the redirect URI {})",
                    lapsed.redirect_uri
                )));
            }
            Claim::Unknown => {
                *refused = Some(Refused::NotOurs);
                tracing::warn!("ignored a sign-in callback whose state matches no attempt");
                return Err(Error::SignIn(
                    "the link does not belong to a sign-in started here; it was ignored".into(),
                ));
            }
        };
        // A loopback callback must reach the listener its own attempt opened (same port).
        if loopback && &attempt.redirect_uri != redirect {
            return Err(Error::SignIn("the callback reached another sign-in's listener".into()));
        }
        let code = match cb.outcome {
            Outcome::Error { error, description, .. } => return Err(Error::OAuth { error, description }),
            Outcome::Code(code) => code,
        };
        // The code is sent exactly once; any failure below means starting again (A8).
        let grant = self
            .shared
            .client()
            .exchange_code(CodeExchange {
                origin: &attempt.origin,
                client_id: &attempt.client_id,
                code: &code,
                redirect_uri: &attempt.redirect_uri,
                verifier: &attempt.verifier,
            })
            .await?;
        let token = grant.access_token;
        if let Err(err) = check_binding(&attempt.context, grant.team_id.as_deref()) {
            // Discard a token bound to anything but what was asked for (A11).
            let _ = self.shared.client().revoke(&attempt.origin, &attempt.client_id, &token).await;
            return Err(err);
        }
        match self
            .record_session(&attempt, &token, grant.scopes, grant.expires_in.as_secs() as i64, now)
            .await
        {
            Ok(record) => Ok(Some(summary(&record, now))),
            Err(err) => {
                let _ = self.shared.client().revoke(&attempt.origin, &attempt.client_id, &token).await;
                Err(err)
            }
        }
    }

    /// Teams the Personal session's user can pick for a Team sign-in.
    pub async fn list_teams(&self) -> Result<Vec<TeamChoice>> {
        let call = self.personal_call().await?;
        let paged =
            self.context_get_list(&call, "/api/v1/open/teams", super::teams::TEAM_LISTS, false).await?;
        let (teams, mut report) = super::teams::read_teams(&paged.data)?;
        paged.read.note(&mut report);
        if !report.is_clean() {
            tracing::info!(?report, "the Team list was read tolerantly");
        }
        // The names the person sees here are the ones a Team sign-in and its session keep
        // (the Team context answer need not carry one), and fill in sessions that have none.
        for team in teams.iter().filter(|t| t.name != t.team_id) {
            self.remember_team_name(&team.team_id, &team.name);
            self.shared.db().fill_team_name(&call.session.origin, &team.team_id, &team.name).await?;
        }
        Ok(teams)
    }

    pub async fn sign_in_diagnostics(&self, scheme_registered: Option<bool>) -> Result<SignInDiagnostics> {
        let platform = self.shared.platform();
        let view = self.sessions_view().await?;
        Ok(SignInDiagnostics {
            origin: origin_string(&platform.origin),
            client_id: platform.client_id.clone(),
            redirect_uri: platform.redirect_uri.to_string(),
            redirect_kind: platform.redirect_kind(),
            pending_redirect_uri: view.pending_redirect_uri.clone(),
            scheme: platform.deep_link_target().map(|u| u.scheme().to_owned()).unwrap_or_default(),
            scheme_registered,
            keychain_backend: self.shared.keys().backend().to_owned(),
            personal_scopes: PERSONAL_SCOPES.to_owned(),
            team_scopes: TEAM_SCOPES.to_owned(),
            sessions: view.sessions,
            sign_in_pending: view.sign_in_pending,
            recent: self.sign_in_history().recent(),
        })
    }
}

/// An `http` redirect URI to a loopback IP literal with its port: one a listener serves.
/// Why a callback was refused rather than failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refused {
    /// No sign-in is pending at all.
    NothingPending,
    /// A sign-in is pending, but the link is not its: an unknown state, a malformed link.
    NotOurs,
    /// The link's own attempt lapsed (past 10 minutes).
    Lapsed,
}

fn is_loopback_redirect(uri: &Url) -> bool {
    let loopback_ip = match uri.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        _ => false,
    };
    uri.scheme() == "http" && loopback_ip && uri.port().is_some()
}

/// A Team token must be bound to exactly the Team asked for; a Personal token to none.
fn check_binding(requested: &RequestedContext, granted_team: Option<&str>) -> Result<()> {
    match (requested, granted_team) {
        (RequestedContext::Personal, None) => Ok(()),
        (RequestedContext::Team { team_id }, Some(t)) if t == team_id => Ok(()),
        (RequestedContext::Personal, Some(_)) => Err(Error::SignIn(
            "the platform returned a Team token for a Personal sign-in; it was discarded".into(),
        )),
        (RequestedContext::Team { .. }, _) => {
            Err(Error::SignIn("the platform bound the token to a different Team; it was discarded".into()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_binding_must_match_exactly() {
        let team = RequestedContext::Team { team_id: "team_alpha".into() };
        assert!(check_binding(&team, Some("team_alpha")).is_ok());
        assert!(check_binding(&team, Some("team_beta")).is_err());
        assert!(check_binding(&team, None).is_err());
        assert!(check_binding(&RequestedContext::Personal, None).is_ok());
        assert!(check_binding(&RequestedContext::Personal, Some("team_alpha")).is_err());
    }

    #[test]
    fn scopes_are_least_privilege() {
        for scopes in [PERSONAL_SCOPES, TEAM_SCOPES] {
            assert!(!scopes.split(' ').any(|s| s == "charge" || s == "team_manage"));
            assert!(!scopes.split(' ').any(|s| s == ACCOUNT_SCOPE), "`account` only when the person asks");
        }
        assert!(!TEAM_SCOPES.contains("usage"));
    }

    #[test]
    fn consent_asks_for_what_was_granted_plus_the_new_scope_once() {
        let granted: Vec<String> = ["profile", "balance", "model"].map(String::from).to_vec();
        assert_eq!(scopes_with(&granted, "account"), "profile balance model account");
        let again: Vec<String> = ["profile", "account"].map(String::from).to_vec();
        assert_eq!(scopes_with(&again, "account"), "profile account");
    }
}
