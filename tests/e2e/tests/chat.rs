//! Models and Chat in the real window: browse the catalog, pick a model, watch a reply
//! stream and stop it, read a receipt, see an error with the platform's code and retry
//! it, and chat as a Team without streaming and without Personal's history.

use std::time::Duration;

use xiaoya_e2e::xiaoya_sandbox::{self as sb, Fault, FaultKind, Route};
use xiaoya_e2e::{AppWindow, Launch, TestResult};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";

async fn js(app: &AppWindow, script: &str, args: Vec<serde_json::Value>) -> TestResult<serde_json::Value> {
    Ok(app.client.execute(script, args).await?)
}

/// The text of the last element matching `css`.
async fn last_text(app: &AppWindow, css: &str) -> TestResult<String> {
    let value = js(
        app,
        "const all = document.querySelectorAll(arguments[0]); const el = all[all.length - 1]; return el ? el.innerText : '';",
        vec![css.into()],
    )
    .await?;
    Ok(value.as_str().unwrap_or_default().to_owned())
}

/// Picks an option of a native select the way a change by the person would.
async fn choose(app: &AppWindow, css: &str, value: &str) -> TestResult {
    app.find(css).await?;
    js(
        app,
        "const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }));",
        vec![css.into(), value.into()],
    )
    .await?;
    Ok(())
}

async fn send(app: &AppWindow, text: &str) -> TestResult {
    app.type_into("[data-testid=chat-input]", text).await?;
    app.click("[data-testid=chat-send]").await
}

#[tokio::test(flavor = "multi_thread")]
async fn browse_models_stream_a_reply_stop_it_read_receipts_and_chat_as_a_team() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let control = app.sandbox.as_ref().expect("sandbox").control();
    app.sign_in_personal().await?;

    // ---- The model browser: filter to image input, read a detail, the raw entry.
    app.click("[data-testid=nav-models]").await?;
    app.find(&format!("[data-testid='model-row-{}']", sb::MODEL_LEGACY)).await?;
    assert_eq!(app.count("[data-testid^=model-row-]").await?, 7, "the whole Personal catalog");
    choose(&app, "[data-testid=models-capability-filter]", "acceptsImage").await?;
    app.click(&format!("[data-testid='model-row-{}']", sb::MODEL_VISION)).await?;
    app.wait_for_text("[data-testid=model-detail-mode]", "JSON object").await?;
    app.find("[data-testid=model-detail] [data-testid=model-param-detail]").await?;
    assert!(
        app.text_of(&format!("[data-testid='model-row-{}']", sb::MODEL_CHAT)).await?.is_none(),
        "filtered out"
    );
    choose(&app, "[data-testid=models-capability-filter]", "any").await?;
    app.type_into("[data-testid=models-search]", "legacy").await?;
    app.click(&format!("[data-testid='model-row-{}']", sb::MODEL_LEGACY)).await?;
    let mode = app.wait_for_text("[data-testid=model-detail-mode]", "Prompt").await?;
    assert!(mode.contains("not declared"), "{mode}");
    app.wait_for_text("[data-testid=model-params-note]", "null").await?;
    app.click("[data-testid=model-raw] summary").await?;
    app.wait_for_text("[data-testid=model-raw-json]", "\"inputsText\": true").await?;
    app.shot("models-detail-legacy", None).await?;
    app.type_into("[data-testid=models-search]", sb::MODEL_CHAT).await?;
    app.click(&format!("[data-testid='model-row-{}']", sb::MODEL_CHAT)).await?;
    app.click("[data-testid=model-chat-button]").await?;

    // ---- Chat: the model carried over; a long reply streams and is stopped.
    app.wait_for_text("[data-testid=screen-title]", "Chat").await?;
    let mut picked = serde_json::Value::Null;
    for _ in 0..100 {
        picked = js(
            &app,
            "return document.querySelector('[data-testid=chat-model-select]')?.value ?? null;",
            vec![],
        )
        .await?;
        if picked.as_str() == Some(sb::MODEL_CHAT) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(picked.as_str(), Some(sb::MODEL_CHAT), "the model chosen on the Models screen");
    control.set_stream_pace(Duration::from_millis(80));
    send(&app, "Write a long, detailed story about a lighthouse keeper").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "streaming").await?;
    // Text appears while it arrives.
    let mut seen = String::new();
    for _ in 0..100 {
        seen = last_text(&app, &format!("{LAST_REPLY} [data-testid=chat-message-content]")).await?;
        if seen.len() > 40 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(seen.len() > 40, "streamed text shows up: {seen:?}");
    app.shot("chat-streaming", None).await?;
    app.click("[data-testid=chat-stop]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "stopped").await?;
    let stopped = last_text(&app, &format!("{LAST_REPLY} [data-testid=chat-message-content]")).await?;
    // (Markdown can re-render the last line as more arrives, so compare the opening words.)
    let opening: String = seen.chars().take(12).collect();
    assert!(
        stopped.starts_with(&opening) && stopped.len() >= 40,
        "the partial reply is kept: {seen:?} → {stopped:?}"
    );
    assert!(!stopped.contains("Summary"), "stopped well before the end");
    app.wait_for_text(&format!("{LAST_REPLY} [data-testid=chat-status-badge]"), "Stopped").await?;

    // ---- The stopped reply's points are accounted for (issue 15, points 1-2): the
    // Balances screen explains them through the platform's usage counter, not "another device".
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while control.charges().is_empty() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let stopped_points =
        control.charges().last().map(|c| c.points.to_string()).ok_or("the stopped reply was charged")?;
    app.click("[data-testid=nav-balances]").await?;
    app.click("[data-testid=balances-refresh]").await?;
    // Alone between two readings, the usage counter names the stopped reply's own cost
    // (issue 26, item 1), as its charge row says.
    app.wait_for_attr(
        "[data-testid=charge-points][data-cost=fromUsageCounter]",
        "data-value",
        &stopped_points,
    )
    .await?;
    assert_eq!(
        app.attr("[data-testid=balance-interval] [data-testid=interval-verdict]", "data-verdict")
            .await?
            .as_deref(),
        Some("explained")
    );
    assert!(!app.page_text().await?.contains("another app or device"));
    app.shot("balances-chat-by-usage", Some("[data-testid=balance-changes]")).await?;
    app.click("[data-testid=nav-chat]").await?;

    // ---- A short reply: Markdown with a code block, rendered as text only, with a receipt.
    control.set_stream_pace(Duration::ZERO);
    send(&app, "How do I plan a small project?").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    app.find(&format!("{LAST_REPLY} [data-testid=md-code-block]")).await?;
    let unsafe_nodes = js(
        &app,
        "return document.querySelectorAll('.md a, .md script, .md iframe, .md [onclick], .md [href]').length;",
        vec![],
    )
    .await?;
    assert_eq!(unsafe_nodes.as_u64(), Some(0), "model output is never HTML");
    let usage = last_text(&app, &format!("{LAST_REPLY} [data-testid=chat-usage]")).await?;
    assert!(usage.contains("tokens"), "{usage}");
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    let request_id = app.wait_for_text("[data-testid=receipt-request-id]", "-").await?;
    app.wait_for_text("[data-testid=receipt-context]", "Personal").await?;
    app.wait_for_text("[data-testid=receipt-tokens]", "=").await?;
    let ttft = app.text_of("[data-testid=receipt-ttft]").await?.unwrap_or_default();
    assert!(ttft.contains("ms") || ttft.contains(" s"), "time to first token: {ttft}");
    assert_eq!(control.charges_for(request_id.trim()).len(), 1, "one charge for the receipt's request id");
    app.shot("chat-receipt", None).await?;
    app.click("[data-testid=dialog-close]").await?;

    // ---- An error status: shown with the platform's code and request id, then retried.
    control.inject(Fault::once(Route::ChatCompletions, FaultKind::Status(500)));
    send(&app, "Tell me about tea").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "interrupted").await?;
    app.wait_for_text(&format!("{LAST_REPLY} [data-testid=chat-error-code]"), "INTERNAL_ERROR").await?;
    assert!(!last_text(&app, &format!("{LAST_REPLY} [data-testid=chat-error-request-id]")).await?.is_empty());
    app.shot("chat-interrupted", None).await?;
    app.click(&format!("{LAST_REPLY} [data-testid=chat-retry]")).await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;

    // ---- Options: only the model's declared parameters, checked by the core as typed.
    app.click("[data-testid=chat-options-toggle]").await?;
    choose(&app, "[data-testid=chat-model-select]", sb::MODEL_VISION).await?;
    app.find("[data-testid=chat-param-detail]").await?;
    app.type_into("[data-testid=chat-param-temperature] input", "5").await?;
    app.wait_for_text("[data-testid=chat-param-temperature]", "at most 1").await?;
    app.type_into("[data-testid=chat-input]", "Facts about tea, as JSON").await?;
    let disabled =
        js(&app, "return document.querySelector('[data-testid=chat-send]').disabled;", vec![]).await?;
    assert_eq!(disabled.as_bool(), Some(true), "a value outside the spec can't be sent");
    app.click("[data-testid=chat-format-json-object]").await?;
    app.shot("chat-options", None).await?;
    app.type_into("[data-testid=chat-param-temperature] input", "0.5").await?;
    for _ in 0..50 {
        let disabled =
            js(&app, "return document.querySelector('[data-testid=chat-send]').disabled;", vec![]).await?;
        if disabled.as_bool() == Some(false) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    app.wait_for_last_attr(&format!("{LAST_REPLY} [data-testid=chat-json-check]"), "data-valid", "true")
        .await?;
    app.click("[data-testid=chat-options-toggle]").await?;

    // The conversation is in the list, and is found by searching its text.
    app.type_into("[data-testid=chat-search]", "lighthouse").await?;
    app.wait_for_text("[data-testid=chat-list]", "lighthouse").await?;

    // ---- Dark theme, for a look.
    js(&app, "document.documentElement.setAttribute('data-theme', 'dark');", vec![]).await?;
    app.shot("chat-dark", None).await?;
    js(&app, "document.documentElement.removeAttribute('data-theme');", vec![]).await?;

    // ---- Team: its own (empty) history, a whole reply, the workflow receipt.
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;
    app.click("[data-testid=nav-chat]").await?;
    app.wait_for_text("[data-testid=chat-mode]", "not streamed").await?;
    app.find("[data-testid=chat-list-empty]").await?;
    send(&app, "Summarize the knowledge-base update").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    app.click(&format!("{LAST_REPLY} [data-testid=chat-receipt-button]")).await?;
    app.wait_for_text("[data-testid=receipt-context]", sb::TEAM_ALPHA_NAME).await?;
    app.wait_for_text("[data-testid=receipt-ttft]", "Not streamed").await?;
    app.wait_for_text("[data-testid=receipt-attempt]", "1").await?;
    let run = app.wait_for_text("[data-testid=receipt-run-id]", "run_").await?;
    let team_charge = control.charges().into_iter().last().expect("a Team charge");
    assert_eq!(team_charge.workflow.map(|w| w.run_id), Some(run.trim().to_owned()));
    app.shot("chat-team-receipt", None).await?;
    app.click("[data-testid=dialog-close]").await?;

    // ---- In Chinese: the same screens.
    app.click("[data-testid=locale-switch-zh-CN]").await?;
    app.wait_for_text("[data-testid=screen-title]", "对话").await?;
    app.wait_for_text("[data-testid=chat-mode]", "非流式").await?;
    app.shot("chat-team-zh", None).await?;
    // The conversation saved as JSON through the save dialog, titled in Chinese.
    let out = tempfile::tempdir()?;
    let saved = out.path().join("team-chat.json");
    app.click("[data-testid=chat-export-json]").await?;
    let (title, suggested) = app.answer_save_dialog(&saved).await?;
    assert_eq!(title, "另存为 JSON");
    assert!(suggested.ends_with(".json"), "{suggested:?}");
    app.wait_for_text("[data-testid=toast-success]", "已保存 team-chat.json").await?;
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&saved)?)?;
    assert_eq!(doc["format"], "xiaoya-companion.chat.v1");
    assert!(doc["messages"].as_array().is_some_and(|m| !m.is_empty()), "{doc}");
    app.click("[data-testid=nav-models]").await?;
    app.wait_for_text("[data-testid=models-team-version]", "7").await?;
    app.find(&format!("[data-testid='model-row-{}']", sb::MODEL_TEAM_ONLY)).await?;
    app.shot("models-team-zh", None).await?;
    app.close().await
}

/// The Markdown models write, in the real window (issue 14): a wide GFM table that scrolls
/// inside the bubble, a numbered list whose item holds a nested list with a code block, a
/// read-only task list, and a Rust block highlighted once its language has loaded; light
/// and dark screenshots of it.
#[tokio::test(flavor = "multi_thread")]
async fn a_reply_with_a_table_a_nested_list_with_code_and_highlighted_code() -> TestResult {
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    app.sign_in_personal().await?;
    app.click("[data-testid=nav-chat]").await?;
    app.wait_for_text("[data-testid=screen-title]", "Chat").await?;
    send(&app, "Show the plans as a table").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    let reply = format!("{LAST_REPLY} [data-testid=chat-message-content]");

    // The table: its header, three rows, the aligned column, and no widening of the bubble.
    let table = js(
        &app,
        "const r = document.querySelectorAll(arguments[0]); const m = r[r.length - 1];
         const wrap = m.querySelector('.md-table-wrap'); const t = wrap.querySelector('table');
         return { heads: [...t.querySelectorAll('th')].map(th => th.innerText.trim()),
                  rows: t.querySelectorAll('tbody tr').length,
                  right: t.querySelector('th:nth-child(3)').className,
                  struck: t.querySelector('td del')?.innerText ?? null,
                  overflow: getComputedStyle(wrap).overflowX,
                  scrolls: wrap.scrollWidth > wrap.clientWidth,
                  inside: wrap.getBoundingClientRect().right <= m.getBoundingClientRect().right + 1 };",
        vec![reply.clone().into()],
    )
    .await?;
    assert_eq!(table["heads"][0], "Plan", "{table}");
    assert_eq!(table["heads"][6], "Last request id", "{table}");
    assert_eq!(table["rows"], 3, "{table}");
    assert_eq!(table["right"], "md-al-right", "{table}");
    assert_eq!(table["struck"], "monthly", "{table}");
    assert_eq!(table["overflow"], "auto", "{table}");
    assert_eq!(table["scrolls"], true, "the wide table scrolls sideways: {table}");
    assert_eq!(table["inside"], true, "and stays inside the bubble: {table}");

    // The nested list with a code block inside its item, and the read-only task list.
    let list = js(
        &app,
        "const r = document.querySelectorAll(arguments[0]); const m = r[r.length - 1];
         const item = m.querySelector('ol > li');
         const code = item.querySelector('ul > li [data-testid=md-code-block]');
         return { nested: item.querySelectorAll(':scope > ul > li').length,
                  lang: code?.getAttribute('data-lang') ?? null,
                  code: code?.querySelector('pre code')?.innerText.trim() ?? null,
                  tasks: [...m.querySelectorAll('li.md-task input')].map(b => [b.checked, b.disabled]) };",
        vec![reply.clone().into()],
    )
    .await?;
    assert_eq!(list["nested"], 2, "{list}");
    assert_eq!(list["lang"], "bash", "{list}");
    assert_eq!(list["code"], "xiaoya sign-in --team alpha", "{list}");
    assert_eq!(list["tasks"], serde_json::json!([[true, true], [false, true]]), "{list}");

    // The Rust block is highlighted once its language chunk has loaded.
    let rust = format!("{reply} [data-testid=md-code-block][data-lang=rust]");
    app.wait_for_last_attr(&rust, "data-highlighted", "rust").await?;
    let keyword = last_text(&app, &format!("{rust} .hljs-keyword")).await?;
    assert_eq!(keyword, "fn");
    let comment = last_text(&app, &format!("{rust} .hljs-comment")).await?;
    assert!(comment.contains("a started thousand"), "{comment}");
    let colours = js(
        &app,
        "const r = document.querySelectorAll(arguments[0]); const b = r[r.length - 1];
         return [getComputedStyle(b.querySelector('.hljs-keyword')).color, getComputedStyle(b.querySelector('code')).color];",
        vec![rust.clone().into()],
    )
    .await?;
    assert_ne!(colours[0], colours[1], "keywords have their own colour: {colours}");
    let unsafe_nodes = js(
        &app,
        "return document.querySelectorAll('.md a, .md script, .md iframe, .md img, .md [onclick], .md [href]').length;",
        vec![],
    )
    .await?;
    assert_eq!(unsafe_nodes.as_u64(), Some(0), "model output is never HTML");

    app.shot("chat-markdown-table", Some(LAST_REPLY)).await?;
    app.shot("chat-markdown-code", Some("[data-testid=md-code-block][data-lang=rust]")).await?;
    js(&app, "document.documentElement.setAttribute('data-theme', 'dark');", vec![]).await?;
    app.shot("chat-markdown-code-dark", Some("[data-testid=md-code-block][data-lang=rust]")).await?;
    app.shot("chat-markdown-table-dark", Some(LAST_REPLY)).await?;
    app.close().await
}
