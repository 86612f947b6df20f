//! Desktop conventions in a real window: the window's size is kept between runs
//! (tauri-plugin-window-state), About names the build, and without a GPU WebKit paints on
//! the CPU instead of compiling shaders in software OpenGL.

use std::path::Path;
use std::time::{Duration, Instant};

use xiaoya_e2e::{app_pid, process_tree, AppWindow, Launch, TestResult};

/// Both runs share one data folder and one config folder (where the window state lives).
fn launch(data: &Path, config: &Path) -> Launch {
    Launch {
        data_dir: Some(data.to_path_buf()),
        env: vec![("XDG_CONFIG_HOME".into(), config.display().to_string())],
        ..Launch::default()
    }
}

async fn wait_for_size(app: &AppWindow, want: (u64, u64)) -> TestResult<(u64, u64)> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let size = app.client.get_window_size().await?;
        if size == want || Instant::now() > deadline {
            return Ok(size);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_resized_window_opens_at_that_size_next_time() -> TestResult {
    let data = tempfile::tempdir()?;
    let config = tempfile::tempdir()?;
    let app = AppWindow::launch(launch(data.path(), config.path())).await?;
    app.wait_for_text("[data-testid=nav-account]", "Account").await?;
    let first = app.client.get_window_size().await?;
    let want = (1010, 700);
    assert_ne!(first, want, "the window must start at another size");
    app.client.set_window_size(want.0 as u32, want.1 as u32).await?;
    assert_eq!(wait_for_size(&app, want).await?, want, "the window did not take the new size");
    // Written once the window stays still (half a second), not only at a normal exit:
    // the test ends the app with a signal.
    let state = config.path().join("com.xiaoya.companion").join(".window-state.json");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !std::fs::read_to_string(&state).is_ok_and(|s| s.contains("1010")) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    app.close().await?;

    let app = AppWindow::launch(launch(data.path(), config.path())).await?;
    app.wait_for_text("[data-testid=nav-account]", "Account").await?;
    assert_eq!(wait_for_size(&app, want).await?, want, "the size was not kept between runs");
    app.close().await
}

/// The name and environment of every process under `pid` (the app's web and network processes).
fn descendants_environ(pid: u32) -> Vec<(u32, String, Vec<u8>)> {
    process_tree(vec![pid])
        .into_iter()
        .filter(|child| *child != pid)
        .map(|child| {
            let comm =
                std::fs::read_to_string(format!("/proc/{child}/comm")).unwrap_or_default().trim().to_owned();
            (child, comm, std::fs::read(format!("/proc/{child}/environ")).unwrap_or_default())
        })
        .collect()
}

/// Without a GPU render node (Xvfb in CI, a VM), Skia's OpenGL is Mesa's llvmpipe, which
/// compiled ~108 shaders on the CPU at every first start; the app then asks WebKit to paint
/// on the CPU (`src-tauri/src/rendering.rs`), and its web process inherits that. With a
/// render node nothing is set. The expectation comes from this machine's own /dev/dri.
#[tokio::test(flavor = "multi_thread")]
async fn without_a_gpu_the_web_process_paints_on_the_cpu() -> TestResult {
    let gpu = std::fs::read_dir("/dev/dri")
        .map(|d| d.flatten().any(|e| e.file_name().to_string_lossy().starts_with("renderD")))
        .unwrap_or(false);
    let data = tempfile::tempdir()?;
    let app =
        AppWindow::launch(Launch { data_dir: Some(data.path().to_path_buf()), ..Launch::default() }).await?;
    app.find("[data-testid=nav-account]").await?;
    let pid = app_pid(data.path()).ok_or("the app process was not found")?;
    let set =
        |environ: &[u8]| environ.split(|b| *b == 0).any(|kv| kv == b"WEBKIT_SKIA_ENABLE_CPU_RENDERING=1");
    let web: Vec<_> = descendants_environ(pid)
        .into_iter()
        .filter(|(_, comm, _)| comm.starts_with("WebKitWebProces"))
        .collect();
    assert!(!web.is_empty(), "no WebKitWebProcess under the app (pid {pid})");
    for (child, _, environ) in &web {
        assert_eq!(
            set(environ),
            !gpu,
            "web process {child}: CPU painting must be {} here",
            if gpu { "off (a GPU)" } else { "on (no GPU)" }
        );
    }
    app.close().await
}

#[tokio::test(flavor = "multi_thread")]
async fn about_shows_the_version_and_the_commit_it_was_built_from() -> TestResult {
    let app = AppWindow::launch(Launch::default()).await?;
    app.click("[data-testid=nav-settings]").await?;
    let version = app.wait_for_text("[data-testid=app-version]", env!("CARGO_PKG_VERSION")).await?;
    assert_eq!(version.trim(), env!("CARGO_PKG_VERSION"));
    let head = std::process::Command::new("git").args(["rev-parse", "--short", "HEAD"]).output()?;
    let head = String::from_utf8(head.stdout)?.trim().to_string();
    // The binary is built from HEAD (scripts/build-app.sh right before the tests).
    let commit = app.wait_for_text("[data-testid=app-commit]", &head).await?;
    assert_eq!(commit.trim(), head);
    app.close().await
}

/// Moving and resizing while the kept window state is being written must not freeze the
/// window: the write used to run off the main thread and could deadlock with the plugin's
/// own resize handler (a blank window that answered nothing). Sizes change around the
/// moment each pending write fires (500 ms after the last change); the window must keep
/// answering throughout, well inside its watchdog budget.
#[tokio::test(flavor = "multi_thread")]
async fn resizing_while_the_window_state_is_written_never_freezes_the_window() -> TestResult {
    let data = tempfile::tempdir()?;
    let config = tempfile::tempdir()?;
    let mut launch = launch(data.path(), config.path());
    launch.budget = Some(Duration::from_secs(120));
    let app = AppWindow::launch(launch).await?;
    app.wait_for_text("[data-testid=nav-account]", "Account").await?;
    for round in 0..48u32 {
        let (w, h) = if round % 2 == 0 { (1000 + round, 700) } else { (1100, 720 + round) };
        // A move and a resize (both handled by the plugin on the main thread)...
        app.client.set_window_rect((round % 3) * 7, (round % 4) * 5, w, h).await?;
        // ...around the 500 ms settle time, so a write is often in flight during the next change.
        tokio::time::sleep(Duration::from_millis(490 + u64::from(round % 4) * 8)).await;
        let answer = app
            .client
            .execute("return document.querySelectorAll('[data-testid=nav-account]').length", vec![])
            .await?;
        assert_eq!(answer, serde_json::json!(1), "round {round}: the window stopped answering");
    }
    app.close().await
}
