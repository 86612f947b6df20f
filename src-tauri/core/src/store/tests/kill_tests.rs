//! S4 with the real settlements: a child process runs the app's core against a sandbox
//! that lives in this (parent) process and synthesizes speech — or chats — in a loop; it
//! is SIGKILLed at varied moments, several times, on the same data folder. Then the app
//! starts again: the database is intact; every clip has exactly one platform charge and one
//! ledger row, and is complete with its whole audio on disk — except a clip whose kill fell
//! after the platform settled and before its audio was saved, which says so
//! (`settled_no_audio`); every reply is complete once retried, charged once.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crate::auth::wire::ContextRequest;
use crate::chat::wire::{ChatOptions, ChatSendInput, ResponseFormatChoice};
use crate::foundation::keychain::memory::MemoryKeychain;
use crate::host::{Core, CoreOptions};
use crate::testing::{RecordingBrowser, Rig};

const ENV_CHILD: &str = "XIAOYA_KILL_CHILD";
const ENV_DIR: &str = "XIAOYA_KILL_DIR";
const ENV_SANDBOX: &str = "XIAOYA_KILL_SANDBOX";
const ENV_KEYS: &str = "XIAOYA_KILL_KEYS";

/// A core on `dir`, against `sandbox`, with a keychain holding `keys` (the child and the
/// restarted app share the parent's sign-in this way; the tokens are the sandbox's).
async fn core_on(dir: &Path, sandbox: String, keys: &HashMap<String, String>) -> Core {
    let keychain = Arc::new(MemoryKeychain::default());
    keychain.entries.lock().unwrap().extend(keys.clone());
    let core = Core::start(CoreOptions {
        data_dir: dir.to_path_buf(),
        env: Box::new(move |k| (k == crate::foundation::config::ENV_SANDBOX_URL).then(|| sandbox.clone())),
        version: "test".into(),
        keychain,
        browser: Arc::new(RecordingBrowser::default()),
        events: std::sync::Arc::new(crate::events::NoEvents),
    })
    .await
    .expect("core");
    core.tts().state().set_policy(crate::tts::tests::fast_policy());
    core
}

fn chat_input(i: u64) -> ChatSendInput {
    ChatSendInput {
        conversation_id: None,
        text: format!("Round {i}: tell me about durable writes."),
        options: ChatOptions {
            model_code: xiaoya_sandbox::MODEL_CHAT.into(),
            system_prompt: String::new(),
            parameters: Default::default(),
            response_format: ResponseFormatChoice::Text,
        },
    }
}

/// Child side: settles speech or chat requests forever, until it is killed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn child_settles_until_killed() {
    let Ok(what) = std::env::var(ENV_CHILD) else { return };
    let dir = std::env::var(ENV_DIR).unwrap();
    let keys: HashMap<String, String> = serde_json::from_str(&std::env::var(ENV_KEYS).unwrap()).unwrap();
    let core = core_on(Path::new(&dir), std::env::var(ENV_SANDBOX).unwrap(), &keys).await;
    let pid = std::process::id();
    for i in 0u64.. {
        if what == "tts" {
            core.tts()
                .synthesize(crate::tts::tests::standard(&format!(
                    "Kill test {pid} clip {i}, spoken in full."
                )))
                .await
                .unwrap();
        } else {
            core.chat().chat_send(chat_input(i), &|_| true).await.unwrap();
        }
    }
}

async fn signed_in_rig() -> (Rig, HashMap<String, String>) {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    let keys = rig.keys.entries.lock().unwrap().clone();
    (rig, keys)
}

/// Runs the child `rounds` times on `dir`, killing it with SIGKILL after a different
/// delay each round.
fn kill_rounds(what: &str, dir: &Path, sandbox: &str, keys: &HashMap<String, String>, rounds: u64) {
    for round in 0..rounds {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "store::tests::kill_tests::child_settles_until_killed",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(ENV_CHILD, what)
            .env(ENV_DIR, dir)
            .env(ENV_SANDBOX, sandbox)
            .env(ENV_KEYS, serde_json::to_string(keys).unwrap())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Start-up takes a few hundred ms; then each round dies at another point of a request.
        std::thread::sleep(Duration::from_millis(1200 + 173 * round));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
    }
}

async fn integrity_ok(core: &Core) {
    let ok: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(core.db().pool()).await.unwrap();
    assert_eq!(ok, "ok");
}

async fn ledger_rows(core: &Core, request_id: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM points_ledger WHERE request_id = ?")
        .bind(request_id)
        .fetch_one(core.db().pool())
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_tts_settlements_then_restart_leaves_one_charge_and_the_audio_of_every_clip() {
    let (rig, keys) = signed_in_rig().await;
    rig.core.shutdown().await;
    let dir = rig.dir.path().to_path_buf();
    kill_rounds("tts", &dir, &rig.sandbox.base_url(), &keys, 6);

    let core = core_on(&dir, rig.sandbox.base_url(), &keys).await;
    integrity_ok(&core).await;
    let open: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tts_clips WHERE status != 'complete'")
        .fetch_one(core.db().pool())
        .await
        .unwrap();
    let resumed = core.tts().resume_tts_clips().await.unwrap();
    assert_eq!(resumed as i64, open, "every clip a kill cut short is resumed");
    type ClipRow = (String, String, String, Option<String>, Option<i64>);
    let clips: Vec<ClipRow> =
        sqlx::query_as("SELECT id, request_id, status, audio_file, audio_bytes FROM tts_clips")
            .fetch_all(core.db().pool())
            .await
            .unwrap();
    assert!(clips.len() >= 6, "the children got to synthesize ({} clips)", clips.len());
    let mut without_audio = 0;
    for (id, request_id, status, audio_file, audio_bytes) in &clips {
        if status == "settled_no_audio" {
            // The kill fell after the platform settled and before the audio was on disk
            // (mid-download or mid-write). The platform never sends settled audio again
            // (`TTS_REQUEST_ALREADY_SETTLED`), so this clip is charged once, in the ledger,
            // and says it has no audio — never a second charge, never a silent gap.
            without_audio += 1;
        } else {
            assert_eq!(status, "complete", "clip {id}");
            let audio =
                crate::tts::files::audio_dir(&dir).join(audio_file.as_deref().expect("an audio file"));
            let on_disk = std::fs::metadata(&audio).map(|m| m.len() as i64).unwrap_or(-1);
            assert_eq!(Some(on_disk), *audio_bytes, "clip {id}: its audio is on disk, whole");
        }
        assert_eq!(rig.control().charges_for(request_id).len(), 1, "clip {id}: charged once by the platform");
        assert_eq!(ledger_rows(&core, request_id).await, 1, "clip {id}: one ledger row");
    }
    assert_eq!(rig.control().charges().len(), clips.len(), "no charge without its clip");
    assert!(without_audio <= 6, "at most the one clip each kill cut short");
    assert!(without_audio < clips.len() / 2, "{without_audio} of {} clips without audio", clips.len());
    eprintln!(
        "tts: {} clips over 6 kills, {open} cut short and resumed, {without_audio} settled before their audio was saved",
        clips.len()
    );
    core.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_during_chat_settlements_then_restart_leaves_one_charge_per_reply() {
    let (rig, keys) = signed_in_rig().await;
    rig.core.shutdown().await;
    let dir = rig.dir.path().to_path_buf();
    kill_rounds("chat", &dir, &rig.sandbox.base_url(), &keys, 6);

    let core = core_on(&dir, rig.sandbox.base_url(), &keys).await;
    integrity_ok(&core).await;
    let replies: Vec<(String, String, String)> =
        sqlx::query_as("SELECT id, request_id, status FROM chat_messages WHERE role = 'assistant'")
            .fetch_all(core.db().pool())
            .await
            .unwrap();
    assert!(replies.len() >= 6, "the children got to chat ({} replies)", replies.len());
    let mut retried = 0;
    for (id, request_id, status) in &replies {
        if status != "complete" {
            // Cut short by a kill: the person retries, under the same request id.
            core.chat().chat_retry(id, &|_| true).await.expect("retry");
            let after: String = sqlx::query_scalar("SELECT request_id FROM chat_messages WHERE id = ?")
                .bind(id)
                .fetch_one(core.db().pool())
                .await
                .unwrap();
            assert_eq!(&after, request_id, "retried under the same request id");
            retried += 1;
        }
        let status: String = sqlx::query_scalar("SELECT status FROM chat_messages WHERE id = ?")
            .bind(id)
            .fetch_one(core.db().pool())
            .await
            .unwrap();
        assert_eq!(status, "complete", "reply {id}");
        assert_eq!(
            rig.control().charges_for(request_id).len(),
            1,
            "reply {id}: charged once by the platform"
        );
        assert_eq!(ledger_rows(&core, request_id).await, 1, "reply {id}: one ledger row");
    }
    eprintln!("chat: {} replies over 6 kills, {retried} cut short and retried", replies.len());
    core.shutdown().await;
}
