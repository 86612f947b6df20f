//! Bearer-token checks, revalidated on every request: token, expiry, revocation, Team
//! membership and Team context version, then scope and Personal/Team context.

use axum::http::{header, HeaderMap};

use crate::envelope::{PlatformError, MISSING_TOKEN};
use crate::readings::Reading;
use crate::scope::Scope;
use crate::state::Shared;
use crate::world::{AccessToken, AccountKey, TokenContext};

/// The authenticated caller of one request.
#[derive(Clone, Debug)]
pub(crate) struct Caller {
    pub token: AccessToken,
}

pub(crate) fn authenticate(shared: &Shared, headers: &HeaderMap) -> Result<Caller, PlatformError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Err(PlatformError::TokenInvalid(MISSING_TOKEN));
    };
    let text =
        value.to_str().map_err(|_| PlatformError::TokenInvalid("The Authorization header is malformed"))?;
    let (scheme, token) = text.split_once(' ').unwrap_or((text, ""));
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(PlatformError::TokenInvalid("The Authorization header must be `Bearer <token>`"));
    }
    let now = shared.now();
    let world = shared.world();
    let record =
        world.tokens.get(token.trim()).ok_or(PlatformError::TokenInvalid("The access token is invalid"))?;
    if record.revoked {
        return Err(PlatformError::TokenInvalid("The access token was revoked"));
    }
    if now >= record.expires_at {
        return Err(PlatformError::TokenInvalid("The access token expired"));
    }
    if let TokenContext::Team { team_id, context_version, .. } = &record.context {
        let still_valid = world.teams.get(team_id).is_some_and(|t| {
            t.status == "active" && t.member_status == "active" && t.context_version == *context_version
        });
        if !still_valid {
            if shared.settings().readings.has(Reading::TeamContext403) {
                return Err(PlatformError::TeamContextMismatch);
            }
            return Err(PlatformError::TokenInvalid("The Team authorization is no longer valid"));
        }
    }
    Ok(Caller { token: record.clone() })
}

impl Caller {
    pub fn require(&self, scope: Scope) -> Result<(), PlatformError> {
        if self.token.scopes.contains(&scope) {
            Ok(())
        } else {
            Err(PlatformError::ScopeRequired(scope.as_str()))
        }
    }

    /// Personal-only routes reject Team-bound tokens.
    pub fn require_personal(&self) -> Result<(), PlatformError> {
        match self.token.context {
            TokenContext::Personal => Ok(()),
            TokenContext::Team { .. } => Err(PlatformError::TeamContextMismatch),
        }
    }

    /// Team routes need a Team-bound token for exactly this Team.
    pub fn require_team(&self, team_id: &str) -> Result<(), PlatformError> {
        match &self.token.context {
            TokenContext::Personal => Err(PlatformError::TeamOAuthAuthorizationRequired),
            TokenContext::Team { team_id: bound, .. } if bound == team_id => Ok(()),
            TokenContext::Team { .. } => Err(PlatformError::TeamContextMismatch),
        }
    }

    pub fn team_id(&self) -> Option<&str> {
        match &self.token.context {
            TokenContext::Personal => None,
            TokenContext::Team { team_id, .. } => Some(team_id),
        }
    }

    /// Resolves the account for gateway routes that take an optional `X-Xiaoya-Team-Id`.
    pub fn gateway_account(&self, headers: &HeaderMap) -> Result<AccountKey, PlatformError> {
        let header = headers.get("x-xiaoya-team-id").and_then(|v| v.to_str().ok()).map(str::trim);
        match (self.team_id(), header) {
            (None, None) | (None, Some("")) => Ok(AccountKey::Personal),
            (None, Some(_)) => Err(PlatformError::TeamOAuthAuthorizationRequired),
            (Some(bound), None) => Ok(AccountKey::Team(bound.to_string())),
            (Some(bound), Some(asked)) if asked == bound => Ok(AccountKey::Team(bound.to_string())),
            (Some(_), Some(_)) => Err(PlatformError::TeamContextMismatch),
        }
    }
}
