//! Replay mode: a cassette's answers, in the recording's order and at its pace; anything the
//! cassette doesn't hold is "not in this recording", never an answer from the sandbox's world.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use xiaoya_sandbox::cassette::{Body, Cassette, Chunk, Exchange};
use xiaoya_sandbox::*;

fn exchange(at_ms: u64, method: &str, path: &str, request: Option<Value>, chunks: Vec<Chunk>) -> Exchange {
    Exchange {
        at_ms,
        method: method.into(),
        path: path.into(),
        query: None,
        request: request.map(Body::Json),
        status: 200,
        headers: BTreeMap::from([("content-type".to_owned(), "application/json".to_owned())]),
        chunks,
    }
}

fn balance(points: &str) -> Vec<Chunk> {
    vec![Chunk { at_ms: 2, body: Body::Json(json!({"success": true, "data": {"points": points}})) }]
}

/// Before, a streamed reply (three chunks 300 ms apart), after.
fn cassette() -> Cassette {
    let mut c = Cassette::new("2026-12-01T09:30:00.000Z".into(), "Personal".into());
    let question = json!({"model": "m", "stream": true, "messages": [{"role": "user", "content": "Hi"}]});
    let mut stream = exchange(
        20,
        "POST",
        "/api/proxy/v1/chat/completions",
        Some(question),
        ["data: {\"a\":1}\n\n", "data: {\"a\":2}\n\n", "data: [DONE]\n\n"]
            .iter()
            .enumerate()
            .map(|(i, t)| Chunk { at_ms: 100 + 300 * i as u64, body: Body::Text((*t).into()) })
            .collect(),
    );
    stream.headers.insert("content-type".into(), "text/event-stream".into());
    c.exchanges = vec![
        exchange(0, "GET", "/api/v1/open/balance", None, balance("100")),
        stream,
        exchange(900, "GET", "/api/v1/open/balance", None, balance("97")),
        exchange(950, "GET", "/api/v1/open/balance", None, balance("97")),
    ];
    c
}

async fn start(speed: f64) -> Sandbox {
    start_config(SandboxConfig { replay: Some(Replay::new(cassette(), speed)), ..SandboxConfig::default() })
        .await
        .expect("replay sandbox starts")
}

async fn points(http: &reqwest::Client, base: &str) -> String {
    let v: Value =
        http.get(format!("{base}/api/v1/open/balance")).send().await.unwrap().json().await.unwrap();
    v["data"]["points"].as_str().unwrap().to_owned()
}

/// Streams the reply and returns its chunks as they arrived and how long it took.
async fn chat(http: &reqwest::Client, base: &str, content: &str) -> (u16, Vec<String>, Duration) {
    let started = Instant::now();
    let mut resp = http
        .post(format!("{base}/api/proxy/v1/chat/completions"))
        // Another key order and spacing: the same JSON.
        .body(format!(
            "{{ \"stream\": true, \"messages\": [{{\"content\": \"{content}\", \"role\": \"user\"}}], \"model\": \"m\" }}"
        ))
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let mut chunks = Vec::new();
    while let Some(chunk) = resp.chunk().await.unwrap() {
        chunks.push(String::from_utf8(chunk.to_vec()).unwrap());
    }
    (status, chunks, started.elapsed())
}

use xiaoya_sandbox::start as start_config;

#[tokio::test]
async fn a_replay_streams_at_the_recorded_pace_and_the_charge_moves_the_recorded_balance() {
    let sandbox = start(1.0).await;
    let base = sandbox.base_url();
    let http = reqwest::Client::new();
    assert_eq!(points(&http, &base).await, "100", "before the reply: the balance recorded before");
    assert_eq!(points(&http, &base).await, "100", "reading again changes nothing");

    let (status, chunks, took) = chat(&http, &base, "Hi").await;
    assert_eq!(status, 200);
    assert!(chunks.len() >= 3, "the reply arrives in its recorded pieces: {chunks:?}");
    assert!(chunks.concat().ends_with("data: [DONE]\n\n"));
    assert!(took >= Duration::from_millis(550), "600 ms of recorded gaps took {took:?}");

    assert_eq!(points(&http, &base).await, "97", "after the reply: the balance recorded after");
    let (_, again, _) = chat(&http, &base, "Hi").await;
    assert!(again.concat().contains("[DONE]"), "the same question again gets the same reply");
    assert_eq!(points(&http, &base).await, "97", "and charges nothing more");
    sandbox.shutdown().await;
}

#[tokio::test]
async fn twice_the_speed_halves_the_gaps() {
    let sandbox = start(2.0).await;
    let (_, chunks, took) = chat(&reqwest::Client::new(), &sandbox.base_url(), "Hi").await;
    assert!(chunks.len() >= 3 && took >= Duration::from_millis(270), "{took:?}");
    sandbox.shutdown().await;
}

#[tokio::test]
async fn a_request_the_cassette_does_not_hold_is_not_in_this_recording() {
    let sandbox = start(1.0).await;
    let base = sandbox.base_url();
    let http = reqwest::Client::new();
    let (status, chunks, _) = chat(&http, &base, "Another question").await;
    assert_eq!(status, 404);
    let body: Value = serde_json::from_str(&chunks.concat()).unwrap();
    assert_eq!((body["success"].clone(), body["code"].as_str()), (json!(false), Some(NOT_IN_RECORDING)));
    // A route the sandbox's world would answer is not answered from it in a replay.
    for path in ["/api/v1/open/models", "/api/v1/open/me", "/api/v1/open/balance?x=1"] {
        let resp = http.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(resp.status().as_u16(), 404, "{path}");
        let body: Value = resp.json().await.unwrap();
        assert_eq!(body["code"], NOT_IN_RECORDING, "{path}");
    }
    // The browser's own pages still come from the sandbox (sign-in works as in any sandbox).
    let doc = http.get(format!("{base}/developers/openapi.json")).send().await.unwrap();
    assert_eq!(doc.status().as_u16(), 200);
    sandbox.shutdown().await;
}

/// Reads are recorded as they finish: a refresh that began before a change can be recorded
/// after it with the older balance. After the change, a read answers with the latest state
/// recorded before the next change, not the first (stale) one.
#[tokio::test]
async fn a_read_after_a_change_gets_the_latest_state_recorded_before_the_next_change() {
    let mut c = cassette();
    // Recorded after the reply, but begun before it: still the balance before the charge.
    c.exchanges.insert(2, exchange(880, "GET", "/api/v1/open/balance", None, balance("100")));
    let sandbox =
        start_config(SandboxConfig { replay: Some(Replay::new(c, 10.0)), ..SandboxConfig::default() })
            .await
            .expect("replay sandbox starts");
    let base = sandbox.base_url();
    let http = reqwest::Client::new();
    assert_eq!(points(&http, &base).await, "100");
    chat(&http, &base, "Hi").await;
    assert_eq!(points(&http, &base).await, "97", "the latest state after the reply, not the stale read");
    sandbox.shutdown().await;
}
