//! The `xiaoya-sandbox` binary: first stdout line is the base URL; SIGTERM stops it.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use reqwest::StatusCode;
use xiaoya_sandbox::*;

#[tokio::test]
async fn the_binary_prints_its_base_url_first_and_stops_on_sigterm() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiaoya-sandbox"))
        .args(["--addr", "127.0.0.1:0", "--auto-approve"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("binary starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).expect("first line");
    let base = first.trim().to_string();
    assert!(base.starts_with("http://127.0.0.1:") && !base.ends_with(":0"), "{base}");

    let http =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client");
    let seed = http.get(format!("{base}/__sandbox/seed")).send().await.expect("seed");
    assert_eq!(seed.status(), StatusCode::OK);
    let authorize = format!(
        "{base}/oauth/authorize?response_type=code&client_id={PUBLIC_CLIENT_ID}&redirect_uri=xiaoya-companion%3A%2F%2Foauth%2Fcallback\
         &scope=profile&state=s&code_challenge={}&code_challenge_method=S256",
        pkce_s256_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
    );
    assert_eq!(
        http.get(authorize).send().await.expect("authorize").status(),
        StatusCode::FOUND,
        "--auto-approve"
    );

    let term = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().expect("kill runs");
    assert!(term.success());
    let mut status = None;
    for _ in 0..100 {
        if let Some(exit) = child.try_wait().expect("wait") {
            status = Some(exit);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let status = status.expect("exits within 5 s of SIGTERM");
    assert!(status.success(), "{status:?}");
}

#[test]
fn bad_arguments_exit_with_usage() {
    let output = Command::new(env!("CARGO_BIN_EXE_xiaoya-sandbox"))
        .args(["--addr", "nowhere"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("usage: xiaoya-sandbox"));
}
