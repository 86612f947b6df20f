//! A presenter's demo, end to end in the real window (issue 28, the demo path): record a short
//! session against the sandbox (a chat reply, a clip, the balance before and after), save it
//! through the save dialog, and shut that sandbox down. A second app whose platform is a
//! listener that only counts connections replays the file while presenting at 1280×720: the
//! badge says it is a replay, the same reply streams in pieces, the same clip is charged the
//! recorded points, the balance moves from the recorded "before" to "after", a question the
//! recording doesn't hold says so in English and in Chinese, nothing private is readable, and
//! not one connection reaches the platform the app was set to.

use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox::{self as sb, ReplyPace};
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";
const QUESTION: &str = "What can the Xiaoya platform do for a small studio?";
const CLIP_TEXT: &str = "Welcome to the Xiaoya demo.";

/// The rendered text of the newest reply ('' before it exists).
async fn reply_text(app: &AppWindow) -> TestResult<String> {
    let value = app
        .client
        .execute(
            "const all = document.querySelectorAll(arguments[0]); const el = all[all.length - 1]; return el ? el.innerText : '';",
            vec![format!("{LAST_REPLY} [data-testid=chat-message-content]").into()],
        )
        .await?;
    Ok(value.as_str().unwrap_or_default().to_owned())
}

/// Everything a person or a screen reader can read (text, non-data attributes, field values).
async fn readable(app: &AppWindow) -> TestResult<String> {
    let all = app
        .client
        .execute(
            r#"
            const parts = [document.body.innerText, document.title];
            for (const el of document.querySelectorAll('*')) {
              for (const attr of el.attributes) if (!attr.name.startsWith('data-')) parts.push(attr.value);
              if ('value' in el && typeof el.value === 'string') parts.push(el.value);
            }
            return parts.join('\n');
            "#,
            vec![],
        )
        .await?;
    Ok(all.as_str().unwrap_or_default().to_owned())
}

/// Asks the chat and waits for the reply to finish; returns its text and whether it was seen
/// part-way (streaming, with less text than in the end).
async fn ask(app: &AppWindow, question: &str) -> TestResult<(String, bool)> {
    let before = app.count("[data-testid=chat-message][data-role=assistant]").await?;
    app.type_into("[data-testid=chat-input]", question).await?;
    app.click("[data-testid=chat-send]").await?;
    let mut partial: Option<String> = None;
    for _ in 0..600 {
        if app.count("[data-testid=chat-message][data-role=assistant]").await? > before {
            let status = app.last_attr(LAST_REPLY, "data-status").await?;
            let text = reply_text(app).await?;
            if status.as_deref() == Some("streaming") && !text.trim().is_empty() && partial.is_none() {
                partial = Some(text);
            }
            if matches!(status.as_deref(), Some("complete" | "failed" | "stopped")) {
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    let text = reply_text(app).await?;
    let seen_in_pieces = partial.is_some_and(|p| p.trim().len() < text.trim().len());
    Ok((text, seen_in_pieces))
}

/// Voices: the standard configuration, the warm narrator, the clip text, Synthesize; the
/// receipt's charged points.
async fn synthesize(app: &AppWindow) -> TestResult<String> {
    app.click("[data-testid=nav-voices]").await?;
    let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
    app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
    app.type_into("[data-testid=voice-search]", "narrator").await?;
    app.click(&format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_NARRATOR_WARM)).await?;
    app.wait_for_attr("[data-testid=tts-selected-voice]", "data-voice-id", sb::VOICE_NARRATOR_WARM).await?;
    app.type_into("[data-testid=tts-input]", CLIP_TEXT).await?;
    app.find("[data-testid=tts-estimate]").await?;
    app.click("[data-testid=tts-synthesize]").await?;
    app.find("[data-testid=tts-receipt]").await?;
    let charged = app.wait_for_text("[data-testid=receipt-charged]", "point").await?;
    Ok(charged.trim().to_owned())
}

/// The Balances screen's spendable figure, once it is read.
async fn spendable(app: &AppWindow) -> TestResult<String> {
    app.click("[data-testid=nav-balances]").await?;
    app.find("[data-testid=balance-spendable]").await?;
    Ok(app.attr("[data-testid=balance-spendable]", "data-value").await?.unwrap_or_default())
}

struct Recorded {
    reply: String,
    charged: String,
    before: String,
    after: String,
    private: Vec<String>,
}

#[tokio::test(flavor = "multi_thread")]
async fn a_recorded_demo_replays_offline_while_presenting_in_both_languages() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let cassette = scratch.path().join("studio-demo.json");

    // 1. Record, against a sandbox at the pace a person meets.
    let launch = Launch { reply_pace: ReplyPace::default(), ..Launch::default() }.with_fake_browser(
        FAKE_BROWSER,
        &log,
        false,
    );
    let app = AppWindow::launch(launch).await?;
    let result = record(&app, &cassette).await;
    if result.is_err() {
        let _ = app.screenshot("demo-record-failure").await;
        let _ = std::process::Command::new("import")
            .args([
                "-window",
                "root",
                &xiaoya_e2e::screenshot_dir().join("demo-record-failure-x.png").display().to_string(),
            ])
            .status();
        let names = std::process::Command::new("sh")
            .args([
                "-c",
                "for w in $(xdotool search --onlyvisible --name .); do xdotool getwindowname $w; done",
            ])
            .output();
        eprintln!("visible windows: {:?}", names.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()));
    }
    // Closing the window shuts its sandbox down: the platform the demo was recorded on is gone.
    app.close().await?;
    let recorded = result?;

    // 2. Replay, with the app's platform a listener that counts every connection made to it.
    let platform = TcpListener::bind("127.0.0.1:0")?;
    let platform_url = format!("http://{}/", platform.local_addr()?);
    let connections = Arc::new(AtomicUsize::new(0));
    {
        let connections = connections.clone();
        std::thread::spawn(move || {
            for stream in platform.incoming() {
                connections.fetch_add(1, Ordering::SeqCst);
                drop(stream);
            }
        });
    }
    let mut launch = Launch { sandbox: false, external_sandbox: Some(platform_url), ..Launch::default() }
        .with_fake_browser(FAKE_BROWSER, &log, false);
    launch.env.push(("XIAOYA_E2E_OPEN_FILE".into(), cassette.display().to_string()));
    let app = AppWindow::launch(launch).await?;
    let result = replay(&app, &recorded, &connections).await;
    if result.is_err() {
        let _ = app.screenshot("demo-replay-failure").await;
    }
    app.close().await?;
    result
}

async fn record(app: &AppWindow, cassette: &std::path::Path) -> TestResult<Recorded> {
    let control = app.sandbox.as_ref().expect("sandbox").control();
    app.sign_in_personal().await?;

    app.click("[data-testid=nav-settings]").await?;
    app.click("[data-testid=recording-switch]").await?;
    app.wait_for_attr("[data-testid=recording-switch]", "aria-checked", "true").await?;

    let before = spendable(app).await?;
    app.click("[data-testid=nav-chat]").await?;
    let (reply, _) = ask(app, QUESTION).await?;
    assert!(!reply.trim().is_empty(), "the recorded reply has text");
    let charged = synthesize(app).await?;
    // The balance after the reply and the clip, read while recording.
    let mut after = spendable(app).await?;
    for _ in 0..50 {
        if after != before {
            break;
        }
        app.click("[data-testid=balances-refresh]").await.ok();
        tokio::time::sleep(Duration::from_millis(200)).await;
        after = spendable(app).await?;
    }
    assert_ne!(before, after, "the demo spent points");

    app.click("[data-testid=nav-settings]").await?;
    app.wait_for_attr("[data-testid=recording-switch]", "aria-checked", "true").await?;
    app.click("[data-testid=recording-switch]").await?;
    app.wait_for_attr("[data-testid=recording-switch]", "aria-checked", "false").await?;
    app.find("[data-testid=recording-summary]").await?;
    app.click("[data-testid=recording-save]").await?;
    let (title, _) = app.answer_save_dialog(cassette).await?;
    assert_eq!(title, "Save recording");
    for _ in 0..100 {
        if cassette.exists() && std::fs::metadata(cassette)?.len() > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let file = std::fs::read_to_string(cassette)?;
    // Removed while recording: no secret the sandbox issued is in the file.
    let secrets = control.issued_secrets();
    assert!(!secrets.is_empty(), "the sandbox issued tokens to sign in");
    for secret in &secrets {
        assert!(!file.contains(secret.as_str()), "the cassette holds an issued secret");
    }
    // What an audience must not read during the replay: the user's ids, and the request ids
    // the recording's answers carry.
    let mut private: Vec<String> = vec![sb::USER_ID.into(), sb::PUBLIC_CLIENT_USER_ID.into()];
    let json: serde_json::Value = serde_json::from_str(&file)?;
    collect_request_ids(&json, &mut private);
    Ok(Recorded { reply, charged, before, after, private })
}

fn collect_request_ids(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                let k = key.to_ascii_lowercase().replace('-', "_");
                if matches!(k.as_str(), "request_id" | "requestid" | "x_request_id" | "x_xiaoya_request_id") {
                    if let Some(s) = v.as_str() {
                        if s.len() >= 5 && !out.iter().any(|o| o == s) {
                            out.push(s.to_owned());
                        }
                    }
                }
                collect_request_ids(v, out);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_request_ids(v, out)),
        _ => {}
    }
}

async fn replay(app: &AppWindow, recorded: &Recorded, connections: &AtomicUsize) -> TestResult {
    app.size_to(1280, 720).await?;
    // Presenting: on at once from the header.
    app.click("[data-testid=presenting-on]").await?;
    app.find("[data-testid=presenting-badge]").await?;

    app.click("[data-testid=nav-settings]").await?;
    app.click("[data-testid=recording-replay]").await?;
    app.wait_for_attr("[data-testid=platform-label]", "data-mode", "replay").await?;
    app.wait_for_text("[data-testid=platform-label]", "Replay — recorded").await?;
    // Reads already under way towards the old platform may still land; from here on, none.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let reached = connections.load(Ordering::SeqCst);

    app.sign_in_personal().await?;
    assert_eq!(spendable(app).await?, recorded.before, "the replay starts at the recorded balance");

    app.click("[data-testid=nav-chat]").await?;
    let (reply, in_pieces) = ask(app, QUESTION).await?;
    assert_eq!(reply.trim(), recorded.reply.trim(), "the same reply as recorded");
    assert!(in_pieces, "the reply streamed in pieces, at its recorded pace");
    app.shot("demo-replay-chat-en-1280x720", None).await?;

    let charged = synthesize(app).await?;
    assert_eq!(charged, recorded.charged, "the clip is charged the recorded points");
    let mut after = spendable(app).await?;
    for _ in 0..50 {
        if after == recorded.after {
            break;
        }
        app.click("[data-testid=balances-refresh]").await.ok();
        tokio::time::sleep(Duration::from_millis(200)).await;
        after = spendable(app).await?;
    }
    assert_eq!(after, recorded.after, "the balance moved to the recorded 'after'");
    app.shot("demo-replay-balances-en-1280x720", None).await?;

    // A question the recording doesn't hold: said where it was asked, in both languages.
    app.click("[data-testid=nav-chat]").await?;
    app.type_into("[data-testid=chat-input]", "Something nobody recorded").await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_text("[data-testid=main]", "This isn't in this recording").await?;

    app.set_locale("zh-CN").await?;
    app.wait_for_text("[data-testid=platform-label]", "回放 — 录制于").await?;
    app.type_into("[data-testid=chat-input]", "另一个没有录制的问题").await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_text("[data-testid=main]", "本次录制中没有这项内容").await?;
    app.find("[data-testid=presenting-badge]").await?;
    app.shot("demo-replay-chat-zh-1280x720", None).await?;

    // Nothing private readable on any screen shown, in either language.
    for locale in ["zh-CN", "en"] {
        app.set_locale(locale).await?;
        for screen in ["account", "chat", "voices", "balances", "settings"] {
            app.click(&format!("[data-testid=nav-{screen}]")).await?;
            app.find("[data-testid=screen-title]").await?;
            tokio::time::sleep(Duration::from_millis(500)).await;
            let shown = readable(app).await?;
            let leaks: Vec<&String> =
                recorded.private.iter().filter(|p| shown.contains(p.as_str())).collect();
            assert!(leaks.is_empty(), "{screen} ({locale}) shows {leaks:?} while presenting a replay");
            app.find("[data-testid=presenting-badge]").await?;
            assert_eq!(
                app.attr("[data-testid=platform-label]", "data-mode").await?.as_deref(),
                Some("replay")
            );
        }
    }

    assert_eq!(
        connections.load(Ordering::SeqCst),
        reached,
        "the replay made a connection to the platform the app was set to"
    );
    Ok(())
}
