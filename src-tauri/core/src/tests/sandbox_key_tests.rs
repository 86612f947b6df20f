//! Issue 13, hole 10: the built-in (no-account) sandbox answers only its own core. A local
//! process or a web page that finds its loopback port gets "Not Found" from every platform
//! route (tokens, APIs, gateways, and in a test build the `/__sandbox/*` controls); only the
//! pages a browser opens itself answer, and they hold no secret.

use std::sync::Arc;

use reqwest::StatusCode;

use crate::foundation::keychain::memory::MemoryKeychain;
use crate::host::{Core, CoreOptions};
use crate::testing::RecordingBrowser;

async fn built_in() -> (Core, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let core = Core::start(CoreOptions {
        data_dir: dir.path().to_path_buf(),
        env: Box::new(|_| None),
        version: "test".into(),
        keychain: Arc::new(MemoryKeychain::default()),
        browser: Arc::new(RecordingBrowser::default()),
        events: std::sync::Arc::new(crate::events::NoEvents),
    })
    .await
    .expect("core");
    (core, dir)
}

/// Proves issue 13 hole 10 against the real built-in sandbox.
#[tokio::test]
async fn the_built_in_sandbox_answers_only_its_own_core() {
    let (core, _dir) = built_in().await;
    let origin = core.platform().origin;
    assert_eq!(origin.host_str(), Some("127.0.0.1"), "loopback only");
    let stranger = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let at = |path: &str| origin.join(path).unwrap();

    for (method, path) in [
        ("GET", "/api/v1/open/me"),
        ("GET", "/api/v1/open/models"),
        ("POST", "/oauth/token"),
        ("POST", "/oauth/revoke"),
        ("POST", "/api/proxy/v1/chat/completions"),
        ("POST", "/api/proxy/v1/audio/speech"),
        ("GET", "/__sandbox/seed"),
        ("POST", "/__sandbox/faults"),
    ] {
        let req = if method == "GET" { stranger.get(at(path)) } else { stranger.post(at(path)) };
        let status = req.send().await.unwrap().status();
        assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path} without the key");
        let wrong = if method == "GET" { stranger.get(at(path)) } else { stranger.post(at(path)) };
        let status = wrong.header(xiaoya_sandbox::ACCESS_KEY_HEADER, "guess").send().await.unwrap().status();
        assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path} with a guessed key");
    }
    // What a browser opens itself still answers (here: a bad request, not "Not Found").
    let page = stranger.get(at("/oauth/authorize")).send().await.unwrap().status();
    assert_ne!(page, StatusCode::NOT_FOUND, "the consent page is reachable by the browser");

    // The core's own client reaches the routes (no token yet: the platform's 401).
    let own = core.client().get(at("/api/v1/open/me")).send().await.unwrap().status();
    assert_eq!(own, StatusCode::UNAUTHORIZED);

    // The key goes to the sandbox's exact origin only, never to another port or host.
    let other = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let other_url = url::Url::parse(&format!("http://{}/x", other.local_addr().unwrap())).unwrap();
    let built = core.client().get(other_url).build().unwrap();
    assert!(built.headers().get(xiaoya_sandbox::ACCESS_KEY_HEADER).is_none());
    core.shutdown().await;
}
