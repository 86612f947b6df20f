//! `GET /api/v1/open/balance`, `/teams/{id}/balance` and `/usage`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;

use crate::auth::authenticate;
use crate::billing::usage_summary;
use crate::envelope::{success, PlatformError};
use crate::scope::Scope;
use crate::state::Shared;

pub(super) async fn personal_balance(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Balance)?;
    caller.require_personal()?;
    let balance = shared.world().personal_balance;
    Ok(success(balance.to_json()))
}

pub(super) async fn team_balance(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Balance)?;
    caller.require_team(&team_id)?;
    let world = shared.world();
    let team = world
        .teams
        .get(&team_id)
        .ok_or(PlatformError::TeamNotFound)?;
    Ok(success(team.balance_view().to_json()))
}

pub(super) async fn usage(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Usage)?;
    caller.require_personal()?;
    Ok(success(usage_summary(
        &shared.world(),
        &caller.token.client_id,
    )))
}
