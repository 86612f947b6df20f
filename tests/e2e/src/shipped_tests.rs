//! Issue 25: the real-window tests start the app as it ships. The check that the app under
//! test links none of the sandbox's test controls finds them in a binary that does (this test
//! binary, which links the sandbox with `control` and starts one), and finds none in the app
//! binary the tests start.

use super::{app_binary, control_markers_in, CONTROL_MARKERS};

/// The markers are what a binary with the controls linked in holds: this test binary starts a
/// sandbox built with `control` (so its `/__sandbox/*` routes are linked) and has both.
#[tokio::test]
async fn the_control_markers_are_found_in_a_binary_that_links_the_controls() {
    let sandbox = xiaoya_sandbox::start(xiaoya_sandbox::SandboxConfig::default()).await.unwrap();
    let answer = reqwest::get(format!("{}/__sandbox/clock", sandbox.base_url())).await.unwrap();
    assert!(answer.status().is_success(), "the controls answer here: {}", answer.status());
    sandbox.shutdown().await;
    let me = std::env::current_exe().unwrap();
    let mut every = CONTROL_MARKERS.map(str::to_owned).to_vec();
    every.sort();
    assert_eq!(control_markers_in(&me).unwrap(), every);
}

/// Proves issue 25's "the e2e tests launch the app as it ships": the app binary the
/// real-window tests start (`app_binary()`, kept by `scripts/build-app.sh` from a build of the
/// app's own features) holds none of the control routes, even after `cargo test --workspace`
/// rebuilt `target/debug/xiaoya-companion` with them. Fails when the binary is missing.
#[test]
fn the_app_the_real_window_tests_start_has_no_sandbox_controls() {
    let app = app_binary();
    assert!(app.exists(), "{} missing: run scripts/build-app.sh", app.display());
    assert_eq!(control_markers_in(&app).unwrap(), Vec::<String>::new(), "{}", app.display());
}
