//! Test rig shared by the core's tests: a Core bound to a sandbox of its own, an
//! in-memory keychain and a browser that records what it was asked to open.

use std::sync::{Arc, Mutex};

use url::Url;
use xiaoya_sandbox::{Sandbox, SandboxConfig, SandboxControl};

use crate::auth::browser::Browser;
use crate::auth::keychain::memory::MemoryKeychain;
use crate::auth::wire::{ContextRequest, SessionSummary};
use crate::host::{Core, CoreOptions};

#[derive(Default)]
pub struct RecordingBrowser {
    pub opened: Mutex<Vec<Url>>,
    /// When set, starting the browser fails like a missing program (nothing is opened).
    pub missing: std::sync::atomic::AtomicBool,
}

impl Browser for RecordingBrowser {
    fn open(&self, url: &Url) -> std::io::Result<()> {
        if self.missing.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(std::io::Error::new(std::io::ErrorKind::NotFound, "no such program"));
        }
        self.opened.lock().unwrap().push(url.clone());
        Ok(())
    }
}

pub struct Rig {
    pub core: Core,
    pub sandbox: Sandbox,
    pub browser: Arc<RecordingBrowser>,
    pub keys: Arc<MemoryKeychain>,
    pub dir: tempfile::TempDir,
}

impl Rig {
    pub async fn new() -> Rig {
        let sandbox = xiaoya_sandbox::start(SandboxConfig { auto_approve: true, ..SandboxConfig::default() })
            .await
            .expect("sandbox");
        let dir = tempfile::tempdir().unwrap();
        let browser = Arc::new(RecordingBrowser::default());
        let keys = Arc::new(MemoryKeychain::default());
        let base = sandbox.base_url();
        let core = Core::start(CoreOptions {
            data_dir: dir.path().to_path_buf(),
            env: Box::new(move |k| (k == crate::config::ENV_SANDBOX_URL).then(|| base.clone())),
            version: "test".into(),
            keychain: keys.clone(),
            browser: browser.clone(),
        })
        .await
        .expect("core");
        Rig { core, sandbox, browser, keys, dir }
    }

    pub fn control(&self) -> SandboxControl {
        self.sandbox.control()
    }

    pub fn last_opened(&self) -> Url {
        self.browser.opened.lock().unwrap().last().cloned().expect("the browser was opened")
    }

    /// What the platform redirects the browser to for the last authorize URL.
    pub async fn approve(&self) -> String {
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let resp = client.get(self.last_opened()).send().await.unwrap();
        assert!(resp.status().is_redirection(), "authorize answered {}", resp.status());
        resp.headers().get("location").unwrap().to_str().unwrap().to_owned()
    }

    pub async fn sign_in(&self, request: ContextRequest) -> SessionSummary {
        self.core.begin_sign_in(request).await.unwrap();
        let callback = self.approve().await;
        self.core.complete_sign_in(&callback).await.unwrap().expect("a session")
    }
}
