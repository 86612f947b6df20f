//! The open API under `/api/v1/open`: current user, Team contexts, model catalogs, balances,
//! usage, the Personal entitlements and the read-only Team information. Every answer is in
//! the platform envelope.

mod account;
mod catalog;
mod profile;
mod team;

use std::sync::Arc;

use axum::routing::get;
use axum::Router;

use crate::state::Shared;

pub(crate) fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/v1/open/me", get(profile::me))
        .route("/api/v1/open/teams", get(profile::teams))
        .route("/api/v1/open/teams/{team_id}/context", get(profile::team_context))
        .route("/api/v1/open/models", get(catalog::personal_models))
        .route("/api/v1/open/teams/{team_id}/models", get(catalog::team_models))
        .route("/api/v1/open/balance", get(account::personal_balance))
        .route("/api/v1/open/teams/{team_id}/balance", get(account::team_balance))
        .route("/api/v1/open/usage", get(account::usage))
        .route("/api/v1/open/account/entitlements", get(account::personal_entitlements))
        .route("/api/v1/open/teams/{team_id}/overview", get(team::overview))
        .route("/api/v1/open/teams/{team_id}/members", get(team::members))
        .route("/api/v1/open/teams/{team_id}/member-credits", get(team::member_credits))
        .route("/api/v1/open/teams/{team_id}/entitlements", get(team::entitlements))
        .route("/api/v1/open/teams/{team_id}/membership", get(team::membership))
        .route("/api/v1/open/teams/{team_id}/membership/orders", get(team::membership_orders))
        .route("/api/v1/open/teams/{team_id}/membership/plans", get(team::membership_plans))
        .route("/static/avatars/{file}", get(profile::avatar))
        .route("/developers/openapi.json", get(openapi_document))
}

/// The public OpenAPI document (`/developers/openapi.json`), written from the API reference.
/// `Reading::NoOpenApi` answers 404, as a platform that doesn't publish one would.
async fn openapi_document(
    axum::extract::State(shared): axum::extract::State<Arc<Shared>>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    if shared.settings().readings.has(crate::readings::Reading::NoOpenApi) {
        return axum::http::StatusCode::NOT_FOUND.into_response();
    }
    ([(axum::http::header::CONTENT_TYPE, "application/json")], include_str!("openapi.json")).into_response()
}
