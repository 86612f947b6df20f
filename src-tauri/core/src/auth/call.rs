//! Calls made on behalf of the active context: the session's token from the keychain,
//! its `PlatformContext` (origin parsed once), the request builder that sets the bearer and
//! Team headers, and a 401 ending only that session. `call_for_session` is the one place a
//! `ContextCall` is built.

use serde::de::DeserializeOwned;
use url::Url;

use reqwest::Method;

use crate::api::{segment, PlatformClient};
use crate::auth::store::SessionRecord;
use crate::auth::wire::SessionContext;
use crate::auth::Auth;
use crate::foundation::context::PlatformContext;
use crate::foundation::error::{Error, Result};
use crate::foundation::pages::{self, NextPage, Paged, PagesRead};
use crate::foundation::secret::AccessToken;

/// Everything a feature needs to call the platform for one session.
#[derive(Clone)]
pub struct ContextCall {
    pub session: SessionRecord,
    pub context: PlatformContext,
    pub token: AccessToken,
}

impl ContextCall {
    /// `Some(team_id)` for a Team session (sent as `X-Xiaoya-Team-Id` where documented).
    pub fn team_id(&self) -> Option<&str> {
        self.context.team_id()
    }

    /// The context's origin.
    pub fn origin(&self) -> &Url {
        &self.context.origin
    }

    /// A request to `path` at this context's origin, with its bearer token and, for a Team
    /// context, its Team header.
    pub fn request(
        &self,
        client: &PlatformClient,
        method: Method,
        path: &str,
    ) -> Result<reqwest::RequestBuilder> {
        let url = PlatformClient::url(&self.context.origin, path)?;
        Ok(client.authorized(method, url, Some(&self.token), self.team_id()))
    }

    /// A call for `session` that never reads its token: the bearer header it builds holds
    /// the placeholder `$XIAOYA_TOKEN`. For "Copy as curl", which shows the request the
    /// builders make without the secret ever entering that path (D3).
    pub fn without_token(session: SessionRecord) -> Result<ContextCall> {
        let context = PlatformContext::of(&session)?;
        let token = AccessToken::new(format!("${}", crate::api::curl::TOKEN_VARIABLE));
        Ok(ContextCall { session, context, token })
    }

    /// `/api/v1/open/teams/{team_id}` + `rest` for a Team session.
    pub fn team_path(&self, rest: &str) -> Option<String> {
        self.team_id().map(|t| format!("/api/v1/open/teams/{}{rest}", segment(t)))
    }
}

impl Auth {
    /// The active session, ready to call the platform. `scope` is checked first: a
    /// missing scope is `ScopeMissing`, not a failing request.
    pub async fn context_call(&self, scope: Option<&str>) -> Result<ContextCall> {
        let session = self.active_session().await?;
        self.call_for_session(session, scope).await
    }

    /// A call for the Personal session, whichever context pays now.
    pub async fn personal_call(&self) -> Result<ContextCall> {
        let view = self.sessions_view().await?;
        let personal =
            view.sessions.iter().find(|s| s.context == SessionContext::Personal).ok_or(Error::NotSignedIn)?;
        self.call_for_session_id(&personal.id).await
    }

    /// A call for the signed-in session with this local id, whichever context pays now (a
    /// read for a screen that shows another context; nothing is charged through it).
    pub async fn call_for_session_id(&self, id: &str) -> Result<ContextCall> {
        let session = self.shared.db().session(id).await?.ok_or(Error::NotSignedIn)?;
        self.call_for_session(session, None).await
    }

    /// A call for this session (active or not): `scope` checked first, then its token read.
    pub(crate) async fn call_for_session(
        &self,
        session: SessionRecord,
        scope: Option<&str>,
    ) -> Result<ContextCall> {
        if let Some(scope) = scope {
            if !session.has_scope(scope) {
                return Err(Error::ScopeMissing(scope.to_owned()));
            }
        }
        let context = PlatformContext::of(&session)?;
        let token = self.token_for(&session).await?;
        Ok(ContextCall { session, context, token })
    }

    /// GET an Open API route for this context; a 401 ends the session (A12).
    pub async fn context_get<T: DeserializeOwned>(&self, call: &ContextCall, path: &str) -> Result<T> {
        let result = self.shared.client().get_open(call.origin(), path, &call.token, call.team_id()).await;
        self.on_unauthorized(&call.session, result).await
    }

    /// GET a list route for this context in every page the platform splits it in (READINGS
    /// P1): `keys` name the list as its reader looks for it; `exact` reads amounts without a
    /// float (see [`Self::context_get_exact`]). Each page is one GET with the same waits and
    /// 401 rule as any read; a page that repeats one already asked, or adds nothing, ends it.
    pub async fn context_get_list(
        &self,
        call: &ContextCall,
        path: &str,
        keys: &[&str],
        exact: bool,
    ) -> Result<Paged> {
        let read_page = |path: String| async move {
            if exact {
                self.context_get_exact(call, &path).await
            } else {
                self.context_get::<serde_json::Value>(call, &path).await
            }
        };
        let mut paged =
            Paged { data: read_page(path.to_owned()).await?, read: PagesRead { pages: 1, complete: true } };
        let mut read = pages::entries(&paged.data, keys);
        // The page last read, whose paging fields say what comes next (`None`: the first,
        // which is `paged.data` itself: appending to its list leaves those fields as sent).
        let mut latest: Option<serde_json::Value> = None;
        let mut asked = std::collections::HashSet::new();
        while let Some(next) = pages::next_page(latest.as_ref().unwrap_or(&paged.data), call.origin(), read) {
            if next == NextPage::Elsewhere || paged.read.pages >= pages::MAX_PAGES {
                paged.read.complete = false;
                break;
            }
            if !asked.insert(next.clone()) {
                tracing::warn!(path, ?next, "a list named a page it had already given; read as ended");
                break;
            }
            let page = read_page(next.path(path)).await?;
            let added = pages::append(&mut paged.data, &page, keys)?;
            paged.read.pages += 1;
            if added == 0 {
                break;
            }
            read += added;
            latest = Some(page);
        }
        if paged.read.pages > 1 || !paged.read.complete {
            tracing::info!(
                path,
                pages = paged.read.pages,
                complete = paged.read.complete,
                read,
                "a list came in pages"
            );
        }
        Ok(paged)
    }

    /// GET an Open API route for this context and read its `data` exactly (see
    /// [`crate::foundation::reading::exact_json`]): for answers that carry amounts.
    pub async fn context_get_exact(&self, call: &ContextCall, path: &str) -> Result<serde_json::Value> {
        let raw: Box<serde_json::value::RawValue> = self.context_get(call, path).await?;
        crate::foundation::reading::exact_json(raw.get())
            .map_err(|e| Error::Decode(format!("platform response: {e}")))
    }
}
