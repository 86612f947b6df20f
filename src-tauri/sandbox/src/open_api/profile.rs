//! `GET /api/v1/open/me`, `/teams`, `/teams/{id}/context`.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::auth::authenticate;
use crate::envelope::{success, PlatformError};
use crate::pages::{page_of, PageQuery};
use crate::readings::Reading;
use crate::scope::Scope;
use crate::seed::USER_DISPLAY_NAME;
use crate::state::Shared;
use crate::world::Team;

pub(super) fn team_context_json(team: &Team, readings: &crate::readings::Readings) -> Value {
    let upper = readings.has(Reading::TeamRolesUpper);
    let word = |w: &str| if upper { w.to_ascii_uppercase() } else { w.to_owned() };
    json!({
        "teamId": team.id,
        "name": team.name,
        "status": team.status,
        "teamContextVersion": context_version_json(team.context_version, readings),
        "memberId": team.member_id,
        "role": word(&team.role),
        "memberStatus": word(&team.member_status),
    })
}

pub(super) async fn me(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Profile)?;
    if shared.settings().readings.has(Reading::MeRefusesTeamTokens) {
        caller.require_personal()?;
    }
    let subject = shared.world().client(&caller.token.client_id).map(|c| c.subject).unwrap_or_default();
    Ok(success(json!({
        "userId": subject,
        "displayName": USER_DISPLAY_NAME,
        "avatarUrl": format!(
            "{}/static/avatars/{subject}.svg",
            if shared.settings().readings.has(Reading::MeAvatarRelative) { "" } else { shared.base_url.as_str() }
        ),
    })))
}

/// A Team's context version as the readings in force write it (`7`, or `"7"`).
pub(super) fn context_version_json(version: i64, readings: &crate::readings::Readings) -> Value {
    if readings.has(Reading::TeamContextVersionText) {
        Value::String(version.to_string())
    } else {
        Value::from(version)
    }
}

/// A Personal token sees every Team of the user; a Team token sees only its own Team.
pub(super) async fn teams(
    State(shared): State<Arc<Shared>>,
    Query(page): Query<PageQuery>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Profile)?;
    let world = shared.world();
    let readings = shared.settings().readings;
    let visible: Vec<Value> = world
        .teams
        .values()
        .filter(|t| caller.team_id().is_none_or(|bound| bound == t.id))
        .map(|team| team_list_entry(team, &readings))
        .collect();
    if let Some(page) = page_of(visible.clone(), "items", &page, &readings)? {
        return Ok(success(page));
    }
    if readings.has(Reading::TeamsInObject) {
        return Ok(success(json!({ "total": visible.len(), "items": visible })));
    }
    Ok(success(visible))
}

/// A Team list entry: its context, as the readings in force spell and fill it
/// (READINGS E2, E3).
fn team_list_entry(team: &Team, readings: &crate::readings::Readings) -> Value {
    let mut entry = team_context_json(team, readings);
    if readings.has(Reading::TeamsMemberNotActive) {
        let member_status = match team.id.as_str() {
            crate::seed::TEAM_BETA_ID => Some("disabled"),
            crate::seed::TEAM_GAMMA_ID => Some("invited"),
            _ => None,
        };
        if let Some(status) = member_status {
            entry["memberStatus"] = json!(status);
        }
    }
    if readings.has(Reading::TeamsOtherSpelling) {
        if let Some(map) = entry.as_object_mut() {
            let name = map.remove("name").unwrap_or(Value::Null);
            let status = map.remove("status").unwrap_or(Value::Null);
            map.insert("teamName".into(), name);
            map.insert("teamStatus".into(), status);
        }
    }
    entry
}

pub(super) async fn team_context(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Profile)?;
    caller.require_team(&team_id)?;
    let world = shared.world();
    let team = world.teams.get(&team_id).ok_or(PlatformError::TeamNotFound)?;
    let mut context = team_context_json(team, &shared.settings().readings);
    if shared.settings().readings.has(Reading::TeamContextDocumented) {
        context.as_object_mut().map(|c| {
            c.remove("name");
            c.remove("status")
        });
    }
    Ok(success(context))
}

/// A small generated avatar so `avatarUrl` points at something real.
pub(super) async fn avatar() -> Response {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 64\">\
        <rect width=\"64\" height=\"64\" rx=\"32\" fill=\"#3b5bdb\"/>\
        <text x=\"32\" y=\"41\" font-size=\"26\" text-anchor=\"middle\" fill=\"#fff\" font-family=\"sans-serif\">LX</text></svg>";
    let mut response = svg.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    response
}
