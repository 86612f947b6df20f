//! Fault injection: latency, statuses, connection resets before and after commit, SSE stalls
//! and drops.

mod common;

use std::time::{Duration, Instant};

use common::*;
use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::{json, Value};
use xiaoya_sandbox::*;

fn chat_body(stream: bool) -> Value {
    json!({ "model": MODEL_CHAT, "messages": [{ "role": "user", "content": "Tell me about retries" }], "stream": stream })
}

fn speech_body() -> Value {
    json!({ "tts_config_id": TTS_CONFIG_STANDARD, "voice": VOICE_NARRATOR_WARM, "input": "Retry me." })
}

async fn post(
    h: &Harness,
    token: &str,
    path: &str,
    id: &str,
    body: &Value,
) -> reqwest::Result<reqwest::Response> {
    h.http.post(h.url(path)).bearer_auth(token).header("X-Request-ID", id).json(body).send().await
}

const CHAT: &str = "/api/proxy/v1/chat/completions";
const SPEECH: &str = "/api/proxy/v1/audio/speech";

#[tokio::test]
async fn latency_delays_only_the_matching_requests() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.inject(Fault::once(Route::Me, FaultKind::Latency(Duration::from_millis(300))));
    let started = Instant::now();
    assert_eq!(h.api_get(&token, "/api/v1/open/teams").await.0, StatusCode::OK);
    assert!(started.elapsed() < Duration::from_millis(250), "other routes are not delayed");
    assert_eq!(h.api_get(&token, "/api/v1/open/me").await.0, StatusCode::OK);
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert!(h.control.pending_faults().is_empty());
}

#[tokio::test]
async fn injected_statuses_are_consumed_in_order_and_charge_nothing() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.inject(Fault { route: Route::Speech, kind: FaultKind::Status(503), times: 2 });
    h.control.inject(Fault::once(Route::Any, FaultKind::Status(429)));
    for _ in 0..2 {
        let response = post(&h, &token, SPEECH, "s-1", &speech_body()).await.expect("response");
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()["retry-after"], "1");
        let body: Value = response.json().await.unwrap_or_default();
        assert_eq!(error_code(&body), "SERVICE_UNAVAILABLE");
    }
    let limited = post(&h, &token, SPEECH, "s-1", &speech_body()).await.expect("response");
    assert_eq!(limited.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.headers()["retry-after"], "1");
    assert!(h.control.charges().is_empty());
    assert_eq!(post(&h, &token, SPEECH, "s-1", &speech_body()).await.expect("ok").status(), StatusCode::OK);
    assert_eq!(h.control.speech_request_count("s-1"), 4);
    assert_eq!(h.control.charges_for("s-1").len(), 1);
}

#[tokio::test]
async fn a_reset_before_commit_is_a_transport_error_and_charges_nothing() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.inject(Fault::once(Route::Speech, FaultKind::ResetBeforeCommit));
    let error = post(&h, &token, SPEECH, "rb-1", &speech_body()).await.expect_err("connection dropped");
    assert!(!error.is_status());
    assert!(h.control.charges().is_empty());
    let retry = post(&h, &token, SPEECH, "rb-1", &speech_body()).await.expect("retry");
    assert_eq!(retry.status(), StatusCode::OK);
    assert_eq!(h.control.speech_request_count("rb-1"), 2);
    assert_eq!(h.control.charges_for("rb-1").len(), 1);
}

#[tokio::test]
async fn a_reset_after_commit_charges_once_and_a_chat_retry_is_replayed() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.inject(Fault::once(Route::ChatCompletions, FaultKind::ResetAfterCommit));
    assert!(post(&h, &token, CHAT, "ra-1", &chat_body(false)).await.is_err());
    assert_eq!(h.control.charges_for("ra-1").len(), 1, "the outcome is unknown to the client, but committed");
    let balance = h.control.personal_balance();
    let retry = post(&h, &token, CHAT, "ra-1", &chat_body(false)).await.expect("retry");
    assert_eq!(retry.status(), StatusCode::OK);
    assert_eq!(retry.headers()["x-xiaoya-idempotent-replay"], "true");
    assert_eq!(h.control.charges_for("ra-1").len(), 1);
    assert_eq!(h.control.personal_balance(), balance);
    assert_eq!(h.control.chat_request_count("ra-1"), 2);
}

#[tokio::test]
async fn an_sse_stall_pauses_after_the_given_number_of_events() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.inject(Fault::once(
        Route::ChatCompletions,
        FaultKind::SseStall { after_events: 3, pause: Duration::from_millis(500) },
    ));
    let response = post(&h, &token, CHAT, "stall-1", &chat_body(true)).await.expect("stream");
    let mut stream = response.bytes_stream();
    let mut text = String::new();
    let mut longest_gap = Duration::ZERO;
    let mut events_before_gap = 0;
    let mut last = Instant::now();
    while let Some(chunk) = stream.next().await {
        let gap = last.elapsed();
        if gap > longest_gap {
            longest_gap = gap;
            events_before_gap = text.matches("data: ").count();
        }
        text.push_str(&String::from_utf8_lossy(&chunk.expect("chunk")));
        last = Instant::now();
    }
    assert!(longest_gap >= Duration::from_millis(450), "{longest_gap:?}");
    assert_eq!(events_before_gap, 3);
    assert!(text.ends_with("data: [DONE]\n\n"));
}

#[tokio::test]
async fn an_sse_drop_aborts_the_stream_without_done_and_the_retry_replays_it() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.inject(Fault::once(Route::ChatCompletions, FaultKind::SseDrop { after_events: 4 }));
    h.control.inject(Fault::once(Route::ChatCompletions, FaultKind::Status(502)));
    let response = post(&h, &token, CHAT, "drop-1", &chat_body(true)).await.expect("stream starts");
    assert_eq!(response.status(), StatusCode::OK, "the non-streaming fault waits for a matching request");
    let mut stream = response.bytes_stream();
    let mut text = String::new();
    let mut failed = false;
    while let Some(chunk) = stream.next().await {
        match chunk {
            Ok(bytes) => text.push_str(&String::from_utf8_lossy(&bytes)),
            Err(_) => {
                failed = true;
                break;
            }
        }
    }
    assert!(failed, "the body ends with a transport error");
    assert_eq!(text.matches("data: ").count(), 4);
    assert!(!text.contains("[DONE]"));
    assert_eq!(
        post(&h, &token, CHAT, "drop-1", &chat_body(false)).await.expect("502").status(),
        StatusCode::BAD_GATEWAY
    );
    let replay = post(&h, &token, CHAT, "drop-1", &chat_body(true))
        .await
        .expect("replay")
        .text()
        .await
        .unwrap_or_default();
    assert!(replay.ends_with("data: [DONE]\n\n"));
    assert_eq!(h.control.charges_for("drop-1").len(), 1);
}

#[tokio::test]
async fn the_control_surface_works_over_http() {
    let h = harness(false).await;
    let control = |path: &str| h.url(&format!("/__sandbox/{path}"));
    let seed: Value = h.get(&control("seed")).await.json().await.unwrap_or_default();
    assert_eq!(seed["teams"]["alpha"]["teamId"], TEAM_ALPHA_ID);

    let authorize = h.public_authorize_url("profile model", "s", None);
    assert_eq!(h.get(&authorize).await.status(), StatusCode::OK, "consent page");
    h.http.post(control("auto-approve")).json(&json!({ "enabled": true })).send().await.expect("toggle");
    assert_eq!(h.get(&authorize).await.status(), StatusCode::FOUND);

    let token = h.personal().await;
    let fault = json!({ "route": "me", "kind": "status", "status": 500, "times": 1 });
    assert_eq!(
        h.http.post(control("faults")).json(&fault).send().await.expect("fault").status(),
        StatusCode::OK
    );
    assert_eq!(h.api_get(&token, "/api/v1/open/me").await.0, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(h.api_get(&token, "/api/v1/open/me").await.0, StatusCode::OK);

    post(&h, &token, SPEECH, "http-1", &speech_body()).await.expect("speech");
    let ledger: Value = h.get(&control("ledger")).await.json().await.unwrap_or_default();
    assert_eq!(ledger["charges"][0]["requestId"], "http-1");
    assert_eq!(ledger["charges"][0]["points"], "2");
    assert_eq!(ledger["charges"][0]["context"]["type"], "personal");
    assert_eq!(ledger["personal"]["subscription"], PERSONAL_SUBSCRIPTION_POINTS - 2);
    let count: Value =
        h.get(&control("requests?route=speech&requestId=http-1")).await.json().await.unwrap_or_default();
    assert_eq!(count["count"], 1);
    let beta: Value =
        h.get(&control(&format!("balances/teams/{TEAM_BETA_ID}"))).await.json().await.unwrap_or_default();
    assert_eq!(beta["balancePointsDecimal"], TEAM_BETA_BALANCE_DECIMAL);

    h.http.post(control("clock/advance")).json(&json!({ "seconds": 604_800 })).send().await.expect("advance");
    assert_eq!(h.api_get(&token, "/api/v1/open/me").await.0, StatusCode::UNAUTHORIZED);
    let fresh = h.personal().await;
    let revoked: Value = h
        .http
        .post(control("tokens/revoke-all"))
        .send()
        .await
        .expect("revoke")
        .json()
        .await
        .unwrap_or_default();
    assert!(revoked["revoked"].as_u64() >= Some(1));
    assert_eq!(h.api_get(&fresh, "/api/v1/open/me").await.0, StatusCode::UNAUTHORIZED);

    h.http
        .post(control("granted-scopes"))
        .json(&json!({ "scopes": "profile" }))
        .send()
        .await
        .expect("scopes");
    let narrowed: Value =
        h.exchange(&h.code_for("profile model", None).await).await.json().await.unwrap_or_default();
    assert_eq!(narrowed["scope"], "profile");
    h.http.post(control("reset")).send().await.expect("reset");
    assert!(h.control.charges().is_empty());
}
