//! `POST /api/proxy/v1/chat/completions`: the OpenAI-compatible gateway.
//!
//! Personal tokens may stream; Team tokens need the full workflow header tuple and
//! `stream: false`. A settled `X-Request-ID` is replayed, never charged twice.

mod answers;
mod reply;
mod request;
mod stream;

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::auth::authenticate;
use crate::billing::{new_charge, pay, price_for, record};
use crate::clock::rfc3339;
use crate::envelope::PlatformError;
use crate::ledger::{ChargeKind, WorkflowContext};
use crate::points::Points;
use crate::readings::Reading;
use crate::scope::Scope;
use crate::seed::{team_catalog, CatalogModel, PUBLISHED_WORKFLOW_VERSION_ID};
use crate::state::Shared;
use crate::world::{AccountKey, Completion, SettledChat};

pub(crate) use reply::{count_tokens, is_cjk};

/// How an unpublished workflow version is refused, when the readings refuse one.
fn published_only(readings: &crate::readings::Readings) -> Option<PlatformError> {
    if readings.has(Reading::WorkflowRefusedContextInvalid) {
        Some(PlatformError::WorkflowVersionContextInvalid)
    } else if readings.has(Reading::PublishedWorkflowOnly) {
        Some(PlatformError::WorkflowVersionNotPublished)
    } else {
        None
    }
}

pub(crate) fn router() -> Router<Arc<Shared>> {
    Router::new().route("/api/proxy/v1/chat/completions", post(completions))
}

impl Completion {
    fn usage_json(&self) -> Value {
        json!({
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.prompt_tokens + self.completion_tokens,
        })
    }

    fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "choices": [{
                "index": 0,
                "message": { "role": "assistant", "content": self.content },
                "finish_reason": self.finish_reason,
            }],
            "usage": self.usage_json(),
        })
    }
}

fn header_text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty())
}

/// The Team usage tuple: all five headers, attempt 1..6, the token's own Team, no streaming.
fn team_usage(
    headers: &HeaderMap,
    bound_team: &str,
    stream: bool,
    published_only: Option<PlatformError>,
) -> Result<WorkflowContext, PlatformError> {
    let names = [
        "x-xiaoya-team-id",
        "x-xiaoya-workflow-version-id",
        "x-xiaoya-run-id",
        "x-xiaoya-node-id",
        "x-xiaoya-attempt",
    ];
    let missing: Vec<&str> = names.iter().copied().filter(|n| header_text(headers, n).is_none()).collect();
    if !missing.is_empty() {
        return Err(PlatformError::TeamUsageContextIncomplete(format!(
            "Missing Team workflow header(s): {}",
            missing.join(", ")
        )));
    }
    let attempt = header_text(headers, "x-xiaoya-attempt")
        .and_then(|a| a.parse::<u8>().ok())
        .filter(|a| (1..=6).contains(a))
        .ok_or_else(|| {
            PlatformError::TeamUsageContextIncomplete(
                "X-Xiaoya-Attempt must be an integer from 1 to 6".into(),
            )
        })?;
    if header_text(headers, "x-xiaoya-team-id") != Some(bound_team) {
        return Err(PlatformError::TeamContextMismatch);
    }
    if stream {
        return Err(PlatformError::TeamUsageStreamingUnsupported);
    }
    if let Some(refusal) = published_only {
        if header_text(headers, "x-xiaoya-workflow-version-id") != Some(PUBLISHED_WORKFLOW_VERSION_ID) {
            return Err(refusal);
        }
    }
    let text = |n: &str| header_text(headers, n).unwrap_or_default().to_string();
    Ok(WorkflowContext {
        workflow_version_id: text("x-xiaoya-workflow-version-id"),
        run_id: text("x-xiaoya-run-id"),
        node_id: text("x-xiaoya-node-id"),
        attempt,
    })
}

async fn completions(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Model)?;
    let request_id = header_text(&headers, "x-request-id").map(str::to_string);
    let readings = shared.settings().readings;
    let request = request::parse(&body, request_id.is_some())?;
    let request_id = request_id.unwrap_or_default();
    let (account, workflow) = match caller.team_id() {
        Some(team_id) => (
            AccountKey::Team(team_id.to_string()),
            Some(team_usage(&headers, team_id, request.stream, published_only(&shared.settings().readings))?),
        ),
        None if header_text(&headers, "x-xiaoya-team-id").is_some() => {
            return Err(PlatformError::TeamOAuthAuthorizationRequired)
        }
        None => (AccountKey::Personal, None),
    };
    let catalog: Vec<CatalogModel> = match &account {
        AccountKey::Personal => shared.models.clone(),
        AccountKey::Team(team_id) => team_catalog(team_id),
    };
    let model = catalog
        .into_iter()
        .find(|m| m.code == request.model)
        .map(|m| readings.catalog_model(m))
        .ok_or(PlatformError::ModelNotFound)?;
    if !model.serves_chat() {
        return Err(PlatformError::ModelTypeUnsupported);
    }
    if request.has_image() && !model.accepts_image() {
        return Err(PlatformError::ModelParameterInvalid(format!(
            "{} does not accept image input",
            model.code
        )));
    }
    request.check_against(&model)?;
    if readings.has(crate::readings::Reading::StrictRequestFields) {
        request.check_only_declared_fields(&model)?;
    }
    let fingerprint = request.fingerprint();
    let pace = shared.settings().stream_pace;
    // The default reading keys idempotency on the request id; another keys a Team call on
    // the whole workflow tuple, so a raised attempt under the same id is a new request.
    let idempotency_id = match &workflow {
        Some(w) if readings.has(crate::readings::Reading::TeamIdempotencyTuple) => {
            format!("{request_id}|{}|{}|{}|{}", w.workflow_version_id, w.run_id, w.node_id, w.attempt)
        }
        _ => request_id.clone(),
    };
    let key = (account.clone(), idempotency_id);

    if let Some(settled) = shared.world().chat_records.get(&key) {
        if settled.fingerprint != fingerprint {
            return Err(PlatformError::RequestIdConflict);
        }
        if readings.has(Reading::ChatSettledConflict) {
            return Err(PlatformError::ChatRequestAlreadySettled);
        }
        let charged = readings
            .has(Reading::ChatChargedPointsHeader)
            .then(|| readings.charged_points_header(settled.points));
        return Ok(respond(&settled.completion, request.stream, &request_id, true, pace, charged, &readings));
    }

    let content = reply::compose(&request, model.code);
    // A model stops at the request's `max_tokens`, as OpenAI-style gateways do, and says so
    // with `finish_reason: "length"`.
    let (content, finish_reason) = match request.max_tokens() {
        Some(limit) if count_tokens(&content) > limit => (stream::first_tokens(&content, limit), "length"),
        _ => (content, "stop"),
    };
    let prompt_tokens: u64 = request.messages.iter().map(|m| count_tokens(&m.text) + 4).sum::<u64>() + 2;
    let completion = Completion {
        id: format!("chatcmpl_{}", &crate::envelope::new_request_id()[4..]),
        created: shared.now().unix_timestamp(),
        model: model.code.to_string(),
        completion_tokens: count_tokens(&content).max(1),
        content,
        prompt_tokens,
        finish_reason,
    };
    let total_tokens = completion.prompt_tokens + completion.completion_tokens;
    let points =
        price_for(&account, Points::per_thousand_ceil(total_tokens, model.milli_per_thousand_tokens));
    let at = rfc3339(shared.now());
    {
        let world = &mut *shared.world();
        let context = pay(world, &account, points)?;
        let mut charge = new_charge(
            &request_id,
            context,
            ChargeKind::ChatCompletion,
            points,
            &caller.token.client_id,
            model.code,
            at,
        );
        charge.input_tokens = Some(completion.prompt_tokens);
        charge.output_tokens = Some(completion.completion_tokens);
        charge.workflow = workflow;
        record(world, charge);
        world.chat_records.insert(key, SettledChat { fingerprint, completion: completion.clone(), points });
    }
    let charged =
        readings.has(Reading::ChatChargedPointsHeader).then(|| readings.charged_points_header(points));
    Ok(respond(&completion, request.stream, &request_id, false, pace, charged, &readings))
}

fn respond(
    completion: &Completion,
    streaming: bool,
    request_id: &str,
    replay: bool,
    pace: crate::pace::ReplyPace,
    charged: Option<String>,
    readings: &crate::readings::Readings,
) -> Response {
    let mut response = if streaming && !readings.has(Reading::ChatWholeWhenStreamed) {
        let with_usage = !readings.has(Reading::ChatStreamNoUsage);
        let mut response = stream::body(completion, pace, with_usage).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/event-stream; charset=utf-8"));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        response
    } else {
        let mut whole = completion.to_json();
        if readings.has(Reading::ChatContentParts) {
            let text = whole["choices"][0]["message"]["content"].take();
            whole["choices"][0]["message"]["content"] = json!([{"type": "text", "text": text}]);
        }
        if readings.has(Reading::ChatWholeEnveloped) {
            whole = json!({"success": true, "data": whole, "request_id": request_id});
        }
        Json(whole).into_response()
    };
    let headers = response.headers_mut();
    let other = readings.has(Reading::ChatReplayHeadersOther);
    if let (Ok(value), false) = (HeaderValue::from_str(request_id), other) {
        headers.insert("x-xiaoya-request-id", value);
    }
    if replay {
        headers
            .insert("x-xiaoya-idempotent-replay", HeaderValue::from_static(if other { "1" } else { "true" }));
    }
    if let Some(points) = charged.and_then(|p| HeaderValue::from_str(&p).ok()) {
        headers.insert("x-xiaoya-charged-points", points);
    }
    response
}
