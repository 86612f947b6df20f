//! "Copy as curl" against the sandbox: the copied command holds no token, and run by bash
//! with real `curl` and `XIAOYA_TOKEN` set it gets the platform's answer to the same
//! request — for a charged call, the idempotent one, never a second charge (D3, H1).

use std::collections::BTreeMap;

use serde_json::Value;
use xiaoya_sandbox as sb;

use crate::api::curl::CurlShell;
use crate::auth::wire::ContextRequest;
use crate::chat::wire::{ChatMessage, ChatOptions, ChatSendInput, ResponseFormatChoice};
use crate::copied::RequestCopyTarget;
use crate::store::wire::Presenting;
use crate::testing::Rig;
use crate::tts::wire::{ClipStatus, SpeechParams, SpeechRequest};

const SHELLS: [CurlShell; 3] = [CurlShell::Bash, CurlShell::PowerShell, CurlShell::Httpie];

/// The active session's real token, to set as `XIAOYA_TOKEN` (and to look for).
async fn token(rig: &Rig) -> String {
    rig.core.auth().context_call(None).await.unwrap().token.expose().to_owned()
}

/// Runs `script` with bash in a fresh folder with `XIAOYA_TOKEN` set: (stdout, the folder).
async fn run(script: String, token: String) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let cwd = dir.path().to_path_buf();
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new("bash")
            .arg("-c")
            .arg(script)
            .current_dir(cwd)
            .env("XIAOYA_TOKEN", token)
            .output()
            .expect("bash")
    })
    .await
    .unwrap();
    assert!(out.status.success(), "curl failed: {}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8(out.stdout).unwrap(), dir)
}

async fn chat_reply(rig: &Rig, text: &str) -> ChatMessage {
    let options = ChatOptions {
        model_code: sb::MODEL_CHAT.into(),
        system_prompt: String::new(),
        parameters: BTreeMap::new(),
        response_format: ResponseFormatChoice::Text,
    };
    let input = ChatSendInput { conversation_id: None, text: text.into(), options };
    let sink = |_| true;
    rig.core.chat().chat_send(input, &sink).await.unwrap().reply
}

/// The text of a streamed answer (each `data:` event's delta) or of a whole one.
fn answer_text(body: &str) -> String {
    if let Ok(whole) = serde_json::from_str::<Value>(body) {
        return whole.pointer("/choices/0/message/content").and_then(Value::as_str).unwrap_or("").to_owned();
    }
    body.lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .filter_map(|d| serde_json::from_str::<Value>(d).ok())
        .filter_map(|e| e.pointer("/choices/0/delta/content").and_then(Value::as_str).map(str::to_owned))
        .collect()
}

/// Proves D3 and H1 for speech: no token in any shell's copy; the bash copy run with curl
/// reaches the platform under the clip's request id and gets 409 TTS_REQUEST_ALREADY_SETTLED,
/// and the platform still holds exactly one charge for it.
#[tokio::test]
async fn a_copied_speech_request_gets_the_idempotent_answer_and_no_second_charge() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.tts().tts_catalog().await.unwrap();
    let clip = rig
        .core
        .tts()
        .synthesize(SpeechRequest {
            tts_config_id: sb::TTS_CONFIG_STANDARD.into(),
            voice_id: sb::VOICE_NARRATOR_WARM.into(),
            input: "It's $5 — \"quoted\", 你好!".into(),
            response_format: "mp3".into(),
            params: SpeechParams::default(),
            batch_id: None,
        })
        .await
        .unwrap();
    assert_eq!(clip.status, ClipStatus::Complete);
    assert_eq!(rig.control().charges_for(&clip.request_id).len(), 1);
    let token = token(&rig).await;
    let target = RequestCopyTarget::Clip { id: clip.id.clone() };
    for shell in SHELLS {
        let text = rig.core.copy_request(target.clone(), shell).await.unwrap();
        assert!(!text.contains(&token), "{shell:?} copy holds the token:\n{text}");
        assert!(text.starts_with(&format!("# Xiaoya request {} · sent ", clip.request_id)), "{text}");
        assert!(text.contains("charged to Personal"), "{text}");
        assert!(text.contains("TTS_REQUEST_ALREADY_SETTLED"), "the note says what a second send does");
    }
    let text = rig.core.copy_request(target, CurlShell::Bash).await.unwrap();
    assert!(text.contains(&format!("-H 'X-Request-ID: {}'", clip.request_id)), "{text}");
    let before = rig.control().speech_request_count(&clip.request_id);
    let (headers, dir) = run(text, token).await;
    assert!(headers.starts_with("HTTP/1.1 409"), "{headers}");
    let body = std::fs::read_to_string(dir.path().join("response.audio")).unwrap();
    assert!(body.contains("TTS_REQUEST_ALREADY_SETTLED"), "{body}");
    assert_eq!(rig.control().speech_request_count(&clip.request_id), before + 1, "curl's request arrived");
    assert_eq!(rig.control().charges_for(&clip.request_id).len(), 1, "no second charge");
}

/// Proves D3 and H1 for a streamed Personal reply: the copy asks for the stream (`-N`,
/// `Accept: text/event-stream`), and run with curl gets the same reply text back from the
/// platform's idempotency record, with no second charge.
#[tokio::test]
async fn a_copied_streamed_reply_gets_the_same_answer_and_no_second_charge() {
    let rig = Rig::new().await;
    rig.control().set_stream_pace(std::time::Duration::ZERO);
    rig.sign_in(ContextRequest::Personal).await;
    let reply = chat_reply(&rig, "It's a \"test\": $HOME, `id`, 你好\nsecond line").await;
    let request_id = reply.receipt.as_ref().unwrap().request_id.clone();
    let token = token(&rig).await;
    let target = RequestCopyTarget::ChatReply { id: reply.id.clone() };
    for shell in SHELLS {
        let text = rig.core.copy_request(target.clone(), shell).await.unwrap();
        assert!(!text.contains(&token), "{shell:?} copy holds the token:\n{text}");
    }
    let text = rig.core.copy_request(target, CurlShell::Bash).await.unwrap();
    assert!(text.contains("curl -sS -N -X POST"), "{text}");
    assert!(text.contains("-H 'Accept: text/event-stream'"), "{text}");
    let (body, _dir) = run(text, token).await;
    assert_eq!(answer_text(&body), reply.content, "the same answer");
    assert_eq!(rig.control().chat_request_count(&request_id), 2);
    assert_eq!(rig.control().charges_for(&request_id).len(), 1, "no second charge");
}

/// A Team reply's copy carries the Team header and the whole workflow tuple, and run with
/// curl gets the same reply without a second charge.
#[tokio::test]
async fn a_copied_team_reply_carries_the_workflow_headers() {
    let rig = Rig::new().await;
    rig.control().set_stream_pace(std::time::Duration::ZERO);
    rig.sign_in(ContextRequest::Personal).await;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let reply = chat_reply(&rig, "Plan the week").await;
    let receipt = reply.receipt.clone().unwrap();
    let text = rig
        .core
        .copy_request(RequestCopyTarget::ChatReply { id: reply.id.clone() }, CurlShell::Bash)
        .await
        .unwrap();
    for header in [
        format!("X-Xiaoya-Team-Id: {}", sb::TEAM_ALPHA_ID),
        format!("X-Xiaoya-Workflow-Version-Id: {}", receipt.workflow_version_id.clone().unwrap()),
        format!("X-Xiaoya-Run-Id: {}", receipt.run_id.clone().unwrap()),
        format!("X-Xiaoya-Node-Id: {}", receipt.node_id.clone().unwrap()),
        "X-Xiaoya-Attempt: 1".to_owned(),
    ] {
        assert!(text.contains(&header), "{header} missing:\n{text}");
    }
    assert!(text.contains(&format!("charged to {}", sb::TEAM_ALPHA_NAME)), "{text}");
    let token = token(&rig).await;
    assert!(!text.contains(&token));
    let (body, _dir) = run(text, token).await;
    assert_eq!(answer_text(&body), reply.content);
    assert_eq!(rig.control().charges_for(&receipt.request_id).len(), 1, "no second charge");
}

/// Proves D1 for copies: while presenting, the copy's request id, the session's ids and the
/// sandbox's origin are masked by Presenting mode's masker.
#[tokio::test]
async fn while_presenting_the_copy_is_masked() {
    let rig = Rig::new().await;
    rig.control().set_stream_pace(std::time::Duration::ZERO);
    rig.sign_in(ContextRequest::Personal).await;
    let reply = chat_reply(&rig, "Hello").await;
    let request_id = reply.receipt.as_ref().unwrap().request_id.clone();
    rig.core.set_presenting(Presenting { on: true, scale: 125 }).await.unwrap();
    let text =
        rig.core.copy_request(RequestCopyTarget::ChatReply { id: reply.id }, CurlShell::Bash).await.unwrap();
    let origin = rig.core.platform().origin.as_str().trim_end_matches('/').to_owned();
    assert!(!text.contains(&request_id), "{text}");
    assert!(!text.contains(&origin), "{text}");
    assert!(text.contains("$XIAOYA_TOKEN"), "{text}");
}

/// The catalog and balance reads, copied and run with curl and with HTTPie, get the same data the app
/// reads (the envelope's `data`), in Personal and in a Team context (its own routes and
/// `X-Xiaoya-Team-Id`).
#[tokio::test]
async fn copied_reads_get_the_same_answer() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    for team in [false, true] {
        if team {
            rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
        }
        let token = token(&rig).await;
        let call = rig.core.auth().context_call(None).await.unwrap();
        for (target, path) in [
            (RequestCopyTarget::CatalogRead, crate::models::catalog_path(&call)),
            (RequestCopyTarget::BalanceRead, crate::billing::balance_path(&call)),
        ] {
            let direct: Value = rig.core.auth().context_get(&call, &path).await.unwrap();
            // bash with curl, and HTTPie (`http`, which the bootstrap installs) as copied.
            for shell in [CurlShell::Bash, CurlShell::Httpie] {
                let text = rig.core.copy_request(target.clone(), shell).await.unwrap();
                assert!(!text.contains(&token));
                assert_eq!(text.contains("X-Xiaoya-Team-Id"), team, "{text}");
                let (out, _dir) = run(text, token.clone()).await;
                // HTTPie's copy prints the answer's headers (`--print=hb`: the request id is
                // there), then a blank line and the body.
                let body = match shell {
                    CurlShell::Httpie => {
                        assert!(out.starts_with("HTTP/1.1 200"), "{out}");
                        let out = out.replace("\r\n", "\n");
                        out.split_once("\n\n").map(|(_, b)| b.to_owned()).unwrap_or_default()
                    }
                    _ => out,
                };
                let copied: Value =
                    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{shell:?}: {e}: {body}"));
                assert_eq!(copied["success"], Value::Bool(true), "{shell:?}: {body}");
                assert_eq!(copied["data"], direct, "{shell:?}: {path}");
            }
        }
    }
}

/// A Check platform read copies as the read it was; a billable check copies as the reply
/// or clip it made.
#[tokio::test]
async fn check_items_copy_as_their_requests() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let report = rig.core.check().platform_check().await.unwrap();
    let token = token(&rig).await;
    let (index, item) = report
        .items
        .iter()
        .enumerate()
        .find(|(_, i)| i.path == "/api/v1/open/models")
        .expect("the catalog check");
    let target = RequestCopyTarget::CheckItem { run_id: report.run_id.clone(), index: index as u32 };
    let text = rig.core.copy_request(target, CurlShell::Bash).await.unwrap();
    assert!(text.contains(&format!("# Xiaoya request {}", item.request_id.clone().unwrap())), "{text}");
    assert!(!text.contains(&token));
    let (body, _dir) = run(text, token).await;
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["success"], Value::Bool(true), "{body}");
}

/// A billable check copies as the reply or clip it made: the copy of its speech item, run with
/// curl, reaches the platform under the check's request id and gets the idempotent answer,
/// and the platform still holds one charge for it.
#[tokio::test]
async fn billable_check_items_copy_as_the_reply_and_clip_they_made() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let quote = rig.core.check().platform_check_quote().await.unwrap();
    let total = quote.speech_estimate.and_then(|e| e.total_points);
    let report = rig.core.check().platform_check_billable(total, None).await.unwrap();
    let token = token(&rig).await;
    let posts: Vec<(usize, &crate::check::wire::CheckItem)> =
        report.items.iter().enumerate().filter(|(_, i)| i.method == "POST").collect();
    assert_eq!(posts.len(), 2, "a chat reply and a clip: {:?}", report.items);
    for (index, item) in posts {
        let request_id = item.request_id.clone().expect("a billable check sent a request");
        let target = RequestCopyTarget::CheckItem { run_id: report.run_id.clone(), index: index as u32 };
        let text = rig.core.copy_request(target, CurlShell::Bash).await.unwrap();
        assert!(!text.contains(&token), "the copy holds the token:\n{text}");
        assert!(text.starts_with(&format!("# Xiaoya request {request_id} · sent ")), "{text}");
        assert!(text.contains(&format!("-H 'X-Request-ID: {request_id}'")), "{text}");
        if item.path.contains("speech") {
            let (headers, dir) = run(text, token.clone()).await;
            assert!(headers.starts_with("HTTP/1.1 409"), "{headers}");
            let body = std::fs::read_to_string(dir.path().join("response.audio")).unwrap();
            assert!(body.contains("TTS_REQUEST_ALREADY_SETTLED"), "{body}");
            assert_eq!(rig.control().charges_for(&request_id).len(), 1, "no second charge");
        }
    }
}
