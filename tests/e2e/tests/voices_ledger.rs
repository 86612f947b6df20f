//! The audio ledger and the unknown outcome in the real window (JOURNEYS: "people exploring
//! TTS voices", 4 and 5):
//!
//! - a clip made in one session of the app is replayed the next day from the audio ledger —
//!   no speech request, no charge, the balance unchanged — is heard on the output device, and
//!   is saved as an mp3 byte for byte as the platform served it;
//! - the connection drops after the platform charged a synthesis: the window says the outcome
//!   is unknown in plain words, the retry reuses the request id, and the platform and both
//!   balance views show one charge.

use std::path::Path;
use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{approve_in_sandbox, audio, AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const FAKE_FILE_MANAGER: &str = env!("CARGO_BIN_EXE_fake-file-manager");

/// Owns `org.freedesktop.FileManager1` on the session bus until dropped.
struct FileManager(std::process::Child);

impl FileManager {
    fn start(log: &Path) -> TestResult<Self> {
        use std::io::BufRead;
        let mut child = std::process::Command::new(FAKE_FILE_MANAGER)
            .arg(log)
            .stdout(std::process::Stdio::piped())
            .spawn()?;
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().ok_or("no stdout")?).read_line(&mut line)?;
        if line.trim() != "ready" {
            let _ = child.kill();
            return Err(format!("the fake file manager did not start: {line:?}").into());
        }
        Ok(FileManager(child))
    }
}

impl Drop for FileManager {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// About 6 s of audio: long enough to record three seconds of it while it plays.
const YESTERDAY_TEXT: &str =
    "Yesterday by the river, the boats went slowly past the old mill and the willows.";
const DROPPED_TEXT: &str = "The network drops during this clip.";

fn clip_row(clip_id: &str) -> String {
    format!("[data-testid=clip-row][data-clip-id='{clip_id}']")
}

/// Voices → the standard configuration → the warm narrator → `text` as an mp3.
async fn compose(app: &AppWindow, text: &str) -> TestResult {
    app.click("[data-testid=nav-voices]").await?;
    let config = format!("[data-testid=tts-config][data-config-id='{}']", sb::TTS_CONFIG_STANDARD);
    app.click(&format!("{config} [data-testid=tts-config-pick]")).await?;
    app.type_into("[data-testid=voice-search]", "narrator").await?;
    app.click(&format!("[data-testid=voice-option][data-voice-id='{}']", sb::VOICE_NARRATOR_WARM)).await?;
    app.wait_for_attr("[data-testid=tts-selected-voice]", "data-voice-id", sb::VOICE_NARRATOR_WARM).await?;
    app.click("[data-testid=format-mp3]").await?;
    app.wait_for_attr("[data-testid=format-mp3]", "aria-checked", "true").await?;
    app.type_into("[data-testid=tts-input]", text).await?;
    app.wait_for_attr("[data-testid=tts-counter]", "data-count", &text.chars().count().to_string()).await?;
    // The estimate is in before the click, so the synthesis is not racing it.
    let mut estimate = None;
    for _ in 0..100 {
        estimate = app.attr("[data-testid=tts-estimate]", "data-total").await?.filter(|t| !t.is_empty());
        if estimate.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    estimate.ok_or("no estimate before synthesizing")?;
    Ok(())
}

/// The header shows the platform's Personal balance.
async fn header_shows(app: &AppWindow, control: &sb::SandboxControl) -> TestResult<String> {
    let total = control.personal_balance().total().to_string();
    app.wait_for_attr("[data-testid=balance-slot]", "data-spendable", &total).await?;
    Ok(total)
}

/// A Personal token of our own, to ask the sandbox for the same clip the app asked for.
async fn own_personal_token(base: &str) -> TestResult<String> {
    let verifier = "e2e-voices-ledger-verifier-0123456789-abcdefghijklmnop";
    let mut authorize = url::Url::parse(&format!("{base}/oauth/authorize"))?;
    authorize
        .query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", sb::PUBLIC_CLIENT_ID)
        .append_pair("redirect_uri", sb::PUBLIC_CLIENT_REDIRECT_URI)
        .append_pair("scope", "profile model")
        .append_pair("state", "e2e-oracle")
        .append_pair("code_challenge", &sb::pkce_s256_challenge(verifier))
        .append_pair("code_challenge_method", "S256");
    let callback = url::Url::parse(&approve_in_sandbox(authorize.as_str()).await?)?;
    let code = callback
        .query_pairs()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.into_owned())
        .ok_or_else(|| format!("no code in {callback}"))?;
    let token: serde_json::Value = reqwest::Client::new()
        .post(format!("{base}/oauth/token"))
        .form(&[
            ("grant_type", "authorization_code"),
            ("client_id", sb::PUBLIC_CLIENT_ID),
            ("code", code.as_str()),
            ("redirect_uri", sb::PUBLIC_CLIENT_REDIRECT_URI),
            ("code_verifier", verifier),
        ])
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    Ok(token["access_token"].as_str().ok_or("no access_token")?.to_owned())
}

/// What the sandbox serves for this clip's request (synthesis is deterministic).
async fn served_audio(base: &str, text: &str) -> TestResult<Vec<u8>> {
    let token = own_personal_token(base).await?;
    let response = reqwest::Client::new()
        .post(format!("{base}/api/proxy/v1/audio/speech"))
        .bearer_auth(token)
        .header("X-Request-ID", "e2e-voices-ledger-oracle")
        .json(&serde_json::json!({
            "tts_config_id": sb::TTS_CONFIG_STANDARD,
            "voice": sb::VOICE_NARRATOR_WARM,
            "input": text,
            "response_format": "mp3",
        }))
        .send()
        .await?
        .error_for_status()?;
    Ok(response.bytes().await?.to_vec())
}

fn is_mp3(bytes: &[u8]) -> bool {
    bytes.starts_with(b"ID3") || (bytes.len() > 1 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0)
}

/// Waits until the player plays (or says there is no device), then checks that the sound
/// reaches the output device: the app has a stream on the PulseAudio server and the
/// server's output carries sound while the clip plays. Returns false (where that is allowed)
/// when the window says there is no audio device.
async fn hear_it_play(app: &AppWindow) -> TestResult<bool> {
    let enabled = audio::checks_enabled()?;
    let mut status = None;
    for _ in 0..150 {
        if let Some(message) = app.text_of("[data-testid=audio-unavailable]").await? {
            if enabled {
                return Err(format!(
                    "PULSE_SERVER={:?} is set but the app found no audio device: {message:?}",
                    audio::server()
                )
                .into());
            }
            assert!(message.contains("No audio output"), "{message}");
            eprintln!("note: no audio device here; the window says so: {message:?}");
            return Ok(false);
        }
        status = app.attr("[data-testid=player]", "data-status").await?;
        if status.as_deref() == Some("playing") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status.as_deref(), Some("playing"), "the replay started");
    if !enabled {
        return Ok(true);
    }
    let binary = xiaoya_e2e::app_binary();
    let binary = binary.file_name().and_then(|n| n.to_str()).ok_or("app binary name")?.to_owned();
    let inputs = tokio::task::spawn_blocking(audio::sink_inputs).await??;
    assert!(
        audio::streams_of(&inputs, &binary) >= 1,
        "the app has no playback stream on {:?}; the server's streams:\n{inputs}",
        audio::server()
    );
    // Three seconds of a six-second clip, in half-second windows: the first may still be
    // quiet (the device's latency), every later one must carry sound — a clip that stops
    // early or never reaches the device fails.
    let samples = tokio::task::spawn_blocking(|| audio::record_output(Duration::from_secs(3))).await??;
    let window = audio::RECORD_RATE as usize / 2;
    let peaks: Vec<u16> = samples.chunks(window).map(audio::peak).collect();
    assert!(
        peaks.len() >= 6 && peaks[1..].iter().all(|&p| p > 1000),
        "the output device did not get the clip's sound all along; peaks per half second: {peaks:?}"
    );
    eprintln!("audio reached the output device; peaks per half second: {peaks:?}");
    Ok(true)
}

#[tokio::test(flavor = "multi_thread")]
async fn yesterdays_clip_replays_from_the_ledger_without_a_charge_and_saves_as_mp3() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let data = scratch.path().join("app-data");
    std::fs::create_dir_all(&data)?;
    let sandbox = sb::start(sb::SandboxConfig { auto_approve: true, ..Default::default() }).await?;
    let control = sandbox.control();
    let launch = || Launch {
        data_dir: Some(data.clone()),
        external_sandbox: Some(sandbox.base_url()),
        ..Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)
    };

    // Day one: make the clip.
    let app = AppWindow::launch(launch()).await?;
    let made = make_yesterdays_clip(&app, &control).await;
    if made.is_err() {
        let _ = app.screenshot("voices-ledger-failure-day-one").await;
    }
    app.close().await?;
    let (clip_id, request_id) = made?;

    // The next day: the platform's clock moved on, the app starts again from its data folder.
    control.advance_clock(Duration::from_secs(24 * 60 * 60));
    let app = AppWindow::launch(launch()).await?;
    let result =
        replay_and_save(&app, &control, &sandbox.base_url(), &data, scratch.path(), &clip_id, &request_id)
            .await;
    if result.is_err() {
        let _ = app.screenshot("voices-ledger-failure").await;
    }
    app.close().await?;
    sandbox.shutdown().await;
    result
}

async fn make_yesterdays_clip(app: &AppWindow, control: &sb::SandboxControl) -> TestResult<(String, String)> {
    app.sign_in_personal().await?;
    header_shows(app, control).await?;
    compose(app, YESTERDAY_TEXT).await?;
    app.click("[data-testid=tts-synthesize]").await?;
    app.wait_for_attr("[data-testid=tts-outcome]", "data-status", "complete").await?;
    let request_id =
        app.text_of("[data-testid=receipt-request-id]").await?.unwrap_or_default().trim().to_owned();
    assert_eq!(control.charges_for(&request_id).len(), 1, "charged once under the id the receipt shows");
    assert_eq!(control.speech_request_count(&request_id), 1);
    app.find("[data-testid=clip-row][data-status=complete]").await?;
    let clip_id = app
        .attr("[data-testid=clip-row][data-status=complete]", "data-clip-id")
        .await?
        .filter(|id| !id.is_empty())
        .ok_or("the new clip is not in the audio ledger")?;
    app.wait_for_text(&format!("{} .clip__request", clip_row(&clip_id)), &request_id).await?;
    // The header follows the charge.
    header_shows(app, control).await?;
    Ok((clip_id, request_id))
}

async fn replay_and_save(
    app: &AppWindow,
    control: &sb::SandboxControl,
    base: &str,
    data: &Path,
    scratch: &Path,
    clip_id: &str,
    request_id: &str,
) -> TestResult {
    // Still signed in, and yesterday's clip is in the ledger with what it cost.
    app.click("[data-testid=nav-voices]").await?;
    let row = clip_row(clip_id);
    app.wait_for_attr(&row, "data-status", "complete").await?;
    let charged = control.charges_for(request_id).first().map(|c| c.points.to_string()).ok_or("no charge")?;
    app.wait_for_text(&format!("{row} [data-testid=clip-charged]"), &format!("Charged {charged}")).await?;
    app.wait_for_text(&format!("{row} .clip__text"), "Yesterday by the river").await?;
    let header = header_shows(app, control).await?;
    let balance = control.personal_balance();
    let charges = control.charges().len();

    // Any speech request from here on would be answered by this fault (and use it up).
    let guard = sb::Fault::once(sb::Route::Speech, sb::FaultKind::Status(500));
    control.inject(guard);

    app.click(&format!("{row} [data-testid=clip-play]")).await?;
    if hear_it_play(app).await? {
        // The bar names the clip as the ledger does.
        let voice = app.text_of(&format!("{row} .clip__meta span")).await?.unwrap_or_default();
        assert!(!voice.trim().is_empty(), "the ledger row names the voice");
        app.wait_for_text("[data-testid=player-bar]", voice.trim()).await?;
    }
    app.shot("voices-ledger-replay", Some("[data-testid=player]")).await?;

    // Save as: the system's save dialog (GTK's file chooser) opens with the clip's name;
    // the person types where it goes, leaving ".mp3" off, and presses Enter.
    let folder = scratch.join("saved");
    std::fs::create_dir_all(&folder)?;
    let expected = folder.join("yesterday.mp3");
    app.click(&format!("{row} [data-testid=clip-export]")).await?;
    let (title, suggested) = app.answer_save_dialog(&folder.join("yesterday")).await?;
    assert_eq!(title, "Save clip", "the dialog says what it saves");
    assert!(
        suggested.ends_with(".mp3") && suggested.len() > ".mp3".len(),
        "it suggests the clip's name: {suggested:?}"
    );
    let toast = app.wait_for_text("[data-testid=toast-success]", "Saved yesterday.mp3").await?;
    // Issue 26: the folder by name, never its whole path (it holds the OS user name on a
    // projector); the whole path is on hover.
    assert!(toast.contains("In saved"), "the window says where the file went: {toast}");
    assert!(!toast.contains(&scratch.display().to_string()), "no full path in the toast: {toast}");
    let hover = app.attr("[data-testid=toast-success] .toast__body", "title").await?;
    assert_eq!(hover.as_deref(), Some(expected.display().to_string().as_str()), "the path on hover");
    app.shot("voices-ledger-exported", None).await?;

    // "Show in folder" asks the file manager (over D-Bus) to show that very file.
    let shown = scratch.join("file-manager.log");
    {
        let _manager = FileManager::start(&shown)?;
        app.click("[data-testid=saved-show-in-folder]").await?;
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while std::fs::read_to_string(&shown).unwrap_or_default().is_empty()
            && std::time::Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let asked = std::fs::read_to_string(&shown).unwrap_or_default();
        assert_eq!(
            asked.trim(),
            format!("file://{}", expected.display()),
            "the file manager was asked to show the saved file"
        );
    }
    // With no file manager on the bus, the window says so (the file is still where it said).
    app.click(&format!("{row} [data-testid=clip-export]")).await?;
    app.answer_save_dialog(&folder.join("again.mp3")).await?;
    app.wait_for_text("[data-testid=toast-success]", "Saved again.mp3").await?;
    app.click("[data-testid=saved-show-in-folder]").await?;
    let error = app.wait_for_text("[data-testid=toast-error]", "No file manager opened").await?;
    // The folder by name here too (issue 26), the whole path on hover.
    assert!(error.contains("In saved"), "the error says where the file is: {error}");
    assert!(!error.contains(&scratch.display().to_string()), "no full path in the error: {error}");
    let hover = app.attr("[data-testid=toast-error] .toast__body", "title").await?;
    assert_eq!(
        hover.as_deref(),
        Some(folder.join("again.mp3").display().to_string().as_str()),
        "the path on hover"
    );
    // Cancelling the dialog saves nothing and says nothing.
    app.click(&format!("{row} [data-testid=clip-export]")).await?;
    assert_eq!(app.cancel_save_dialog().await?, "Save clip");
    tokio::time::sleep(Duration::from_millis(800)).await;
    let files: Vec<_> = std::fs::read_dir(&folder)?.filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
    assert_eq!(files.len(), 2, "{files:?}");
    assert_eq!(
        app.attr(&format!("{row} [data-testid=clip-export]"), "aria-busy").await?,
        None,
        "the button is ready again"
    );

    let saved = std::fs::read(&expected)?;
    assert!(is_mp3(&saved), "starts with an MP3 frame or ID3 tag: {:02x?}", &saved[..saved.len().min(4)]);
    let stored = std::fs::read(data.join("audio").join(format!("{clip_id}.mp3")))?;
    assert_eq!(saved.len(), stored.len(), "the export is the clip's saved audio");
    assert!(saved == stored, "the export is the clip's saved audio, byte for byte");

    // Nothing of this went to the platform: no speech request, no charge, same balance.
    assert_eq!(control.pending_faults(), vec![guard], "a speech request reached the platform");
    assert_eq!(control.speech_request_count(request_id), 1);
    assert_eq!(control.charges().len(), charges, "no new charge");
    assert_eq!(control.personal_balance(), balance);
    assert_eq!(
        app.attr("[data-testid=balance-slot]", "data-spendable").await?.as_deref(),
        Some(header.as_str())
    );
    // Read the balance again from the platform (slowed down so the refresh can be seen).
    control.clear_faults();
    let slow = sb::Fault::once(sb::Route::Balance, sb::FaultKind::Latency(Duration::from_millis(1500)));
    control.inject(slow);
    app.click("[data-testid=balance-slot]").await?;
    app.wait_for_attr("[data-testid=balance-slot]", "aria-busy", "true").await?;
    for _ in 0..200 {
        if app.attr("[data-testid=balance-slot]", "aria-busy").await?.is_none() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(control.pending_faults().is_empty(), "the header read the balance from the platform");
    assert_eq!(
        app.attr("[data-testid=balance-slot]", "data-spendable").await?.as_deref(),
        Some(header.as_str())
    );
    app.shot("voices-ledger-yesterday", Some("[data-testid=audio-ledger]")).await?;

    // And the file holds exactly what the platform serves for that request.
    let served = served_audio(base, YESTERDAY_TEXT).await?;
    assert_eq!(saved.len(), served.len(), "same length as the audio the platform served");
    assert!(saved == served, "the saved mp3 is the audio the platform served, byte for byte");
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dropped_connection_is_an_unknown_outcome_and_the_retry_is_not_charged_twice() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = dropped_connection(&app).await;
    if result.is_err() {
        let _ = app.screenshot("voices-unknown-failure").await;
    }
    app.close().await?;
    result
}

async fn dropped_connection(app: &AppWindow) -> TestResult {
    let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
    app.sign_in_personal().await?;
    header_shows(app, &control).await?;
    compose(app, DROPPED_TEXT).await?;
    let charges = control.charges().len();

    // The platform handles (and charges) each request, then the connection drops before the
    // answer arrives — for longer than the app's automatic retries last.
    control.inject(sb::Fault { route: sb::Route::Speech, kind: sb::FaultKind::ResetAfterCommit, times: 50 });
    app.click("[data-testid=tts-synthesize]").await?;
    app.wait_for_attr("[data-testid=tts-outcome]", "data-status", "unknown").await?;
    let request_id =
        app.text_of("[data-testid=outcome-request-id]").await?.unwrap_or_default().trim().to_owned();
    assert!(!request_id.is_empty(), "the request id is shown");
    let sent = control.speech_request_count(&request_id);
    assert!(sent >= 1, "the id shown is the one that was sent");
    assert_eq!(control.charges_for(&request_id).len(), 1, "the platform did charge, once");

    // In words a person understands: not known whether it was charged; retrying is safe.
    let outcome = app.text_of("[data-testid=tts-last-clip]").await?.unwrap_or_default();
    for words in ["We don't know yet whether this was charged", "same request ID", "never be charged twice"] {
        assert!(outcome.contains(words), "{words:?} missing from {outcome:?}");
    }
    for jargon in [
        "error sending request",
        "reqwest",
        "hyper",
        "tcp",
        "127.0.0.1",
        "NETWORK",
        "Transport",
        "connection reset",
    ] {
        assert!(!outcome.contains(jargon), "{jargon:?} shown to the person: {outcome:?}");
    }
    app.find("[data-testid=outcome-retry]").await?;
    app.wait_for_attr("[data-testid=clip-row]", "data-status", "unknown").await?;
    app.find("[data-testid=clip-row] [data-testid=clip-retry]").await?;
    app.shot("voices-unknown-outcome", Some("[data-testid=tts-last-clip]")).await?;
    // The platform may have charged already: the header shows its balance, not the old one.
    header_shows(app, &control).await?;

    // The network is back; the person retries.
    assert!(!control.pending_faults().is_empty(), "every automatic attempt met the dropped connection");
    control.clear_faults();
    app.click("[data-testid=outcome-retry]").await?;
    app.wait_for_attr("[data-testid=tts-outcome]", "data-status", "settledNoAudio").await?;
    let receipt_id = app.text_of("[data-testid=receipt-request-id]").await?.unwrap_or_default();
    assert_eq!(receipt_id.trim(), request_id, "the receipt carries the same request id");
    let settled = app.text_of("[data-testid=tts-last-clip]").await?.unwrap_or_default();
    assert!(settled.contains("Charged, but the audio didn't arrive"), "{settled:?}");
    assert!(settled.contains("charged once"), "{settled:?}");
    assert_eq!(app.count("[data-testid=outcome-retry]").await?, 0, "nothing more to retry");
    assert_eq!(
        control.speech_request_count(&request_id),
        sent + 1,
        "the retry was sent under the same X-Request-ID"
    );
    assert_eq!(control.charges_for(&request_id).len(), 1, "no second charge");
    assert_eq!(control.charges().len(), charges + 1);
    app.wait_for_attr("[data-testid=clip-row]", "data-status", "settledNoAudio").await?;
    assert_eq!(app.count("[data-testid=clip-row]").await?, 1, "one clip");
    assert_eq!(app.count("[data-testid=clip-retry]").await?, 0);
    app.shot("voices-unknown-settled", Some("[data-testid=tts-last-clip]")).await?;
    header_shows(app, &control).await?;

    // "Why did my balance change" and the points ledger list the clip once.
    app.click("[data-testid=nav-balances]").await?;
    let in_ledger =
        format!("[data-testid=ledger-list] [data-testid=charge-row][data-request-id='{request_id}']");
    let in_why =
        format!("[data-testid=balance-changes] [data-testid=charge-row][data-request-id='{request_id}']");
    app.find(&in_ledger).await?;
    app.find(&in_why).await?;
    assert_eq!(app.count(&in_ledger).await?, 1, "the points ledger lists the clip once");
    assert_eq!(app.count(&in_why).await?, 1, "\"why did my balance change\" lists the clip once");
    app.shot("voices-unknown-why", Some("[data-testid=balance-changes]")).await?;
    app.shot("voices-unknown-points-ledger", Some("[data-testid=points-ledger]")).await?;
    Ok(())
}
