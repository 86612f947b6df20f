//! The open API under `/api/v1/open`: current user, Team contexts, model catalogs, balances and
//! usage. Every answer is in the platform envelope.

mod account;
mod catalog;
mod profile;

use std::sync::Arc;

use axum::routing::get;
use axum::Router;

use crate::state::Shared;

pub(crate) fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/v1/open/me", get(profile::me))
        .route("/api/v1/open/teams", get(profile::teams))
        .route(
            "/api/v1/open/teams/{team_id}/context",
            get(profile::team_context),
        )
        .route("/api/v1/open/models", get(catalog::personal_models))
        .route(
            "/api/v1/open/teams/{team_id}/models",
            get(catalog::team_models),
        )
        .route("/api/v1/open/balance", get(account::personal_balance))
        .route(
            "/api/v1/open/teams/{team_id}/balance",
            get(account::team_balance),
        )
        .route("/api/v1/open/usage", get(account::usage))
        .route("/static/avatars/{file}", get(profile::avatar))
}
