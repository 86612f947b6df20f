//! Benchmark, not a test: time to first token and tokens per second through the core's
//! chat path against a raw HTTP client reading the same sandbox stream, on the same
//! machine in the same run, printed as ratios. It asserts nothing about time.
//!
//! cargo test --release -p xiaoya-core chat::bench -- --ignored --nocapture

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::wire::{ChatEvent, ChatOptions, ChatSendInput, ResponseFormatChoice};
use crate::auth::keychain::SecretStore;
use crate::auth::wire::ContextRequest;
use crate::testing::Rig;

const RUNS: usize = 12;
/// 2,000 events a second, as a fast model would stream.
const PACE: Duration = Duration::from_micros(500);
const PROMPT: &str = "Please write a long answer about streaming replies in desktop apps";

struct Sample {
    first: Duration,
    total: Duration,
    deltas: usize,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

async fn raw_once(base: &str, token: &str) -> Sample {
    let body = serde_json::json!({
        "model": xiaoya_sandbox::MODEL_CHAT,
        "messages": [{"role": "user", "content": PROMPT}],
        "stream": true,
    });
    let client = reqwest::Client::new();
    let start = Instant::now();
    let mut resp = client
        .post(format!("{base}/api/proxy/v1/chat/completions"))
        .bearer_auth(token)
        .header("X-Request-ID", uuid::Uuid::new_v4().to_string())
        .json(&body)
        .send()
        .await
        .unwrap();
    // The least a client can do: split events on blank lines, count content deltas.
    let mut buf: Vec<u8> = Vec::new();
    let mut first = None;
    let mut deltas = 0;
    'read: while let Some(chunk) = resp.chunk().await.unwrap() {
        buf.extend_from_slice(&chunk);
        while let Some(end) = buf.windows(2).position(|w| w == b"\n\n") {
            let event: Vec<u8> = buf.drain(..end + 2).collect();
            if event.starts_with(b"data: [DONE]") {
                break 'read;
            }
            if event.windows(11).any(|w| w == b"\"content\":\"") {
                first.get_or_insert_with(|| start.elapsed());
                deltas += 1;
            }
        }
    }
    Sample { first: first.unwrap_or_default(), total: start.elapsed(), deltas }
}

async fn core_once(rig: &Rig) -> Sample {
    let seen: Arc<Mutex<(Option<Duration>, usize)>> = Arc::default();
    let start = Instant::now();
    let sink = {
        let seen = seen.clone();
        move |event: ChatEvent| {
            if let ChatEvent::Delta { .. } = event {
                let mut s = seen.lock().unwrap();
                if s.0.is_none() {
                    s.0 = Some(start.elapsed());
                }
                s.1 += 1;
            }
            true
        }
    };
    let input = ChatSendInput {
        conversation_id: None,
        text: PROMPT.into(),
        options: ChatOptions {
            model_code: xiaoya_sandbox::MODEL_CHAT.into(),
            system_prompt: String::new(),
            parameters: Default::default(),
            response_format: ResponseFormatChoice::Text,
        },
    };
    rig.core.chat().chat_send(input, &sink).await.unwrap();
    let total = start.elapsed();
    let (first, deltas) = *seen.lock().unwrap();
    Sample { first: first.unwrap_or_default(), total, deltas }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "benchmark: run with --ignored --nocapture"]
async fn streaming_through_the_core_vs_a_raw_client() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.control().set_stream_pace(PACE);
    rig.control().set_personal_balance(xiaoya_sandbox::PersonalBalance {
        subscription: 1_000_000_000,
        gift_card: 0,
        recharge: 0,
    });
    let token = rig.keys.entries.lock().unwrap().values().next().cloned().unwrap();
    let _ = rig.keys.backend();
    let base = rig.sandbox.base_url();

    // Warm both paths, then alternate so machine noise hits both alike.
    raw_once(&base, &token).await;
    core_once(&rig).await;
    let (mut raw, mut core) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        raw.push(raw_once(&base, &token).await);
        core.push(core_once(&rig).await);
    }
    let ttft = |v: &[Sample]| median(v.iter().map(|s| s.first.as_secs_f64() * 1000.0).collect());
    let rate = |v: &[Sample]| {
        median(v.iter().map(|s| s.deltas as f64 / (s.total - s.first).as_secs_f64().max(1e-9)).collect())
    };
    let (raw_ttft, core_ttft) = (ttft(&raw), ttft(&core));
    let (raw_rate, core_rate) = (rate(&raw), rate(&core));
    println!("chat streaming benchmark ({RUNS} runs each, median; sandbox paced at {PACE:?} per event)");
    println!("  deltas per reply: raw {}, core {}", raw[0].deltas, core[0].deltas);
    println!("  time to first token: raw {raw_ttft:.2} ms, core {core_ttft:.2} ms, added {:.2} ms (goal <= 5 ms)", core_ttft - raw_ttft);
    println!("  tokens per second:   raw {raw_rate:.0}, core {core_rate:.0}, ratio {:.3}x (goal >= 0.98x)", core_rate / raw_rate);
}
