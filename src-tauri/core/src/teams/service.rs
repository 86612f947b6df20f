//! The `Teams` service: the read-only Team routes for the active Team session (`team_read`
//! or `team_manage`), read together; each one read, refused or failed on its own.

use std::sync::Arc;

use serde_json::Value;

use super::read;
use super::wire::{TeamInformation, TeamRead, TeamRefusal, TeamRefusalKind};
use crate::auth::call::ContextCall;
use crate::auth::Auth;
use crate::foundation::error::{Error, IpcError, Result};
use crate::foundation::reading::ReadReport;

/// The routes, under `/api/v1/open/teams/{team_id}`.
pub const OVERVIEW: &str = "/overview";
pub const MEMBERS: &str = "/members";
pub const MEMBER_CREDITS: &str = "/member-credits";
pub const ENTITLEMENTS: &str = "/entitlements";
pub const MEMBERSHIP: &str = "/membership";
/// Orders, 50 a page (`page`/`pageSize` are the documented query parameters); every page
/// is read.
pub const MEMBERSHIP_ORDERS: &str = "/membership/orders?page=1&pageSize=50";
pub const MEMBERSHIP_PLANS: &str = "/membership/plans";

/// The scopes that may read them; either will do.
pub const TEAM_READ_SCOPES: [&str; 2] = ["team_read", "team_manage"];

pub struct Teams {
    auth: Arc<Auth>,
}

impl Teams {
    pub fn new(auth: Arc<Auth>) -> Self {
        Teams { auth }
    }

    /// The Team session to read: the one named (any signed-in Team session: reading a Team
    /// does not change who pays), or else the active one. A Personal session is
    /// `InvalidInput`; a missing scope is `ScopeMissing("team_read")`.
    async fn team_call(&self, session_id: Option<&str>) -> Result<ContextCall> {
        let call = match session_id {
            Some(id) => self.auth.call_for_session_id(id).await?,
            None => self.auth.context_call(None).await?,
        };
        if call.team_id().is_none() {
            return Err(Error::InvalidInput("the Team screen needs a Team session".into()));
        }
        if !TEAM_READ_SCOPES.iter().any(|s| call.session.has_scope(s)) {
            return Err(Error::ScopeMissing("team_read".into()));
        }
        Ok(call)
    }

    /// Every Team read for this Team session (or the active one), at the same time.
    #[tracing::instrument(skip(self), err)]
    pub async fn information(&self, session_id: Option<&str>) -> Result<TeamInformation> {
        let call = self.team_call(session_id).await?;
        let team_id = call.team_id().unwrap_or_default().to_owned();
        let (overview, members, member_credits, entitlements, membership, orders, plans) = tokio::join!(
            self.read(&call, OVERVIEW, None, read::read_overview),
            self.read(&call, MEMBERS, Some(read::MEMBER_LISTS), read::read_members),
            self.read(&call, MEMBER_CREDITS, Some(read::CREDIT_LISTS), read::read_member_credits),
            self.read(&call, ENTITLEMENTS, None, read::read_entitlements),
            self.read(&call, MEMBERSHIP, None, read::read_membership),
            self.read(&call, MEMBERSHIP_ORDERS, Some(read::ORDER_LISTS), read::read_orders),
            self.read(&call, MEMBERSHIP_PLANS, Some(read::PLAN_LISTS), read::read_plans),
        );
        Ok(TeamInformation {
            session_id: call.session.id.clone(),
            team_id,
            overview,
            members,
            member_credits,
            entitlements,
            membership,
            orders,
            plans,
        })
    }

    /// One Team read; a list (`lists` names it) is read in every page it comes in.
    async fn read<T: ts_rs::TS>(
        &self,
        call: &ContextCall,
        rest: &str,
        lists: Option<&[&str]>,
        reader: fn(&Value) -> (T, ReadReport),
    ) -> TeamRead<T> {
        let Some(path) = call.team_path(rest) else {
            return TeamRead::Failed {
                error: IpcError::from(&Error::InvalidInput("not a Team session".into())),
            };
        };
        let Some(lists) = lists else {
            return answer(self.auth.context_get_exact(call, &path).await, reader);
        };
        match self.auth.context_get_list(call, &path, lists, true).await {
            Ok(paged) => {
                let mut read = answer(Ok(paged.data), reader);
                if let TeamRead::Read { report, .. } = &mut read {
                    paged.read.note(report);
                }
                read
            }
            Err(err) => answer(Err(err), reader),
        }
    }
}

/// One answer as the screens show it: read tolerantly (with the answer as sent), refused
/// (402/403/404 in the platform's words) or failed. The Team routes and the Personal
/// entitlements (`account/`) both go through here.
pub fn answer<T: ts_rs::TS>(result: Result<Value>, reader: fn(&Value) -> (T, ReadReport)) -> TeamRead<T> {
    match result {
        Ok(data) => {
            let (value, report) = reader(&data);
            let raw = serde_json::to_string_pretty(&data).unwrap_or_default();
            TeamRead::Read { value, report, raw }
        }
        Err(err) => match refusal(&err) {
            Some(refusal) => TeamRead::Refused { refusal },
            None => TeamRead::Failed { error: IpcError::from(&err) },
        },
    }
}

/// A 402, 403 or 404 answer as a refusal; anything else is a failure.
pub fn refusal(err: &Error) -> Option<TeamRefusal> {
    let Error::Platform { status, code, message, request_id } = err else {
        return None;
    };
    let kind = match (*status, code.as_str()) {
        (403, "OPEN_AGENT_SCOPE_REQUIRED") => TeamRefusalKind::ScopeMissing,
        (403, _) => TeamRefusalKind::RoleRequired,
        (402, "TEAM_CREDIT_PACK_PLAN_REQUIRED") => TeamRefusalKind::PlanRequired,
        (402, _) => TeamRefusalKind::PaymentRequired,
        (404, _) => TeamRefusalKind::NotFound,
        _ => return None,
    };
    Some(TeamRefusal {
        kind,
        status: *status,
        platform_code: Some(code.clone()).filter(|c| !c.is_empty()),
        message: message.clone(),
        request_id: request_id.clone(),
    })
}
