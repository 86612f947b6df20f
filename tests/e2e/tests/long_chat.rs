//! Issue 16 in the real window: a 1,000-message conversation keeps only the messages near
//! the view in the page. It opens at the newest, scrolls back to the first, and a new reply
//! still streams at the bottom. The conversation is seeded through the core's own store
//! between two starts of the app (same data folder, same sandbox, same keychain), not typed.
//!
//! `memory_with_a_1000_message_conversation_open` (ignored; `scripts/bench-memory.sh`) prints
//! what the app and its WebKit processes hold with it open, against one short conversation.

use std::path::{Path, PathBuf};
use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LOG: &str = "[data-testid=chat-messages]";

fn launch(sandbox: &sb::Sandbox, data: &Path, log: &Path) -> Launch {
    Launch {
        external_sandbox: Some(sandbox.base_url()),
        data_dir: Some(data.to_path_buf()),
        ..Launch::default()
    }
    .with_fake_browser(FAKE_BROWSER, log, false)
}

async fn send(app: &AppWindow, text: &str) -> TestResult {
    app.type_into("[data-testid=chat-input]", text).await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_last_attr("[data-testid=chat-message][data-role=assistant]", "data-status", "complete").await
}

/// Sends one message as `send` does, but inside the page in one script: it types through the
/// input's own `input` event, clicks Send and resolves once a newer reply than the last one
/// is complete. No WebDriver element reference is made, so nothing the automation session
/// keeps (WebKit's WebDriver holds every element it ever returned until the session ends)
/// grows with the replies: the soak's control for what the harness itself costs.
async fn send_by_script(app: &AppWindow, text: &str) -> TestResult {
    const SCRIPT: &str = r#"
        const [text, done] = [arguments[0], arguments[arguments.length - 1]];
        const last = () => {
          const all = document.querySelectorAll('[data-testid=chat-message][data-role=assistant]');
          return all[all.length - 1];
        };
        const index = (m) => (m ? Number(m.getAttribute('data-index')) : -1);
        const before = index(last());
        const input = document.querySelector('[data-testid=chat-input]');
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value').set.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const deadline = Date.now() + 25000;
        const poll = () => {
          const m = last();
          if (m && index(m) > before && m.getAttribute('data-status') === 'complete') return done(null);
          if (Date.now() > deadline) return done('no complete reply after ' + before + ': ' + (m ? m.getAttribute('data-status') : 'none'));
          setTimeout(poll, 50);
        };
        // Click once React has taken the text and enabled Send. Timers, not animation frames:
        // WebKit stopped serving requestAnimationFrame for 30 s in one soak run (reply 110 of 200)
        // while the page answered scripts, so the send was never clicked.
        const click = () => {
          const send = document.querySelector('[data-testid=chat-send]');
          if (send && !send.disabled) { send.click(); return poll(); }
          if (Date.now() > deadline) return done('Send stayed disabled');
          setTimeout(click, 10);
        };
        setTimeout(click, 0);
    "#;
    match app.client.execute_async(SCRIPT, vec![serde_json::Value::String(text.to_owned())]).await? {
        serde_json::Value::Null => Ok(()),
        other => Err(format!("send by script: {other}").into()),
    }
}

/// A reply as models write them: a paragraph, a list and a code block.
fn reply(n: usize) -> String {
    format!(
        "Here is answer {n}. It explains the idea in a few sentences, so the message has the height of a real reply.\n\n\
         1. First, read the balance.\n2. Then compare it with the **estimate**.\n3. Finally, `synthesize`.\n\n\
         ```rust\nfn step_{n}() -> u32 {{\n    {n}\n}}\n```\n"
    )
}

/// Signs in, sends one message, closes the app, and adds `extra` messages to that
/// conversation through the core's store. Returns the conversation's id.
async fn seed(sandbox: &sb::Sandbox, data: &Path, log: &Path, extra: usize) -> TestResult<String> {
    let app = AppWindow::launch(launch(sandbox, data, log)).await?;
    app.sign_in_personal().await?;
    app.click("[data-testid=nav-chat]").await?;
    send(&app, "Hello").await?;
    app.close().await?;

    let db = xiaoya_e2e::xiaoya_core::store::Db::open(&data.join("companion.db")).await?;
    let (conversation,): (String,) =
        sqlx::query_as("SELECT id FROM chat_conversations LIMIT 1").fetch_one(db.pool()).await?;
    let model: Option<String> =
        sqlx::query_scalar("SELECT model_code FROM chat_messages WHERE role = 'assistant' LIMIT 1")
            .fetch_one(db.pool())
            .await?;
    let mut parent: Option<String> = None;
    for n in 0..extra {
        let assistant = n % 2 == 1;
        let id = format!("seed-{n:04}");
        let record = xiaoya_e2e::xiaoya_core::chat::store::MessageRecord {
            id: id.clone(),
            conversation_id: conversation.clone(),
            role: if assistant { "assistant" } else { "user" }.into(),
            parent_id: parent.clone(),
            content: if assistant { reply(n) } else { format!("Question {n}: how does this part work?") },
            status: "complete".into(),
            created_at: 1_764_590_400_000 + i64::try_from(n).unwrap_or(0) * 1000,
            model_code: model.clone().filter(|_| assistant),
            ..Default::default()
        };
        db.insert_message(&record).await?;
        parent = Some(id);
    }
    Ok(conversation)
}

async fn open_conversation(app: &AppWindow, id: &str) -> TestResult {
    app.click("[data-testid=nav-chat]").await?;
    let item = format!("[data-testid=chat-conversation-{id}]");
    if app.attr(&item, "aria-current").await?.as_deref() != Some("true") {
        app.click(&item).await?;
    }
    Ok(())
}

async fn js(app: &AppWindow, script: &str) -> TestResult<serde_json::Value> {
    Ok(app.client.execute(script, vec![]).await?)
}

async fn wait_for_index(app: &AppWindow, index: usize) -> TestResult {
    let css = format!("[data-testid=chat-message][data-index='{index}']");
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while app.count(&css).await? == 0 {
        if std::time::Instant::now() > deadline {
            return Err(format!("message {index} never rendered").into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_thousand_message_conversation_keeps_only_what_is_near_the_view_in_the_page() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let sandbox = sb::start(sb::SandboxConfig {
        auto_approve: true,
        reply_pace: sb::ReplyPace::FAST,
        ..Default::default()
    })
    .await?;
    let data = scratch.path().join("data");
    let log = scratch.path().join("browser.log");
    let conversation = seed(&sandbox, &data, &log, 998).await?;

    let app = AppWindow::launch(launch(&sandbox, &data, &log)).await?;
    open_conversation(&app, &conversation).await?;
    // It opens at the newest message, with the whole conversation's size announced.
    wait_for_index(&app, 999).await?;
    let mounted = app.count("[data-testid=chat-message]").await?;
    assert!(mounted < 60, "{mounted} of 1,000 messages in the page");
    assert_eq!(app.attr("[data-testid=chat-message]", "aria-setsize").await?.as_deref(), Some("1000"));
    let at_bottom = js(&app, &format!("const l = document.querySelector('{LOG}'); return l.scrollHeight - l.scrollTop - l.clientHeight;")).await?;
    assert!(at_bottom.as_f64().unwrap_or(f64::MAX) < 48.0, "opened at the bottom: {at_bottom}");
    app.shot("chat-1000-bottom", None).await?;

    // Back to the very first message.
    js(&app, &format!("document.querySelector('{LOG}').scrollTop = 0; return 0;")).await?;
    wait_for_index(&app, 0).await?;
    app.wait_for_text("[data-testid=chat-message][data-index='0']", "Hello").await?;
    assert!(app.count("[data-testid=chat-message]").await? < 60);
    app.shot("chat-1000-top", None).await?;

    // A new reply streams at the bottom, and the view goes there with it.
    send(&app, "One more question").await?;
    wait_for_index(&app, 1001).await?;
    let at_bottom = js(&app, &format!("const l = document.querySelector('{LOG}'); return l.scrollHeight - l.scrollTop - l.clientHeight;")).await?;
    assert!(at_bottom.as_f64().unwrap_or(f64::MAX) < 48.0, "the new reply is in view: {at_bottom}");
    assert!(app.count("[data-testid=chat-message]").await? < 60);
    app.close().await
}

/// The app's process and every process under it (WebKit's web and network processes).
fn tree_of(app_bin: &Path) -> Vec<u32> {
    let roots = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| std::fs::read_link(entry.path().join("exe")).ok().as_deref() == Some(app_bin))
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .collect();
    xiaoya_e2e::process_tree(roots)
}

/// PSS in MiB per process name ("xiaoya-companio", "WebKitWebProces", …: the kernel's
/// 15-character `comm`), for the soak's trace: which process holds what grows.
fn pss_by_process(pids: &[u32]) -> String {
    let mut by: std::collections::BTreeMap<String, u64> = std::collections::BTreeMap::new();
    for pid in pids {
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default().trim().to_owned();
        *by.entry(comm).or_default() += memory(&[*pid]).0;
    }
    by.iter().map(|(name, kib)| format!("{name} {:.0}", *kib as f64 / 1024.0)).collect::<Vec<_>>().join(", ")
}

/// Summed (PSS, RSS) in KiB of `pids`, from `smaps_rollup`.
fn memory(pids: &[u32]) -> (u64, u64) {
    let field = |text: &str, name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    pids.iter().fold((0, 0), |(pss, rss), pid| {
        let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).unwrap_or_default();
        (pss + field(&text, "Pss:"), rss + field(&text, "Rss:"))
    })
}

/// With `BENCH_RECORD=file`, appends one figure as a JSON line (`scripts/bench-app.sh` puts
/// them beside the bare window's and prints the ratios, `tests/bench/summary.py`).
fn record(figure: &str, (pss_kib, rss_kib): (u64, u64)) -> TestResult {
    let Some(path) = std::env::var_os("BENCH_RECORD") else { return Ok(()) };
    use std::io::Write;
    let line = serde_json::json!({ "figure": figure, "pss_kib": pss_kib, "rss_kib": rss_kib });
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
    writeln!(file, "{line}")?;
    Ok(())
}

async fn measure(messages: usize) -> TestResult<(u64, u64)> {
    let scratch = tempfile::tempdir()?;
    let sandbox = sb::start(sb::SandboxConfig {
        auto_approve: true,
        reply_pace: sb::ReplyPace::FAST,
        ..Default::default()
    })
    .await?;
    let data = scratch.path().join("data");
    let log = scratch.path().join("browser.log");
    let conversation = seed(&sandbox, &data, &log, messages.saturating_sub(2)).await?;
    let app = AppWindow::launch(launch(&sandbox, &data, &log)).await?;
    open_conversation(&app, &conversation).await?;
    wait_for_index(&app, messages - 1).await?;
    // Scroll through it once, as a reader would, then let it settle.
    js(&app, &format!("document.querySelector('{LOG}').scrollTop = 0; return 0;")).await?;
    wait_for_index(&app, 0).await?;
    js(&app, &format!("const l = document.querySelector('{LOG}'); l.scrollTop = l.scrollHeight; return 0;"))
        .await?;
    tokio::time::sleep(Duration::from_secs(10)).await;
    let bin = PathBuf::from(
        std::env::var("XIAOYA_APP_BIN").unwrap_or_else(|_| xiaoya_e2e::app_binary().display().to_string()),
    );
    let figures = memory(&tree_of(&bin.canonicalize()?));
    app.close().await?;
    Ok(figures)
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement, run by scripts/bench-memory.sh"]
async fn memory_with_a_1000_message_conversation_open() -> TestResult {
    let runs: usize = std::env::var("BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let (mut short, mut long) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        short.push(measure(2).await?);
        long.push(measure(1000).await?);
    }
    let median = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v[v.len() / 2]
    };
    let mib = |kib: u64| kib as f64 / 1024.0;
    let (mut sp, mut sr): (Vec<u64>, Vec<u64>) = short.into_iter().unzip();
    let (mut lp, mut lr): (Vec<u64>, Vec<u64>) = long.into_iter().unzip();
    let (sp, sr, lp, lr) = (median(&mut sp), median(&mut sr), median(&mut lp), median(&mut lr));
    record("short_conversation", (sp, sr))?;
    record("conversation_1000", (lp, lr))?;
    println!("| app + WebKit, median of {runs}, interleaved | PSS | RSS |");
    println!("|---|---|---|");
    println!("| one short conversation open | {:.0} MiB | {:.0} MiB |", mib(sp), mib(sr));
    println!("| a 1,000-message conversation open | {:.0} MiB | {:.0} MiB |", mib(lp), mib(lr));
    println!(
        "| growth | +{:.0} MiB ({:.2}×) | +{:.0} MiB ({:.2}×) |",
        mib(lp.saturating_sub(sp)),
        lp as f64 / sp.max(1) as f64,
        mib(lr.saturating_sub(sr)),
        lr as f64 / sr.max(1) as f64
    );
    Ok(())
}

/// The soak run (issue 16): 200 streamed replies in one session, memory after the first 20
/// and after all 200 (goal: at most 1.1×, so nothing leaks per reply).
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement, run by scripts/bench-memory.sh"]
async fn soak_200_streamed_replies() -> TestResult {
    soak(Driver::WebDriver).await
}

/// The same soak, each message sent by one script in the page (`send_by_script`): what grows
/// here grows in the app, not in the WebDriver session's element references.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement, run by scripts/bench-memory.sh"]
async fn soak_200_streamed_replies_sent_by_script() -> TestResult {
    soak(Driver::Script).await
}

/// The app's own process through many replies, with no Chat screen open (nothing rendered):
/// `chat_send` called through the real IPC bridge for 4 × 25 s, each process's PSS after each
/// round, then after one `malloc_trim(0)` through gdb (when gdb is installed). It showed that
/// the Rust process's growth was free memory malloc kept (README, Benchmarks: the soak).
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement, run by hand (README, Benchmarks)"]
async fn the_app_process_through_replies_sent_over_the_bridge() -> TestResult {
    let (app, _scratch) = signed_in_for_many_replies().await?;
    let bin = xiaoya_e2e::app_binary().canonicalize()?;
    tokio::time::sleep(Duration::from_secs(5)).await;
    println!("| signed in | | {} |", pss_by_process(&tree_of(&bin)));
    // A channel made the way the page's Channel makes one, replies sent one after another in
    // one conversation for 25 s (WebDriver's script timeout is 30 s).
    const SCRIPT: &str = r#"
        const [model, done] = [arguments[0], arguments[arguments.length - 1]];
        const I = window.__TAURI_INTERNALS__;
        const end = Date.now() + 25000;
        let n = 0, events = 0, conversation = window.__soakConversation ?? null;
        (async () => {
          try {
            while (Date.now() < end) {
              const id = I.transformCallback(() => { events += 1; });
              const reply = await I.invoke('chat_send', {
                input: { conversationId: conversation, text: 'Question ' + n + ': tell me about step ' + n,
                         options: { modelCode: model, systemPrompt: '', parameters: {}, responseFormat: { kind: 'text' } } },
                onEvent: '__CHANNEL__:' + id,
              });
              conversation = window.__soakConversation = reply.conversationId;
              n += 1;
            }
            done(n + ' replies, ' + events + ' events');
          } catch (e) { done('failed: ' + String(e)); }
        })();
    "#;
    for round in 1..=4 {
        let out =
            app.client.execute_async(SCRIPT, vec![serde_json::Value::String(sb::MODEL_CHAT.into())]).await?;
        let out = out.as_str().unwrap_or_default().to_owned();
        if out.starts_with("failed") {
            return Err(out.into());
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
        println!("| round {round} | {out} | {} |", pss_by_process(&tree_of(&bin)));
    }
    let tree = tree_of(&bin);
    let main = tree.first().ok_or("no app process")?;
    match std::process::Command::new("gdb")
        .args(["-p", &main.to_string(), "-batch", "-ex", "call (int) malloc_trim(0)"])
        .output()
    {
        Ok(_) => {
            tokio::time::sleep(Duration::from_secs(2)).await;
            println!("| after malloc_trim(0) through gdb | | {} |", pss_by_process(&tree_of(&bin)));
        }
        Err(_) => println!("(gdb is not installed: no reading after a trim)"),
    }
    app.close().await
}

/// A window signed in to Personal on a sandbox that streams at full speed with points for
/// hundreds of replies (more than the seeded 2,500). Keep the folder: it holds the fake
/// browser's log.
async fn signed_in_for_many_replies() -> TestResult<(AppWindow, tempfile::TempDir)> {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
    control.set_stream_pace(Duration::ZERO);
    control.set_personal_balance(sb::PersonalBalance { subscription: 0, gift_card: 0, recharge: 1_000_000 });
    app.sign_in_personal().await?;
    Ok((app, scratch))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Driver {
    WebDriver,
    Script,
}

async fn soak(driver: Driver) -> TestResult {
    let total: usize = std::env::var("SOAK_REPLIES").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let (app, _scratch) = signed_in_for_many_replies().await?;
    app.click("[data-testid=nav-chat]").await?;
    let bin = xiaoya_e2e::app_binary().canonicalize()?;
    let mut after_20 = (0, 0);
    for n in 1..=total {
        let text = format!("Question {n}: tell me about step {n}");
        let sent = match driver {
            Driver::WebDriver => send(&app, &text).await,
            Driver::Script => send_by_script(&app, &text).await,
        };
        if let Err(err) = sent {
            let code = app.text_of("[data-testid=chat-message][data-role=assistant]:last-of-type [data-testid=chat-error-code]").await?;
            let _ = app.screenshot("soak-failure").await;
            return Err(format!("reply {n}: {err}; the reply says {code:?}").into());
        }
        if n == 20 {
            tokio::time::sleep(Duration::from_secs(10)).await;
            after_20 = memory(&tree_of(&bin));
        } else if n % 40 == 0 && std::env::var_os("SOAK_TRACE").is_some() {
            let tree = tree_of(&bin);
            let (pss, rss) = memory(&tree);
            // What the page holds: elements in the document, and rows of the message list.
            let nodes = js(&app, "return document.getElementsByTagName('*').length;").await?;
            let rows = app.count("[data-testid=chat-message]").await?;
            println!(
                "| after {n} (while sending) | {:.0} MiB | {:.0} MiB | {nodes} elements, {rows} message rows | {} |",
                pss as f64 / 1024.0,
                rss as f64 / 1024.0,
                pss_by_process(&tree)
            );
        }
    }
    tokio::time::sleep(Duration::from_secs(10)).await;
    let after_all = memory(&tree_of(&bin));
    if std::env::var_os("SOAK_TRACE").is_some() {
        // Does it go when the conversation's screen does?
        app.click("[data-testid=nav-account]").await?;
        tokio::time::sleep(Duration::from_secs(10)).await;
        let tree = tree_of(&bin);
        let (pss, rss) = memory(&tree);
        println!(
            "| after {total}, Chat closed 10 s | {:.0} MiB | {:.0} MiB | | {} |",
            pss as f64 / 1024.0,
            rss as f64 / 1024.0,
            pss_by_process(&tree)
        );
    }
    app.close().await?;
    if driver == Driver::Script {
        record("soak_after_20", after_20)?;
        record("soak_after_all", after_all)?;
    }
    let mib = |kib: u64| kib as f64 / 1024.0;
    println!("| soak, one session, sent by {driver:?} | PSS | RSS |");
    println!("|---|---|---|");
    println!("| after 20 streamed replies | {:.0} MiB | {:.0} MiB |", mib(after_20.0), mib(after_20.1));
    println!("| after {total} | {:.0} MiB | {:.0} MiB |", mib(after_all.0), mib(after_all.1));
    println!(
        "| ratio | {:.2}× | {:.2}× |",
        after_all.0 as f64 / after_20.0.max(1) as f64,
        after_all.1 as f64 / after_20.1.max(1) as f64
    );
    Ok(())
}

/// Memory at idle (10 s after the window is up) and after signing in to Personal and a
/// Team and opening every screen once (issue 16's "after visiting every screen").
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement, run by scripts/bench-memory.sh"]
async fn memory_after_visiting_every_screen() -> TestResult {
    let runs: usize = std::env::var("BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let bin = xiaoya_e2e::app_binary().canonicalize()?;
    let (mut idle, mut visited) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let scratch = tempfile::tempdir()?;
        let log = scratch.path().join("browser.log");
        let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
        app.find("[data-testid=nav-account]").await?;
        tokio::time::sleep(Duration::from_secs(10)).await;
        idle.push(memory(&tree_of(&bin)));
        app.sign_in_personal().await?;
        app.sign_in_team(sb::TEAM_ALPHA_ID).await?;
        for screen in ["models", "chat", "voices", "balances", "check", "settings", "account"] {
            app.click(&format!("[data-testid=nav-{screen}]")).await?;
            tokio::time::sleep(Duration::from_millis(1500)).await;
        }
        tokio::time::sleep(Duration::from_secs(10)).await;
        visited.push(memory(&tree_of(&bin)));
        app.close().await?;
    }
    let median = |v: &mut Vec<u64>| {
        v.sort_unstable();
        v[v.len() / 2]
    };
    let mib = |kib: u64| kib as f64 / 1024.0;
    let (mut ip, mut ir): (Vec<u64>, Vec<u64>) = idle.into_iter().unzip();
    let (mut vp, mut vr): (Vec<u64>, Vec<u64>) = visited.into_iter().unzip();
    let (ip, ir, vp, vr) = (median(&mut ip), median(&mut ir), median(&mut vp), median(&mut vr));
    record("idle_in_test_session", (ip, ir))?;
    record("every_screen", (vp, vr))?;
    println!("| app + WebKit, median of {runs} | PSS | RSS |");
    println!("|---|---|---|");
    println!("| idle, 10 s after the window is up | {:.0} MiB | {:.0} MiB |", mib(ip), mib(ir));
    println!("| signed in twice, every screen visited | {:.0} MiB | {:.0} MiB |", mib(vp), mib(vr));
    println!("| ratio | {:.2}× | {:.2}× |", vp as f64 / ip.max(1) as f64, vr as f64 / ir.max(1) as f64);
    Ok(())
}
