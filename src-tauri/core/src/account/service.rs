//! The `PersonalAccount` service: the Personal session's account details.

use std::sync::Arc;

use super::wire::PersonalEntitlements;
use crate::auth::flow::ACCOUNT_SCOPE;
use crate::auth::wire::SessionContext;
use crate::auth::Auth;
use crate::foundation::error::{Error, Result};
use crate::teams::{answer, read};

/// The route, Personal tokens only ("Team tokens cannot read Personal").
pub const PERSONAL_ENTITLEMENTS: &str = "/api/v1/open/account/entitlements";

pub struct PersonalAccount {
    auth: Arc<Auth>,
}

impl PersonalAccount {
    pub fn new(auth: Arc<Auth>) -> Self {
        PersonalAccount { auth }
    }

    /// The Personal session's entitlements, whoever pays now. Without `account` nothing is
    /// asked (`NotGranted`); without a Personal session, `NotSignedIn`.
    #[tracing::instrument(skip(self), err)]
    pub async fn entitlements(&self) -> Result<PersonalEntitlements> {
        let view = self.auth.sessions_view().await?;
        let personal =
            view.sessions.iter().find(|s| s.context == SessionContext::Personal).ok_or(Error::NotSignedIn)?;
        if !personal.granted_scopes.iter().any(|s| s == ACCOUNT_SCOPE) {
            return Ok(PersonalEntitlements::NotGranted { session_id: personal.id.clone() });
        }
        let call = self.auth.personal_call().await?;
        let result = self.auth.context_get_exact(&call, PERSONAL_ENTITLEMENTS).await;
        Ok(PersonalEntitlements::Asked {
            session_id: call.session.id.clone(),
            read: Box::new(answer(result, read::read_entitlements)),
        })
    }
}
