//! Benchmark, not a test: time to first token and tokens per second through the core's
//! chat path against a raw HTTP client reading the same sandbox stream, on the same
//! machine in the same run, printed as ratios. It asserts nothing about time.
//!
//! cargo test --release -p xiaoya-core chat::bench -- --ignored --nocapture

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::tests::{input, options, signed_in};
use super::wire::{ChatEvent, ChatSendInput};
use crate::auth::wire::ContextRequest;
use crate::foundation::keychain::SecretStore;
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
    let input = input(PROMPT, options(xiaoya_sandbox::MODEL_CHAT, serde_json::json!({})));
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
    // Tokens are the reply's upstream events, which the raw client counts one by one. The
    // core hands them on coalesced (at most one `Delta` per 16 ms, gateway.rs), so its event
    // count is not its token count: both rates divide the same reply's tokens by the time
    // each path took to stream it.
    let tokens = raw[0].deltas;
    assert!(raw.iter().all(|s| s.deltas == tokens), "the sandbox streamed replies of different lengths");
    let rate = |v: &[Sample]| {
        median(v.iter().map(|s| tokens as f64 / (s.total - s.first).as_secs_f64().max(1e-9)).collect())
    };
    let (raw_ttft, core_ttft) = (ttft(&raw), ttft(&core));
    let (raw_rate, core_rate) = (rate(&raw), rate(&core));
    println!("chat streaming benchmark ({RUNS} runs each, median; sandbox paced at {PACE:?} per event)");
    println!("  deltas per reply: raw {tokens}, core {} (coalesced)", core[0].deltas);
    println!(
        "  time to first token: raw {raw_ttft:.2} ms, core {core_ttft:.2} ms, added {:.2} ms (goal <= 5 ms)",
        core_ttft - raw_ttft
    );
    println!(
        "  tokens per second:   raw {raw_rate:.0}, core {core_rate:.0}, ratio {:.3}x (goal >= 0.98x)",
        core_rate / raw_rate
    );
}

/// glibc's count of the bytes malloc has handed out and not had back, over every arena.
#[repr(C)]
#[derive(Default)]
struct MallInfo2 {
    arena: usize,
    ordblks: usize,
    smblks: usize,
    hblks: usize,
    hblkhd: usize,
    usmblks: usize,
    fsmblks: usize,
    uordblks: usize,
    fordblks: usize,
    keepcost: usize,
}

extern "C" {
    fn mallinfo2() -> MallInfo2;
}

/// This process's resident memory (VmRSS), what the soak's PSS follows.
fn resident_mib() -> f64 {
    crate::foundation::memory::resident_kib() as f64 / 1024.0
}

fn in_use_mib() -> f64 {
    // SAFETY: mallinfo2 takes nothing and returns a plain struct (glibc ≥ 2.33).
    #[allow(unsafe_code)]
    let info = unsafe { mallinfo2() };
    (info.uordblks + info.hblkhd) as f64 / (1024.0 * 1024.0)
}

/// The soak's replies through the core alone (no window, no Tauri): what malloc holds after
/// 20 and after 200 streamed replies in one conversation. The sandbox runs in this process
/// too, so its own records of each request are in the figure.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "benchmark: run with --ignored --nocapture"]
async fn memory_held_after_200_replies_through_the_core() {
    let rig = signed_in(ContextRequest::Personal).await;
    rig.control().set_personal_balance(xiaoya_sandbox::PersonalBalance {
        subscription: 0,
        gift_card: 0,
        recharge: 1_000_000,
    });
    let mut conversation = None;
    let mut after_20 = 0.0;
    for n in 1..=200 {
        let sink = |_event: ChatEvent| true;
        let text = format!("Question {n}: tell me about step {n}");
        let input = ChatSendInput {
            conversation_id: conversation.clone(),
            ..input(&text, options(xiaoya_sandbox::MODEL_CHAT, serde_json::json!({})))
        };
        let turn = rig.core.chat().chat_send(input, &sink).await.unwrap();
        conversation = Some(turn.reply.conversation_id.clone());
        if n == 20 {
            after_20 = in_use_mib();
        }
        if n % 40 == 0 {
            println!("after {n}: {:.2} MiB in use, {:.1} MiB resident", in_use_mib(), resident_mib());
        }
    }
    let after_200 = in_use_mib();
    let mut trims: Vec<f64> = (0..21)
        .map(|_| {
            let t = Instant::now();
            crate::foundation::memory::release_free_memory();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    trims.sort_by(|a, b| a.total_cmp(b));
    println!("release_free_memory: median {:.3} ms, slowest {:.3} ms", trims[10], trims[20]);
    println!("| malloc in use, core + sandbox | after 20 | after 200 | per reply |");
    println!("|---|---|---|---|");
    println!(
        "| | {after_20:.2} MiB | {after_200:.2} MiB | {:.1} KiB |",
        (after_200 - after_20) * 1024.0 / 180.0
    );
}
