//! Test rig shared by the core's tests: a Core bound to a sandbox of its own, an
//! in-memory keychain and a browser that records what it was asked to open.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

use url::Url;
use xiaoya_sandbox::{Sandbox, SandboxConfig, SandboxControl};

use crate::auth::wire::{ContextRequest, SessionSummary};
use crate::events::Events;
use crate::foundation::browser::Browser;
use crate::foundation::keychain::memory::MemoryKeychain;
use crate::host::{Core, CoreOptions};
use crate::wire::AppEvent;

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

/// An event port that keeps what the core announced, in order.
#[derive(Default)]
pub struct RecordingEvents {
    pub events: Mutex<Vec<AppEvent>>,
}

impl Events for RecordingEvents {
    fn emit(&self, event: AppEvent) {
        self.events.lock().unwrap().push(event);
    }
}

impl RecordingEvents {
    /// Everything announced so far, and forgets it.
    pub fn take(&self) -> Vec<AppEvent> {
        std::mem::take(&mut *self.events.lock().unwrap())
    }
}

pub struct Rig {
    pub core: Core,
    /// What the core announced through its event port.
    pub events: Arc<RecordingEvents>,
    pub sandbox: Sandbox,
    pub browser: Arc<RecordingBrowser>,
    pub keys: Arc<MemoryKeychain>,
    pub dir: tempfile::TempDir,
}

impl Rig {
    pub async fn new() -> Rig {
        // Replies at once (a sandbox streams at a pace a person can watch by default).
        let sandbox = xiaoya_sandbox::start(SandboxConfig {
            auto_approve: true,
            reply_pace: xiaoya_sandbox::ReplyPace::FAST,
            ..SandboxConfig::default()
        })
        .await
        .expect("sandbox");
        let dir = tempfile::tempdir().unwrap();
        let browser = Arc::new(RecordingBrowser::default());
        let keys = Arc::new(MemoryKeychain::default());
        let events = Arc::new(RecordingEvents::default());
        let core = start_core(Some(sandbox.base_url()), &dir, &keys, &browser, &events).await;
        Rig { core, events, sandbox, browser, keys, dir }
    }

    /// The app started again on the same data folder and keychain, on the platform saved in
    /// Settings (`set_platform`: no sandbox is named in the environment this time). The old
    /// core is dropped once the new one has started.
    pub async fn restart(&mut self) {
        self.core = start_core(None, &self.dir, &self.keys, &self.browser, &self.events).await;
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

    /// A second start of the app on the same data folder, keychain and platform.
    pub async fn second_start(&self) -> Core {
        let base = self.sandbox.base_url();
        Core::start(CoreOptions {
            data_dir: self.dir.path().to_path_buf(),
            env: Box::new(move |k| (k == crate::foundation::config::ENV_SANDBOX_URL).then(|| base.clone())),
            version: "test".into(),
            keychain: self.keys.clone(),
            browser: self.browser.clone(),
            events: Arc::new(crate::events::NoEvents),
        })
        .await
        .expect("second start")
    }

    pub async fn sign_in(&self, request: ContextRequest) -> SessionSummary {
        self.core.auth().begin_sign_in(request).await.unwrap();
        let callback = self.approve().await;
        self.core.auth().complete_sign_in(&callback).await.unwrap().expect("a session")
    }
}

async fn start_core(
    sandbox_url: Option<String>,
    dir: &tempfile::TempDir,
    keys: &Arc<MemoryKeychain>,
    browser: &Arc<RecordingBrowser>,
    events: &Arc<RecordingEvents>,
) -> Core {
    Core::start(CoreOptions {
        data_dir: dir.path().to_path_buf(),
        env: Box::new(move |k| {
            (k == crate::foundation::config::ENV_SANDBOX_URL).then(|| sandbox_url.clone())?
        }),
        version: "test".into(),
        keychain: keys.clone(),
        browser: browser.clone(),
        events: events.clone(),
    })
    .await
    .expect("core")
}

/// A tmpfs mounted on a folder; unmounted when dropped (also when the test panics).
pub struct Tmpfs {
    dir: PathBuf,
}

impl Tmpfs {
    /// `None` (with a loud line) when this process may not mount; a panic in CI.
    pub fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).expect("the folder to mount on");
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .output();
        match out {
            Ok(o) if o.status.success() => Some(Tmpfs { dir: dir.to_path_buf() }),
            other => {
                let why = match other {
                    Ok(o) => String::from_utf8_lossy(&o.stderr).trim().to_owned(),
                    Err(e) => e.to_string(),
                };
                eprintln!("\n*** SKIPPED: the full-disk test needs root to mount a tmpfs ({why}) ***\n");
                assert!(
                    std::env::var_os("CI").is_none(),
                    "CI runs as root: the full-disk test must not be skipped ({why})"
                );
                None
            }
        }
    }

    /// Writes a filler file until the file system refuses with ENOSPC.
    pub fn fill(&self) -> PathBuf {
        let path = self.dir.join("filler");
        let mut file = std::fs::File::create(&path).expect("filler");
        let chunk = vec![0u8; 4096];
        loop {
            match file.write_all(&chunk).and_then(|()| file.sync_all()) {
                Ok(()) => continue,
                Err(e) => {
                    assert!(crate::foundation::error::is_disk_full(&e), "filled up with ENOSPC, not {e}");
                    return path;
                }
            }
        }
    }
}

impl Tmpfs {
    /// Remounts it read-only (`EROFS` for every write, also root's) or writable again.
    pub fn set_read_only(&self, read_only: bool) {
        let mode = if read_only { "remount,ro" } else { "remount,rw" };
        let status = Command::new("mount").args(["-o", mode]).arg(&self.dir).status().expect("mount");
        assert!(status.success(), "mount -o {mode}");
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
    }
}
