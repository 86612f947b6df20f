//! Not a test: the first step of `scripts/bench-floor.sh`. It starts the app as a new person
//! meets it (fresh data, signed out), waits for the Account screen to settle and writes the
//! document's markup as the real window holds it to `$FIRST_FRAME_OUT`, for
//! `tests/bench/freeze_page.py` to freeze into a static page the bare window shows.

use std::time::Duration;

use xiaoya_e2e::{AppWindow, Launch, TestResult};

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement step, run by scripts/bench-floor.sh"]
async fn write_the_settled_first_frame() -> TestResult {
    let out =
        std::env::var_os("FIRST_FRAME_OUT").ok_or("set FIRST_FRAME_OUT to the file the markup goes to")?;
    let app = AppWindow::launch(Launch::default()).await?;
    app.wait_for_text("[data-testid=screen-title]", "Account").await?;
    // Settled: the page's own `sessions` answer has come and rendered nothing new.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let html =
        app.client.execute("return '<!doctype html>' + document.documentElement.outerHTML;", vec![]).await?;
    let html = html.as_str().ok_or("the page gave no markup")?;
    if !html.contains("data-testid=\"screen-title\"") {
        return Err("the markup has no screen title: not the Account screen".into());
    }
    std::fs::write(&out, html)?;
    app.close().await
}
