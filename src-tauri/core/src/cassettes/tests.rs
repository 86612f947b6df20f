//! Record a demo (a chat reply, a clip, the balance before and after) against the sandbox,
//! save it, and replay it in another app with the platform gone: the same screens' answers,
//! the recorded pace, the recorded balance, no token in the file, and anything else "not in
//! this recording".

use std::path::Path;

use crate::auth::wire::ContextRequest;
use crate::chat::wire::{ChatEvent, ChatOptions, ChatSendInput, ResponseFormatChoice};
use crate::foundation::error::ErrorCode;
use crate::testing::Rig;
use crate::tts::tests::{fast_policy, standard};
use xiaoya_sandbox as sb;

async fn chat(rig: &Rig, text: &str) -> crate::foundation::error::Result<(String, usize)> {
    let (reply, deltas) = chat_turn(rig, text).await?;
    match reply.error {
        Some(error) => Err(crate::foundation::error::Error::Platform {
            status: 404,
            code: error.platform_code.unwrap_or_default(),
            message: error.message,
            request_id: None,
        }),
        None => Ok((reply.content, deltas)),
    }
}

/// The reply (an error the platform answered is on it, as the chat screen shows it).
async fn chat_turn(
    rig: &Rig,
    text: &str,
) -> crate::foundation::error::Result<(crate::chat::wire::ChatMessage, usize)> {
    let options = ChatOptions {
        model_code: sb::MODEL_CHAT.into(),
        system_prompt: String::new(),
        parameters: Default::default(),
        response_format: ResponseFormatChoice::Text,
    };
    let input = ChatSendInput { conversation_id: None, text: text.into(), options };
    let deltas = std::sync::atomic::AtomicUsize::new(0);
    let turn = rig
        .core
        .chat()
        .chat_send(input, &|e: ChatEvent| {
            if matches!(e, ChatEvent::Delta { .. }) {
                deltas.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            true
        })
        .await?;
    Ok((turn.reply, deltas.into_inner()))
}

async fn record(rig: &Rig, file: &Path) -> (String, String, String) {
    rig.core.tts().state().set_policy(fast_policy());
    let state = rig.core.cassettes().start_recording().await.unwrap();
    assert!(state.recording);
    let before = rig.core.billing().refresh_balance().await.unwrap().spendable;
    let (reply, _) = chat(rig, "Tell me about Xiaoya").await.unwrap();
    rig.core.tts().synthesize(standard("Hello from the demo.")).await.unwrap();
    let summary = rig.core.cassettes().stop_recording().await.unwrap();
    assert_eq!(summary.context, "Personal");
    assert!(summary.streams >= 1 && summary.exchanges >= 6, "{summary:?}");
    let after = rig.core.billing().refresh_balance().await.unwrap().spendable;
    assert_ne!(before, after, "the demo was charged while recording");
    let doc = rig.core.cassettes().recorded_document().unwrap();
    assert!(doc.name.starts_with("xiaoya-demo-") && doc.name.ends_with(".json"));
    std::fs::write(file, &doc.bytes).unwrap();
    (reply, before, after)
}

#[tokio::test]
async fn a_recorded_demo_replays_with_the_platform_gone_and_no_secret_in_the_file() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("demo.json");
    let (reply, before, after) = record(&rig, &file).await;

    let text = std::fs::read_to_string(&file).unwrap();
    let secrets = rig.control().issued_secrets();
    assert!(!secrets.is_empty());
    for secret in secrets {
        assert!(!text.contains(&secret), "an issued token or code reached the cassette");
    }
    assert!(!text.to_ascii_lowercase().contains("bearer"), "no Authorization header is kept");
    assert!(text.contains("\"base64\""), "the clip's audio is in the file");
    assert!(text.contains("text/event-stream"), "the reply's stream is in the file");

    // The venue: the platform is gone. A new app replays the file.
    let Rig { core, sandbox, .. } = rig;
    core.shared().shutdown().await;
    sandbox.shutdown().await;
    let venue = Rig::new().await;
    let platform = venue.core.cassettes().replay(&file, 2.0).await.unwrap();
    let replay = platform.replay.expect("the header says it is a replay");
    assert_eq!(replay.context, "Personal");
    venue.sign_in(ContextRequest::Personal).await;
    venue.core.tts().state().set_policy(fast_policy());

    assert_eq!(venue.core.billing().refresh_balance().await.unwrap().spendable, before);
    let (again, deltas) = chat(&venue, "Tell me about Xiaoya").await.unwrap();
    assert_eq!(again, reply, "the recorded reply");
    assert!(deltas > 1, "it streams, in more than one piece");
    venue.core.tts().tts_catalog().await.unwrap();
    let clip = venue.core.tts().synthesize(standard("Hello from the demo.")).await.unwrap();
    assert_eq!(clip.status, crate::tts::wire::ClipStatus::Complete, "{clip:?}");
    assert!(clip.has_audio && clip.audio_bytes.unwrap_or(0) > 0, "the recorded audio is there to play");
    assert_eq!(venue.core.billing().refresh_balance().await.unwrap().spendable, after, "the recorded after");
    assert!(venue.control().charges().is_empty(), "the platform the app was set to was never asked");

    // Another question: the chat screen says it is not in this recording.
    let (reply, _) = chat_turn(&venue, "Something else").await.unwrap();
    let error = reply.error.expect("the reply failed");
    assert_eq!(error.code, ErrorCode::NotInRecording, "{error:?}");
}

#[tokio::test]
async fn damaged_foreign_and_newer_files_are_refused_and_change_nothing() {
    let rig = Rig::new().await;
    let dir = tempfile::tempdir().unwrap();
    let platform = rig.core.shared().platform();
    for (bytes, code) in [
        (b"{\"format\":\"xiaoya-cassette\",\"version\":1,\"recorded".to_vec(), ErrorCode::CassetteDamaged),
        (b"{\"success\":true,\"data\":[]}".to_vec(), ErrorCode::CassetteForeign),
        (
            b"{\"format\":\"xiaoya-cassette\",\"version\":99,\"recordedAt\":\"x\",\"context\":\"P\",\"exchanges\":[]}".to_vec(),
            ErrorCode::CassetteNewer,
        ),
    ] {
        let file = dir.path().join("c.json");
        std::fs::write(&file, bytes).unwrap();
        let err = rig.core.cassettes().replay(&file, 1.0).await.unwrap_err();
        assert_eq!(err.code(), code, "{err:?}");
        assert_eq!(rig.core.shared().platform(), platform, "the platform did not change");
    }
}

#[tokio::test]
async fn a_team_demo_replays_its_team_sign_in_and_reply() {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("team-demo.json");
    rig.core.cassettes().start_recording().await.unwrap();
    let before = rig.core.billing().refresh_balance().await.unwrap().spendable;
    let (reply, _) = chat(&rig, "What does our Team pay for?").await.unwrap();
    let summary = rig.core.cassettes().stop_recording().await.unwrap();
    assert_eq!(summary.context, sb::TEAM_ALPHA_NAME);
    std::fs::write(&file, &rig.core.cassettes().recorded_document().unwrap().bytes).unwrap();

    let Rig { core, sandbox, .. } = rig;
    core.shared().shutdown().await;
    sandbox.shutdown().await;
    let venue = Rig::new().await;
    let replay = venue.core.cassettes().replay(&file, 2.0).await.unwrap().replay.expect("a replay");
    assert_eq!(replay.context, sb::TEAM_ALPHA_NAME);
    // The presenter signs in as they did when recording: Personal, then the Team from the list.
    venue.sign_in(ContextRequest::Personal).await;
    let teams = venue.core.auth().list_teams().await.unwrap();
    assert!(teams.iter().any(|t| t.team_id == sb::TEAM_ALPHA_ID), "the recorded Team list: {teams:?}");
    let team =
        venue.sign_in(ContextRequest::Team { team_id: sb::TEAM_ALPHA_ID.into(), make_payer: true }).await;
    let crate::auth::wire::SessionContext::Team { team_name, .. } = &team.context else {
        panic!("a Team session: {team:?}");
    };
    assert_eq!(team_name, sb::TEAM_ALPHA_NAME);
    assert_eq!(venue.core.billing().refresh_balance().await.unwrap().spendable, before);
    let (again, _) = chat(&venue, "What does our Team pay for?").await.unwrap();
    assert_eq!(again, reply, "the Team's recorded reply");
    assert!(venue.control().charges().is_empty(), "the platform the app was set to was never asked");
}
