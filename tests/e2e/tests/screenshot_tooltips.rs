//! #26: the committed Chat screenshot showed the sidebar's tooltip, "Chat (Ctrl+3)", where
//! the pointer had been left resting. GTK shows a `title` tooltip as an X window of its own,
//! so a frame of the X screen has it. The screenshot wait (`AppWindow::settled_shot`)
//! refuses a frame with a tooltip over the window, and `scripts/screenshots.sh` parks the
//! pointer (`AppWindow::park_pointer`) before each shot.

use std::time::{Duration, Instant};

use xiaoya_e2e::xscreen::{self, move_pointer, visible_tooltips};
use xiaoya_e2e::{AppWindow, Launch, TestResult};

#[tokio::test(flavor = "multi_thread")]
async fn a_screenshot_is_never_taken_with_a_tooltip_over_the_window() -> TestResult {
    let app = AppWindow::launch(Launch::default()).await?;
    let result = tooltips(&app).await;
    if result.is_err() {
        let _ = xscreen::Frame::capture()
            .and_then(|f| f.save_png(&xiaoya_e2e::screenshot_dir().join("screenshot-tooltips-failure.png")));
    }
    app.close().await?;
    result
}

async fn wait_until(what: &str, mut done: impl FnMut() -> TestResult<bool>) -> TestResult {
    let deadline = Instant::now() + Duration::from_secs(8);
    while !done()? {
        if Instant::now() > deadline {
            return Err(format!("{what} within 8 s").into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(())
}

async fn tooltips(app: &AppWindow) -> TestResult {
    app.client.set_window_rect(0, 0, 1280, 720).await?;
    app.size_to(1280, 720).await?;
    app.click("[data-testid=nav-chat]").await?;
    app.find("[data-testid=screen-chat]").await?;

    // The pointer comes to rest on the sidebar's Chat entry, as a person's hand leaves it.
    let window = app.window_area().await?;
    let at = app
        .client
        .execute(
            "const r = document.querySelector('[data-testid=nav-chat]').getBoundingClientRect(); \
             const dx = Math.max(0, window.outerWidth - window.innerWidth), dy = Math.max(0, window.outerHeight - window.innerHeight); \
             return [r.left + dx + r.width / 2, r.top + dy + r.height / 2];",
            vec![],
        )
        .await?;
    let (x, y) = (at[0].as_f64().unwrap_or(0.0) as u32, at[1].as_f64().unwrap_or(0.0) as u32);
    move_pointer(window.x + x - 3, window.y + y)?;
    move_pointer(window.x + x, window.y + y)?;
    wait_until("the sidebar's tooltip never came up (the test would prove nothing)", || {
        Ok(!visible_tooltips()?.is_empty())
    })
    .await?;
    eprintln!("shown: {:?}", visible_tooltips()?);

    let refused = app.settled_shot("chat", None).await;
    let error = refused.as_ref().err().map(|e| e.to_string()).unwrap_or_default();
    assert!(error.contains("tooltip"), "a frame with the tooltip over the window was shot: {error:?}");

    // Parked, the tooltip goes and the screen is shot.
    app.park_pointer().await?;
    wait_until("the tooltip stayed with the pointer parked", || Ok(visible_tooltips()?.is_empty())).await?;
    let shot = app.settled_shot("chat", None).await?;
    shot.frame.save_png(&xiaoya_e2e::screenshot_dir().join("screenshot-tooltips-parked.png"))?;
    assert!(visible_tooltips()?.is_empty(), "no tooltip after the shot either");
    Ok(())
}
