//! Issue #30 part 3, in the real window, read the way a screen reader reads it: through
//! AT-SPI. The app is launched with `Launch { accessibility: true }` (the AT bridge on, the
//! session's `org.a11y.Bus` required: the test fails without it, it never skips), and
//! `tests/e2e/a11y/atspi_dump.py` (system Python, `gi` Atspi from apt) reads the app's tree
//! from the accessibility registry — WebKitGTK exposes the page's own nodes there.
//!
//! Checked: the navigation and the header's buttons have roles ("push button", "radio
//! button", …) and names, in English and, after switching, in Chinese; on every screen, in
//! both languages, no showing control is nameless; closing the receipt dialog puts focus
//! (AT-SPI's `focused` state) back on its Receipt button; a streamed reply at the pace a person meets (`ReplyPace::default()`) is
//! read out in the polite live region (`id="announcer-polite"`, `live: polite`) as its start
//! ("Reply from <model> started."), its sentences, each once and in the reply's order, and
//! its end with what it cost ("Reply finished. Charged N points to Personal.").
//!
//! How the announcements are observed: the helper polls the live region's text through
//! AT-SPI's Text interface every 50 ms and records each distinct value (each announcement
//! stays 400 ms, `HOLD_MS`). It also listens for `object:text-changed:insert` and
//! `object:announcement` events; what WebKit emitted is printed in the test's output, but
//! the assertions use the polled text, which is what a screen reader would read. Measured
//! with WebKitGTK 2.50.6 (Debian 12): about 55 events during a reply, none of them from the
//! live region or its text (WebKit's AT-SPI does not report these text changes as events
//! here), so polling it is.
//!
//! Then Settings → Screen reader → "Start and end only" (its radio buttons named through
//! AT-SPI) with Team Beta paying: only "Reply from <model> started." and "Reply finished.
//! Charged N points to Team Beta." are heard. Back to sentence by sentence, in Chinese: the
//! reply is heard split at 。！？, in order, from "<model> 开始回复。" to "回复完成。 已向 Team
//! Beta 扣除 N 积分。".

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use xiaoya_e2e::xiaoya_sandbox::{self as sb, Reading, ReplyPace};
use xiaoya_e2e::{repo_root, AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";

/// The Python with `gi` and Atspi (apt's python3-gi, gir1.2-atspi-2.0): the system one.
fn python() -> String {
    std::env::var("XIAOYA_A11Y_PYTHON").unwrap_or_else(|_| "/usr/bin/python3".into())
}

fn helper() -> std::path::PathBuf {
    repo_root().join("tests/e2e/a11y/atspi_dump.py")
}

/// The app's accessibility tree: every node's role, name, states and attributes.
fn tree() -> TestResult<Vec<Value>> {
    let out =
        Command::new(python()).arg(helper()).args(["tree", "--wait", "20"]).stdin(Stdio::null()).output()?;
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(format!("atspi_dump tree failed: {text} {}", String::from_utf8_lossy(&out.stderr)).into());
    }
    let json: Value = serde_json::from_str(&text)?;
    Ok(json["nodes"].as_array().cloned().unwrap_or_default())
}

fn has(nodes: &[Value], role: &str, name: &str) -> bool {
    nodes.iter().any(|n| n["role"] == role && n["name"] == name)
}

/// Waits until the tree has a node with this role and name (the page re-renders after a click).
async fn wait_for_node(role: &str, name: &str) -> TestResult<Vec<Value>> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let nodes = tree()?;
        if has(&nodes, role, name) {
            return Ok(nodes);
        }
        if Instant::now() > deadline {
            let named: Vec<String> = nodes
                .iter()
                .filter(|n| n["name"].as_str().is_some_and(|s| !s.is_empty()))
                .map(|n| format!("{}: {}", n["role"], n["name"]))
                .collect();
            return Err(format!(
                "no {role} named {name:?} in the accessibility tree; named nodes: {named:#?}"
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

const CONTROLS: [&str; 6] =
    ["push button", "toggle button", "radio button", "combo box", "check box", "link"];

/// Showing controls without a name (a screen reader would say only "button").
fn nameless(nodes: &[Value]) -> Vec<String> {
    nodes
        .iter()
        .filter(|n| CONTROLS.iter().any(|r| n["role"] == *r))
        .filter(|n| n["states"].as_array().is_some_and(|s| s.iter().any(|v| v == "showing")))
        .filter(|n| n["name"].as_str().is_none_or(|s| s.trim().is_empty()))
        .map(|n| n.to_string())
        .collect()
}

fn names_and_roles(nodes: &[Value], expected: &[(&str, &str)]) -> TestResult {
    for (role, name) in expected {
        if !has(nodes, role, name) {
            return Err(format!("no {role} named {name:?} in the accessibility tree").into());
        }
    }
    let missing = nameless(nodes);
    if !missing.is_empty() {
        return Err(format!("controls without an accessible name: {missing:#?}").into());
    }
    Ok(())
}

/// Listens to the live region through AT-SPI while the app runs: the helper's JSON lines.
struct Watcher {
    child: std::process::Child,
    lines: Arc<Mutex<Vec<Value>>>,
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Watcher {
    async fn start() -> TestResult<Self> {
        let mut child = Command::new(python())
            .arg(helper())
            .args(["watch", "--id", "announcer-polite", "--seconds", "120", "--poll-ms", "50"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdout = child.stdout.take().ok_or("watcher stdout")?;
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Ok(v) = serde_json::from_str::<Value>(&line) {
                    sink.lock().map(|mut l| l.push(v)).ok();
                }
            }
        });
        let watcher = Watcher { child, lines, reader: Some(reader) };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let got = watcher.lines.lock().map(|l| l.clone()).unwrap_or_default();
            if let Some(err) = got.iter().find(|v| v.get("error").is_some()) {
                return Err(format!("atspi_dump watch: {err}").into());
            }
            if let Some(ready) = got.iter().find(|v| v["kind"] == "ready") {
                let live = ready["attrs"]["live"].as_str().unwrap_or_default().to_owned();
                if live != "polite" {
                    return Err(
                        format!("the polite region is not a polite live region to AT-SPI: {ready}").into()
                    );
                }
                return Ok(watcher);
            }
            if Instant::now() > deadline {
                return Err(format!("the watcher found no live region: {got:?}").into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn stop(mut self) -> Vec<Value> {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(r) = self.reader.take() {
            let _ = r.join();
        }
        self.lines.lock().map(|l| l.clone()).unwrap_or_default()
    }
}

/// Letters and digits only, lower case: a spoken sentence (no Markdown marks) and the
/// rendered reply (no list numbers, a code block's label) compare on their words.
fn words(text: &str) -> String {
    text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_screen_reader_finds_named_controls_and_hears_a_streamed_reply_in_order() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let launch = Launch { accessibility: true, reply_pace: ReplyPace::default(), ..Launch::default() }
        .with_fake_browser(FAKE_BROWSER, &log, false);
    let app = AppWindow::launch(launch).await?;
    let result = journey(&app).await;
    if result.is_err() {
        let _ = app.screenshot("screen-reader-failure").await;
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow) -> TestResult {
    app.find("[data-testid=nav-account]").await?;
    // ---- Names and roles, in English.
    let nodes = wait_for_node("push button", "Account").await?;
    names_and_roles(
        &nodes,
        &[
            ("push button", "Skip to content"),
            ("push button", "Account"),
            ("push button", "Models"),
            ("push button", "Chat"),
            ("push button", "Voices"),
            ("push button", "Balances"),
            ("push button", "Agents"),
            ("push button", "Settings"),
            ("radio button", "中文"),
            ("radio button", "English"),
            ("landmark", "Main"),
            ("heading", "Account"),
        ],
    )?;
    // ---- And in Chinese.
    app.set_locale("zh-CN").await?;
    let nodes = wait_for_node("push button", "账户").await?;
    names_and_roles(
        &nodes,
        &[
            ("push button", "账户"),
            ("push button", "模型"),
            ("push button", "对话"),
            ("push button", "音色"),
            ("push button", "余额"),
            ("push button", "智能体"),
            ("push button", "设置"),
            ("heading", "账户"),
        ],
    )?;
    app.set_locale("en").await?;
    wait_for_node("push button", "Account").await?;

    // ---- A streamed reply, read out in the polite live region.
    app.sign_in_personal().await?;
    // ---- Every screen, signed in, in both languages: no showing control without a name.
    for (locale, settings) in [("en", "Settings"), ("zh-CN", "设置")] {
        app.set_locale(locale).await?;
        for screen in ["models", "chat", "voices", "balances", "agents", "check", "settings", "account"] {
            app.click(&format!("[data-testid=nav-{screen}]")).await?;
            app.wait_for_attr(&format!("[data-testid=nav-{screen}]"), "aria-current", "page").await?;
            tokio::time::sleep(Duration::from_millis(500)).await;
            let missing = nameless(&tree()?);
            if !missing.is_empty() {
                return Err(
                    format!("{locale}, screen {screen}: controls without a name: {missing:#?}").into()
                );
            }
        }
        wait_for_node("push button", settings).await?;
    }
    app.set_locale("en").await?;
    let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
    control.set_readings([Reading::ChatChargedPointsHeader].into_iter().collect());
    app.click("[data-testid=nav-chat]").await?;
    let (heard, reply) = hear_reply(app, "Why is the sky blue?").await?;
    let start = heard.iter().position(|t| t.starts_with("Reply from ") && t.ends_with(" started."));
    let start = start.ok_or_else(|| format!("no 'Reply from <model> started.' heard: {heard:#?}"))?;
    let end =
        heard.iter().position(|t| t.starts_with("Reply finished. Charged ") && t.ends_with(" to Personal."));
    let end =
        end.ok_or_else(|| format!("no 'Reply finished. Charged N points to Personal.' heard: {heard:#?}"))?;
    assert!(heard[end].contains("point"), "{}", heard[end]);
    assert!(start < end, "{heard:#?}");
    let sentences = &heard[start + 1..end];
    assert!(sentences.len() >= 2, "the reply was read as sentences: {sentences:#?} / {reply}");
    // Each once, in the reply's order: every sentence is found after the one before.
    let mut at = 0;
    for s in sentences {
        let s = words(s);
        let found = reply[at..].find(&s).ok_or_else(|| {
            format!("{s:?} not found (in order) in the reply {reply:?}; heard {sentences:#?}")
        })?;
        at += found + s.len();
    }
    // Nothing after the end, nothing said twice.
    let mut seen = std::collections::HashSet::new();
    for s in &heard[start..=end] {
        assert!(seen.insert(s.clone()), "said twice: {s:?} in {heard:#?}");
    }
    // The reply was read to its last words.
    assert!(reply.len() - at < 40, "not read: {:?}", &reply[at..]);

    // ---- Focus comes back to the opener when a dialog closes, as AT-SPI sees it.
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    app.find("[data-testid=receipt-request-id]").await?;
    app.click("[data-testid=dialog-close]").await?;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let nodes = tree()?;
        let focused: Vec<&Value> = nodes
            .iter()
            .filter(|n| n["states"].as_array().is_some_and(|s| s.iter().any(|v| v == "focused")))
            .collect();
        if focused.iter().any(|n| n["role"] == "push button" && n["name"] == "Receipt") {
            break;
        }
        if Instant::now() > deadline {
            return Err(format!(
                "after the receipt closed, focus is on {focused:#?}, not its Receipt button"
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // ---- Settings → Screen reader → "Start and end only", and a Team pays: only the start
    // and the end are heard, the end naming the Team.
    app.click("[data-testid=nav-settings]").await?;
    let nodes = wait_for_node("radio button", "Start and end only").await?;
    names_and_roles(
        &nodes,
        &[("radio button", "Sentence by sentence"), ("radio button", "Whole reply at the end")],
    )?;
    app.click("[data-testid=settings-read-replies-startEnd]").await?;
    app.wait_for_attr("[data-testid=settings-read-replies-startEnd]", "aria-checked", "true").await?;
    app.sign_in_team(sb::TEAM_BETA_ID).await?;
    app.wait_for_text("[data-testid=charged-to]", sb::TEAM_BETA_NAME).await?;
    app.click("[data-testid=nav-chat]").await?;
    let (heard, _) = hear_reply(app, "Why is the sky blue?").await?;
    let start = heard.iter().position(|t| t.starts_with("Reply from ") && t.ends_with(" started."));
    let start = start.ok_or_else(|| format!("no 'Reply from <model> started.' heard: {heard:#?}"))?;
    let end = &heard[start + 1..];
    assert_eq!(end.len(), 1, "only the start and the end: {heard:#?}");
    let want = format!(" to {}.", sb::TEAM_BETA_NAME);
    assert!(end[0].starts_with("Reply finished. Charged ") && end[0].ends_with(&want), "{heard:#?}");

    // ---- In Chinese, sentence by sentence again: split at 。！？, the end in Chinese.
    app.click("[data-testid=nav-settings]").await?;
    app.click("[data-testid=settings-read-replies-sentences]").await?;
    app.wait_for_attr("[data-testid=settings-read-replies-sentences]", "aria-checked", "true").await?;
    app.set_locale("zh-CN").await?;
    app.click("[data-testid=nav-chat]").await?;
    let (heard, reply) = hear_reply(app, "天空为什么是蓝色的？").await?;
    let start = heard.iter().position(|t| t.ends_with(" 开始回复。"));
    let start = start.ok_or_else(|| format!("no '<model> 开始回复。' heard: {heard:#?}"))?;
    let want = format!("已向 {} 扣除 ", sb::TEAM_BETA_NAME);
    let end =
        heard.iter().position(|t| t.starts_with("回复完成。") && t.contains(&want) && t.ends_with("积分。"));
    let end = end.ok_or_else(|| format!("no '回复完成。 已向 Team Beta 扣除 N 积分。' heard: {heard:#?}"))?;
    let sentences = &heard[start + 1..end];
    assert!(sentences.len() >= 5, "read as sentences: {sentences:#?}");
    let mut at = 0;
    for s in sentences {
        let s = words(s);
        let found = reply[at..]
            .find(&s)
            .ok_or_else(|| format!("{s:?} not found (in order) in {reply:?}; heard {sentences:#?}"))?;
        at += found + s.len();
    }
    app.set_locale("en").await?;
    Ok(())
}

/// Sends `question` in the open chat and returns what the polite live region said through
/// AT-SPI meanwhile (each distinct text, in order), and the reply's rendered words.
async fn hear_reply(app: &AppWindow, question: &str) -> TestResult<(Vec<String>, String)> {
    let watcher = Watcher::start().await?;
    app.type_into("[data-testid=chat-input]", question).await?;
    app.click("[data-testid=chat-send]").await?;
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        let got = watcher.lines.lock().map(|l| l.clone()).unwrap_or_default();
        let ended = got.iter().any(|v| {
            v["kind"] == "poll"
                && v["text"]
                    .as_str()
                    .is_some_and(|t| t.starts_with("Reply finished.") || t.starts_with("回复完成。"))
        });
        if ended || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let lines = watcher.stop();
    let reply = words(
        &app.text_of(&format!("{LAST_REPLY} [data-testid=chat-message-content]")).await?.unwrap_or_default(),
    );
    let heard: Vec<String> = lines
        .iter()
        .filter(|v| v["kind"] == "poll")
        .filter_map(|v| v["text"].as_str())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect();
    let events = lines.iter().filter(|v| v["kind"] == "event").count();
    let from_region =
        lines.iter().filter(|v| v["kind"] == "event" && v["source_id"] == "announcer-polite").count();
    eprintln!("heard through AT-SPI (polled): {heard:#?}");
    eprintln!("AT-SPI events: {events} in all, {from_region} from the polite region itself");
    Ok((heard, reply))
}
