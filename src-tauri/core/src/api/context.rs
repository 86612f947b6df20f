//! Calls made on behalf of the active context: the session's token from the keychain,
//! its origin, the Team header for Team sessions, and a 401 ending only that session.

use serde::de::DeserializeOwned;
use url::Url;

use super::segment;
use crate::auth::secret::AccessToken;
use crate::error::{Error, Result};
use crate::host::Core;
use crate::store::sessions::SessionRecord;

/// Everything a feature needs to call the platform for one session.
pub struct ContextCall {
    pub session: SessionRecord,
    pub origin: Url,
    pub token: AccessToken,
}

impl ContextCall {
    /// `Some(team_id)` for a Team session (sent as `X-Xiaoya-Team-Id` where documented).
    pub fn team_id(&self) -> Option<&str> {
        self.session.team_id()
    }

    /// `/api/v1/open/teams/{team_id}` + `rest` for a Team session.
    pub fn team_path(&self, rest: &str) -> Option<String> {
        self.team_id().map(|t| format!("/api/v1/open/teams/{}{rest}", segment(t)))
    }
}

impl Core {
    /// The active session, ready to call the platform. `scope` is checked first: a
    /// missing scope is `ScopeMissing`, not a failing request.
    pub async fn context_call(&self, scope: Option<&str>) -> Result<ContextCall> {
        let session = self.active_session().await?;
        if let Some(scope) = scope {
            if !session.has_scope(scope) {
                return Err(Error::ScopeMissing(scope.to_owned()));
            }
        }
        let origin = Url::parse(&session.origin).map_err(|e| Error::Internal(format!("stored origin: {e}")))?;
        let token = self.token_for(&session).await?;
        Ok(ContextCall { session, origin, token })
    }

    /// GET an Open API route for this context; a 401 ends the session (A12).
    pub async fn context_get<T: DeserializeOwned>(&self, call: &ContextCall, path: &str) -> Result<T> {
        let result = self.client().get_open(&call.origin, path, &call.token, call.team_id()).await;
        self.on_unauthorized(&call.session, result).await
    }
}
