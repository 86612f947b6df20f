//! The harness itself: a WebDriver command that never returns fails its own test
//! within the window's budget instead of holding the whole run (a blank, stuck window
//! once held CI until its limit).

use std::time::Duration;

use xiaoya_e2e::fantoccini::wd::TimeoutConfiguration;
use xiaoya_e2e::{screenshot_dir, AppWindow, Launch, TestResult};

#[tokio::test(flavor = "multi_thread")]
async fn a_command_that_never_returns_is_ended_by_the_window_watchdog_with_a_record_of_the_screen(
) -> TestResult {
    let before: Vec<_> = hung_records()?;
    let app =
        AppWindow::launch(Launch { budget: Some(Duration::from_secs(20)), ..Launch::default() }).await?;
    app.wait_for_text("[data-testid=nav-account]", "Account").await?;
    // The page's own script never answers and WebDriver is told to wait an hour for it:
    // only the watchdog can end this command.
    app.client
        .update_timeouts(TimeoutConfiguration::new(Some(Duration::from_secs(3600)), None, None))
        .await?;
    let outcome = tokio::time::timeout(
        Duration::from_secs(120),
        app.client.execute_async("/* never calls back */", vec![]),
    )
    .await;
    match outcome {
        Err(_) => {
            panic!("the stuck command was still waiting after 120 s: the watchdog did not end the window")
        }
        Ok(Ok(value)) => panic!("a script that never calls back answered {value:?}"),
        Ok(Err(_)) => {}
    }
    let after = hung_records()?;
    assert!(
        after.iter().any(|p| !before.contains(p) && p.extension().is_some_and(|e| e == "txt")),
        "the watchdog left no process record in {}",
        screenshot_dir().display()
    );
    drop(app);
    // The next window starts normally: nothing of the ended one is left behind.
    let app = AppWindow::launch(Launch::default()).await?;
    app.wait_for_text("[data-testid=nav-account]", "Account").await?;
    app.close().await
}

fn hung_records() -> std::io::Result<Vec<std::path::PathBuf>> {
    Ok(std::fs::read_dir(screenshot_dir())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("hung-window-")))
        .collect())
}
