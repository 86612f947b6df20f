//! `/__sandbox/...`: the control surface over HTTP, for a sandbox running in another process.
//! Plain JSON (no platform envelope); errors are `{"error": "..."}` with status 400/404.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::{SandboxControl, TokenSelector};
use crate::clock::rfc3339;
use crate::faults::{Fault, FaultKind, Route};
use crate::ledger::PersonalBalance;
use crate::points::Points;
use crate::scope::{parse_scope_list, Scope};
use crate::state::Shared;

type Ctl = State<Arc<Shared>>;

fn control(shared: &Arc<Shared>) -> SandboxControl {
    SandboxControl { shared: shared.clone() }
}

fn bad_request(message: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({ "error": message }))).into_response()
}

pub(crate) fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/__sandbox/faults", get(list_faults).post(inject_fault).delete(clear_faults))
        .route("/__sandbox/clock", get(clock))
        .route("/__sandbox/clock/advance", post(advance_clock))
        .route("/__sandbox/tokens/revoke-all", post(revoke_all))
        .route("/__sandbox/tokens/expire", post(expire_tokens))
        .route("/__sandbox/teams/{team_id}/bump-context-version", post(bump_context))
        .route("/__sandbox/auto-approve", post(auto_approve))
        .route("/__sandbox/granted-scopes", post(granted_scopes))
        .route("/__sandbox/stream-pace", post(stream_pace))
        .route("/__sandbox/ledger", get(ledger))
        .route("/__sandbox/charges", get(charges))
        .route("/__sandbox/requests", get(request_count))
        .route("/__sandbox/balances/personal", get(personal_balance).post(set_personal_balance))
        .route("/__sandbox/balances/teams/{team_id}", get(team_balance).post(set_team_balance))
        .route("/__sandbox/voices/state", get(voice_state))
        .route("/__sandbox/readings", get(readings).post(set_readings))
        .route("/__sandbox/reset", post(reset))
        .route("/__sandbox/seed", get(seed))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FaultWire {
    route: Route,
    kind: String,
    #[serde(default)]
    ms: u64,
    #[serde(default)]
    status: u16,
    #[serde(default)]
    after_events: u32,
    #[serde(default)]
    pause_ms: u64,
    /// `status` with `Retry-After`: delta-seconds, or an HTTP date this far ahead.
    #[serde(default)]
    retry_after_seconds: Option<u64>,
    #[serde(default)]
    retry_after_date_in: Option<u64>,
    #[serde(default = "one")]
    times: u32,
}

fn one() -> u32 {
    1
}

async fn inject_fault(State(shared): Ctl, Json(wire): Json<FaultWire>) -> Response {
    let kind = match wire.kind.as_str() {
        "latency" => FaultKind::Latency(Duration::from_millis(wire.ms)),
        "status" if (100..=599).contains(&wire.status) => {
            match (wire.retry_after_seconds, wire.retry_after_date_in) {
                (Some(n), _) => FaultKind::StatusRetryAfter {
                    status: wire.status,
                    after: crate::faults::RetryAfter::Seconds(n),
                },
                (None, Some(n)) => FaultKind::StatusRetryAfter {
                    status: wire.status,
                    after: crate::faults::RetryAfter::DateIn(n),
                },
                (None, None) => FaultKind::Status(wire.status),
            }
        }
        "reset_before_commit" => FaultKind::ResetBeforeCommit,
        "reset_after_commit" => FaultKind::ResetAfterCommit,
        "sse_stall" => FaultKind::SseStall {
            after_events: wire.after_events,
            pause: Duration::from_millis(wire.pause_ms),
        },
        "sse_drop" => FaultKind::SseDrop { after_events: wire.after_events },
        _ => {
            return bad_request(
                "kind must be latency|status|reset_before_commit|reset_after_commit|sse_stall|sse_drop",
            )
        }
    };
    control(&shared).inject(Fault { route: wire.route, kind, times: wire.times });
    Json(json!({ "queued": shared.faults.pending().len() })).into_response()
}

async fn list_faults(State(shared): Ctl) -> Response {
    let pending: Vec<Value> = shared
        .faults
        .pending()
        .iter()
        .map(|f| json!({ "route": f.route, "kind": format!("{:?}", f.kind), "times": f.times }))
        .collect();
    Json(pending).into_response()
}

async fn clear_faults(State(shared): Ctl) -> Response {
    shared.faults.clear();
    StatusCode::NO_CONTENT.into_response()
}

async fn clock(State(shared): Ctl) -> Response {
    Json(json!({ "now": rfc3339(shared.now()) })).into_response()
}

#[derive(Deserialize)]
struct AdvanceWire {
    #[serde(default)]
    seconds: u64,
    #[serde(default)]
    ms: u64,
}

async fn advance_clock(State(shared): Ctl, Json(wire): Json<AdvanceWire>) -> Response {
    let by = Duration::from_secs(wire.seconds) + Duration::from_millis(wire.ms);
    shared.clock.advance(by);
    Json(json!({ "now": rfc3339(shared.now()) })).into_response()
}

async fn revoke_all(State(shared): Ctl) -> Response {
    Json(json!({ "revoked": control(&shared).revoke_all_tokens() })).into_response()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ExpireWire {
    token: Option<String>,
    team_id: Option<String>,
    /// `personal` or `all`.
    context: Option<String>,
}

async fn expire_tokens(State(shared): Ctl, Json(wire): Json<ExpireWire>) -> Response {
    let selector = match (wire.token, wire.team_id, wire.context.as_deref()) {
        (Some(token), _, _) => TokenSelector::Token(token),
        (None, Some(team), _) => TokenSelector::Team(team),
        (None, None, Some("personal")) => TokenSelector::Personal,
        (None, None, Some("all") | None) => TokenSelector::All,
        _ => return bad_request("give token, teamId, or context personal|all"),
    };
    Json(json!({ "expired": control(&shared).expire_token_of(selector) })).into_response()
}

async fn bump_context(State(shared): Ctl, Path(team_id): Path<String>) -> Response {
    if control(&shared).bump_team_context_version(&team_id) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        (StatusCode::NOT_FOUND, Json(json!({ "error": "unknown team" }))).into_response()
    }
}

#[derive(Deserialize)]
struct EnabledWire {
    enabled: bool,
}

async fn auto_approve(State(shared): Ctl, Json(wire): Json<EnabledWire>) -> Response {
    control(&shared).set_auto_approve(wire.enabled);
    StatusCode::NO_CONTENT.into_response()
}

async fn granted_scopes(State(shared): Ctl, Json(wire): Json<Value>) -> Response {
    let scopes: Option<Vec<Scope>> = match wire.get("scopes") {
        None | Some(Value::Null) => None,
        Some(Value::String(list)) => match parse_scope_list(list) {
            Ok(set) => Some(set.into_iter().collect()),
            Err(unknown) => return bad_request(&format!("unknown scope {unknown}")),
        },
        Some(Value::Array(items)) => {
            let names: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
            match parse_scope_list(&names.join(" ")) {
                Ok(set) => Some(set.into_iter().collect()),
                Err(unknown) => return bad_request(&format!("unknown scope {unknown}")),
            }
        }
        Some(_) => return bad_request("scopes must be a list, a space-separated string or null"),
    };
    control(&shared).set_granted_scopes_override(scopes);
    StatusCode::NO_CONTENT.into_response()
}

/// `{"ms": 8}` (a pause between every two events) or `{"tokensPerSecond": 40}`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PaceWire {
    ms: Option<u64>,
    tokens_per_second: Option<u32>,
}

async fn stream_pace(State(shared): Ctl, Json(wire): Json<PaceWire>) -> Response {
    let pace = match (wire.ms, wire.tokens_per_second) {
        (Some(ms), None) => crate::pace::ReplyPace::EventEvery(Duration::from_millis(ms)),
        (None, Some(rate)) => crate::pace::ReplyPace::TokensPerSecond(rate),
        _ => return bad_request("give either ms or tokensPerSecond"),
    };
    control(&shared).set_reply_pace(pace);
    StatusCode::NO_CONTENT.into_response()
}

async fn ledger(State(shared): Ctl) -> Response {
    Json(control(&shared).ledger()).into_response()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RequestQuery {
    request_id: Option<String>,
    route: Option<String>,
}

async fn charges(State(shared): Ctl, Query(query): Query<RequestQuery>) -> Response {
    let ctl = control(&shared);
    let charges = match query.request_id {
        Some(id) => ctl.charges_for(&id),
        None => ctl.charges(),
    };
    Json(charges).into_response()
}

async fn request_count(State(shared): Ctl, Query(query): Query<RequestQuery>) -> Response {
    let Some(id) = query.request_id else {
        return bad_request("requestId is required");
    };
    let ctl = control(&shared);
    let count = match query.route.as_deref() {
        Some("chat_completions") => ctl.chat_request_count(&id),
        Some("speech") | None => ctl.speech_request_count(&id),
        Some(_) => return bad_request("route must be speech or chat_completions"),
    };
    Json(json!({ "requestId": id, "count": count })).into_response()
}

async fn personal_balance(State(shared): Ctl) -> Response {
    Json(control(&shared).personal_balance().to_json()).into_response()
}

async fn set_personal_balance(State(shared): Ctl, Json(balance): Json<PersonalBalance>) -> Response {
    control(&shared).set_personal_balance(balance);
    Json(balance.to_json()).into_response()
}

async fn team_balance(State(shared): Ctl, Path(team_id): Path<String>) -> Response {
    match control(&shared).team_balance(&team_id) {
        Some(balance) => Json(balance.to_json()).into_response(),
        None => (StatusCode::NOT_FOUND, Json(json!({ "error": "unknown team" }))).into_response(),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct TeamBalanceWire {
    wallet: Option<Points>,
    quota_used: Option<Points>,
}

async fn set_team_balance(
    State(shared): Ctl,
    Path(team_id): Path<String>,
    Json(wire): Json<TeamBalanceWire>,
) -> Response {
    let ctl = control(&shared);
    if !ctl.set_team_balance(&team_id, wire.wallet, wire.quota_used) {
        return (StatusCode::NOT_FOUND, Json(json!({ "error": "unknown team" }))).into_response();
    }
    team_balance(State(shared), Path(team_id)).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct VoiceQuery {
    team_id: Option<String>,
    voice_id: String,
}

async fn voice_state(State(shared): Ctl, Query(query): Query<VoiceQuery>) -> Response {
    let state = control(&shared).voice_state(query.team_id.as_deref(), &query.voice_id);
    Json(json!({ "voiceId": query.voice_id, "state": state })).into_response()
}

async fn reset(State(shared): Ctl) -> Response {
    control(&shared).reset();
    StatusCode::NO_CONTENT.into_response()
}

async fn seed() -> Response {
    Json(crate::seed_summary()).into_response()
}

#[derive(Deserialize)]
struct ReadingsWire {
    readings: Vec<String>,
}

async fn readings(State(shared): Ctl) -> Response {
    Json(json!({ "readings": control(&shared).readings().0 })).into_response()
}

async fn set_readings(State(shared): Ctl, Json(body): Json<ReadingsWire>) -> Response {
    let mut set = crate::readings::Readings::default();
    for name in &body.readings {
        match crate::readings::Readings::parse_name(name) {
            Ok(reading) => {
                set.0.insert(reading);
            }
            Err(_) => return bad_request(&format!("unknown reading {name}")),
        }
    }
    control(&shared).set_readings(set.clone());
    Json(json!({ "readings": set.0 })).into_response()
}
