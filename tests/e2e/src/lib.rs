//! Harness for real-window tests: starts tauri-driver (which starts WebKitWebDriver,
//! which starts the built app), connects a WebDriver client, and gives the test a
//! private data folder, a private HOME and a sandbox of its own.
//!
//! Needs a display and a D-Bus session: `scripts/test.sh` provides both (Xvfb,
//! dbus-run-session, an unlocked gnome-keyring). Tests in this crate run one window
//! at a time (`--test-threads=1`).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
// WebDriver runs on loopback: plain HTTP, no TLS stack needed.
use hyper_util::client::legacy::connect::HttpConnector;

pub use fantoccini;
pub use xiaoya_core;
pub use xiaoya_sandbox;

pub type TestResult<T = ()> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// One window at a time: the app is single-instance per D-Bus session, so a second
/// window would hand over to the first and exit.
fn window_lock() -> std::sync::Arc<tokio::sync::Mutex<()>> {
    static LOCK: std::sync::OnceLock<std::sync::Arc<tokio::sync::Mutex<()>>> = std::sync::OnceLock::new();
    LOCK.get_or_init(Default::default).clone()
}

/// The repository root (this crate lives in `tests/e2e`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repo root")
}

/// The app binary the real-window tests start: the copy `scripts/build-app.sh` keeps of the app
/// as it ships (`cargo build -p xiaoya-companion`: the app's own features only), in
/// `<target>/debug/as-shipped/`. Not `target/debug/xiaoya-companion`: `cargo test --workspace`
/// rebuilds that one with the test crates' features unified in, which links the sandbox's test
/// controls (`control`: faults, the clock, `/__sandbox/*`) and the mp3 encoder into it.
/// `XIAOYA_APP_BIN` overrides. [`AppWindow::launch`] refuses a binary with the controls in it.
pub fn app_binary() -> PathBuf {
    if let Some(bin) = std::env::var_os("XIAOYA_APP_BIN") {
        return PathBuf::from(bin);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|t| if t.is_absolute() { t } else { repo_root().join(t) })
        .unwrap_or_else(|| repo_root().join("target"));
    target.join("debug").join("as-shipped").join("xiaoya-companion")
}

/// Strings only the sandbox's test controls put into a binary: two of their `/__sandbox/*`
/// routes. The shipped app has neither (`scripts/test-package.sh` checks the installed one).
pub const CONTROL_MARKERS: [&str; 2] = ["/__sandbox/faults", "/__sandbox/clock/advance"];

/// Which of [`CONTROL_MARKERS`] the file at `path` holds (`grep -a -o -F`).
pub fn control_markers_in(path: &Path) -> TestResult<Vec<String>> {
    let mut grep = Command::new("grep");
    grep.args(["-a", "-o", "-F"]);
    for marker in CONTROL_MARKERS {
        grep.arg("-e").arg(marker);
    }
    let out = grep.arg(path).stdin(Stdio::null()).output().map_err(|e| format!("cannot run grep: {e}"))?;
    match out.status.code() {
        Some(0) | Some(1) => {
            let mut found: Vec<String> =
                String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect();
            found.sort();
            found.dedup();
            Ok(found)
        }
        _ => Err(format!("grep {}: {}", path.display(), String::from_utf8_lossy(&out.stderr)).into()),
    }
}

/// The app under test links none of the sandbox's test controls (checked once per binary).
fn check_as_shipped(app: &Path) -> TestResult {
    static CHECKED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let mut checked = CHECKED.lock().unwrap_or_else(|e| e.into_inner());
    if checked.iter().any(|p| p == app) {
        return Ok(());
    }
    let found = control_markers_in(app)?;
    if !found.is_empty() {
        return Err(format!(
            "{} links the sandbox's test controls ({found:?}): the real-window tests start the app as it \
             ships; build it with scripts/build-app.sh",
            app.display()
        )
        .into());
    }
    checked.push(app.to_path_buf());
    Ok(())
}

fn tauri_driver() -> PathBuf {
    if let Some(bin) = std::env::var_os("TAURI_DRIVER") {
        return PathBuf::from(bin);
    }
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").unwrap_or_default()).join(".cargo"));
    let candidate = home.join("bin").join("tauri-driver");
    if candidate.exists() {
        candidate
    } else {
        PathBuf::from("tauri-driver")
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("free port")
}

/// Where screenshots go: `target/e2e-screenshots/<name>.png`.
/// The app process started for this data folder (found through its environment).
pub fn app_pid(data_dir: &Path) -> Option<u32> {
    let want_exe = app_binary().canonicalize().ok()?;
    let want_env = format!("XIAOYA_DATA_DIR={}", data_dir.display());
    for entry in std::fs::read_dir("/proc").ok()? {
        let Ok(entry) = entry else { continue };
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(exe) = std::fs::read_link(entry.path().join("exe")) else { continue };
        if exe != want_exe {
            continue;
        }
        let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
        if environ.split(|b| *b == 0).any(|kv| kv == want_env.as_bytes()) {
            return Some(pid);
        }
    }
    None
}

/// `roots` and every process started under them (children, their children, …), read from
/// `/proc`: the app with its WebKit web, network and GPU processes.
pub fn process_tree(roots: Vec<u32>) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            let ppid = stat.rsplit(')').next()?.split_whitespace().nth(1)?.parse().ok()?;
            Some((pid, ppid))
        })
        .collect();
    let mut tree = roots;
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(parents.iter().filter(|(_, pp)| *pp == parent).map(|(p, _)| *p));
        i += 1;
    }
    tree
}

pub fn screenshot_dir() -> PathBuf {
    let dir = repo_root().join("target").join("e2e-screenshots");
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// How the app under test is configured.
pub struct Launch {
    /// Extra environment for the app process.
    pub env: Vec<(String, String)>,
    /// Start a sandbox in this test process and point the app at it.
    pub sandbox: bool,
    /// Reuse a data folder (a relaunch); a fresh temporary one otherwise.
    pub data_dir: Option<PathBuf>,
    /// Use this sandbox (already running) instead of starting one.
    pub external_sandbox: Option<String>,
    /// Command-line arguments for the app (a deep link at cold start).
    pub args: Vec<String>,
    /// How long the window may live before the watchdog ends it
    /// (`XIAOYA_E2E_WINDOW_SECS`, 300 s, when `None`).
    pub budget: Option<Duration>,
    /// How fast the test's own sandbox streams chat replies: `ReplyPace::FAST` (a reply in well
    /// under a second) unless a test asks for another, such as `ReplyPace::default()`, the pace
    /// a person meets (40 tokens a second).
    pub reply_pace: xiaoya_sandbox::ReplyPace,
    /// Let the app talk to the accessibility bus (AT-SPI), as it does on a desktop with a
    /// screen reader: `NO_AT_BRIDGE` is removed for the app, and the launch fails unless the
    /// session's `org.a11y.Bus` answers (at-spi2-core's bus launcher). Off by default: the
    /// other tests run without the bridge (`scripts/test.sh` exports `NO_AT_BRIDGE=1`).
    pub accessibility: bool,
}

impl Default for Launch {
    fn default() -> Self {
        Launch {
            env: Vec::new(),
            sandbox: true,
            data_dir: None,
            external_sandbox: None,
            args: Vec::new(),
            budget: None,
            reply_pace: xiaoya_sandbox::ReplyPace::FAST,
            accessibility: false,
        }
    }
}

impl Launch {
    /// The app opens "the browser" through `fake-browser` (path from the test's
    /// `env!("CARGO_BIN_EXE_fake-browser")`), which approves in the sandbox and hands
    /// the callback to a second app instance, or only records the URL (`record_only`).
    pub fn with_fake_browser(mut self, fake_browser: &str, log: &Path, record_only: bool) -> Self {
        self.env.push(("XIAOYA_BROWSER".into(), fake_browser.into()));
        self.env.push(("FAKE_BROWSER_LOG".into(), log.display().to_string()));
        self.env.push(("FAKE_BROWSER_MODE".into(), if record_only { "record" } else { "approve" }.into()));
        self
    }
}

/// The session's accessibility bus answers (`org.a11y.Bus.GetAddress`, which D-Bus activates
/// at-spi2-core's `at-spi-bus-launcher` for): an error, never a quiet skip, when it is missing.
pub fn accessibility_bus() -> TestResult<String> {
    let out = Command::new("dbus-send")
        .args([
            "--session",
            "--print-reply=literal",
            "--dest=org.a11y.Bus",
            "/org/a11y/bus",
            "org.a11y.Bus.GetAddress",
        ])
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run dbus-send (package dbus): {e}"))?;
    let address = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if !out.status.success() || address.is_empty() {
        return Err(format!(
            "no accessibility bus on the session bus (at-spi2-core): {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )
        .into());
    }
    Ok(address)
}

/// The X clipboard, as a person pasting it elsewhere would get it (xclip).
pub fn clipboard() -> TestResult<String> {
    let out = Command::new("xclip").args(["-o", "-selection", "clipboard"]).output().map_err(|e| {
        format!("xclip is needed to read the clipboard (scripts/bootstrap.sh installs it): {e}")
    })?;
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Starts a second app instance with `url` as its only argument, the way the desktop
/// delivers a deep link; it hands the URL to the running instance and exits.
pub fn deliver_deep_link(url: &str) -> TestResult {
    let status = Command::new(app_binary()).arg(url).stdin(Stdio::null()).stdout(Stdio::null()).status()?;
    if !status.success() {
        return Err(format!("second instance exited with {status}").into());
    }
    Ok(())
}

/// The sandbox's redirect for an authorize URL (auto-approve must be on).
pub async fn approve_in_sandbox(authorize_url: &str) -> TestResult<String> {
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build()?;
    let resp = client.get(authorize_url).send().await?;
    Ok(resp
        .headers()
        .get("location")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| format!("authorize answered {}", resp.status()))?
        .to_owned())
}

/// One running app window.
pub struct AppWindow {
    pub client: Client,
    pub sandbox: Option<xiaoya_sandbox::Sandbox>,
    pub data_dir: tempfile::TempDir,
    driver: Child,
    _home: tempfile::TempDir,
    watchdog: Watchdog,
    _turn: tokio::sync::OwnedMutexGuard<()>,
}

impl AppWindow {
    pub async fn launch(launch: Launch) -> TestResult<Self> {
        let app = app_binary();
        if !app.exists() {
            return Err(format!(
                "app binary {} missing: run scripts/build-app.sh (scripts/test.sh builds the app first)",
                app.display()
            )
            .into());
        }
        check_as_shipped(&app)?;
        if launch.accessibility {
            accessibility_bus()?;
        }
        let turn = window_lock().lock_owned().await;
        let sandbox = if launch.sandbox && launch.external_sandbox.is_none() {
            Some(
                xiaoya_sandbox::start(xiaoya_sandbox::SandboxConfig {
                    reply_pace: launch.reply_pace,
                    ..xiaoya_sandbox::SandboxConfig::default()
                })
                .await?,
            )
        } else {
            None
        };
        let data_dir = tempfile::tempdir()?;
        let app_data = launch.data_dir.clone().unwrap_or_else(|| data_dir.path().to_path_buf());
        let home = tempfile::tempdir()?;
        for sub in ["data", "config", "cache"] {
            std::fs::create_dir_all(home.path().join(sub))?;
        }
        let port = free_port();
        let native_port = free_port();

        let mut cmd = Command::new(tauri_driver());
        cmd.arg("--port").arg(port.to_string()).arg("--native-port").arg(native_port.to_string());
        cmd.env("XIAOYA_DATA_DIR", &app_data)
            // A private HOME/XDG tree: the deep-link registration and GTK caches land there.
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_CACHE_HOME", home.path().join("cache"))
            .env("NO_AT_BRIDGE", "1")
            .env("MESA_SHADER_CACHE_DISABLE", "true")
            .env("LANG", "C.UTF-8")
            .env_remove("XIAOYA_CLIENT_ID")
            .env_remove("XIAOYA_PLATFORM_URL")
            .env_remove("XIAOYA_SANDBOX_URL");
        if launch.accessibility {
            // Any value, even "0", turns the bridge off: the variable must be absent.
            cmd.env_remove("NO_AT_BRIDGE");
        }
        if let Some(sb) = &sandbox {
            sb.control().set_auto_approve(true);
            cmd.env("XIAOYA_SANDBOX_URL", sb.base_url());
        }
        if let Some(url) = &launch.external_sandbox {
            cmd.env("XIAOYA_SANDBOX_URL", url);
        }
        cmd.env("XIAOYA_APP_BIN", &app);
        for (k, v) in &launch.env {
            cmd.env(k, v);
        }
        cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::inherit());
        let driver = cmd
            .spawn()
            .map_err(|e| format!("cannot start tauri-driver ({}): {e}", tauri_driver().display()))?;
        let watchdog = Watchdog::start(driver.id(), launch.budget.unwrap_or_else(window_budget));

        let caps: serde_json::Map<String, serde_json::Value> = serde_json::from_value(serde_json::json!({
            "browserName": "wry",
            "tauri:options": { "application": app, "args": launch.args },
        }))?;
        let url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(60);
        let client = loop {
            match ClientBuilder::new(HttpConnector::new()).capabilities(caps.clone()).connect(&url).await {
                Ok(client) => break client,
                Err(err) if Instant::now() < deadline => {
                    let _ = err;
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(err) => return Err(format!("WebDriver session did not start: {err}").into()),
            }
        };
        Ok(AppWindow { client, sandbox, data_dir, driver, _home: home, watchdog, _turn: turn })
    }

    /// Waits until an element matching `css` is displayed.
    pub async fn find(&self, css: &str) -> TestResult<Element> {
        match self.client.wait().at_most(Duration::from_secs(20)).for_element(Locator::Css(css)).await {
            Ok(el) => Ok(el),
            Err(fantoccini::error::CmdError::WaitTimeout) => {
                let _ = self.screenshot("failed-find").await;
                // The page's text goes into the failure report: CI keeps no screenshots.
                let text = self.text_of("body").await.ok().flatten().unwrap_or_default();
                Err(format!("`{css}` never appeared within 20 s (screenshot failed-find.png); the page said: {text:?}").into())
            }
            Err(err) => Err(format!("waiting for `{css}`: {err}").into()),
        }
    }

    /// Waits until an element's text contains `needle`, returning the full text.
    pub async fn wait_for_text(&self, css: &str, needle: &str) -> TestResult<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut last = String::new();
        while Instant::now() < deadline {
            if let Some(text) = self.text_of(css).await? {
                last = text;
                if last.contains(needle) {
                    return Ok(last);
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Err(format!("`{css}` never contained {needle:?}; last text: {last:?}").into())
    }

    /// The rendered text (`innerText`) of the first element matching `css`, if any.
    /// WebKitWebDriver's own "element text" comes back empty for some styled
    /// elements, so this asks the page what it renders.
    pub async fn text_of(&self, css: &str) -> TestResult<Option<String>> {
        let value = self
            .client
            .execute(
                "const el = document.querySelector(arguments[0]); return el ? el.innerText : null;",
                vec![serde_json::Value::String(css.to_owned())],
            )
            .await?;
        Ok(value.as_str().map(str::to_owned))
    }

    /// Replaces an input's text by typing, as a person would (select all, then type).
    pub async fn type_into(&self, css: &str, text: &str) -> TestResult {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let el = self.find(css).await?;
            self.scroll_into_view(css).await?;
            // Focus and select what is there so the typing replaces it (WebKitWebDriver's
            // element `clear` refuses some inputs).
            self.client
                .execute(
                    "const el = document.querySelector(arguments[0]); el.focus(); el.select();",
                    vec![serde_json::Value::String(css.to_owned())],
                )
                .await?;
            match el.send_keys(text).await {
                Ok(()) => {
                    // A keystroke can be lost when focus moves while typing (a dialog that
                    // autofocuses its field as it opens): check, and type it all again.
                    let value = self
                        .client
                        .execute(
                            "const el = document.querySelector(arguments[0]); return el ? el.value : null;",
                            vec![serde_json::Value::String(css.to_owned())],
                        )
                        .await?;
                    match value.as_str() {
                        Some(v) if v == text => return Ok(()),
                        Some(_) if Instant::now() < deadline => {
                            tokio::time::sleep(Duration::from_millis(100)).await;
                        }
                        other => {
                            return Err(format!("typed {text:?} into `{css}`, it holds {other:?}").into())
                        }
                    }
                }
                Err(err) if transient(&err) && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(err) => return Err(format!("typing into `{css}`: {err}").into()),
            }
        }
    }

    async fn scroll_into_view(&self, css: &str) -> TestResult {
        self.client
            .execute(
                "const el = document.querySelector(arguments[0]); if (el) el.scrollIntoView({block: 'center', behavior: 'instant'});",
                vec![serde_json::Value::String(css.to_owned())],
            )
            .await?;
        Ok(())
    }

    /// Sizes the window and waits until the page has that viewport. Without a window manager
    /// (Xvfb) a resize can be lost while the machine is busy: it is asked again every 2 s, for
    /// up to 20 s.
    pub async fn size_to(&self, width: u32, height: u32) -> TestResult {
        for attempt in 0..200 {
            if attempt % 20 == 0 {
                self.client.set_window_size(width, height).await?;
            }
            let got = self.client.execute("return [window.innerWidth, window.innerHeight];", vec![]).await?;
            let w = got.get(0).and_then(|v| v.as_u64()).unwrap_or(0);
            let h = got.get(1).and_then(|v| v.as_u64()).unwrap_or(0);
            if w == u64::from(width) && h == u64::from(height) {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let got = self.client.execute("return [window.innerWidth, window.innerHeight];", vec![]).await?;
        Err(format!("the window did not take {width}×{height}: the page sees {got}").into())
    }

    /// Switches the window's language with the header's switch and waits until the page speaks it.
    pub async fn set_locale(&self, locale: &str) -> TestResult {
        self.click(&format!("[data-testid=locale-switch-{locale}]")).await?;
        let want = if locale == "en" { "Account" } else { "账户" };
        self.wait_for_text("[data-testid=nav-account]", want).await?;
        Ok(())
    }

    /// Signs in to Personal from the Account screen. The window must have been launched
    /// with `Launch::with_fake_browser(.., record_only = false)`.
    pub async fn sign_in_personal(&self) -> TestResult {
        self.click("[data-testid=nav-account]").await?;
        self.click("[data-testid=sign-in-personal]").await?;
        self.find("[data-testid=session-card][data-context=personal]").await?;
        Ok(())
    }

    /// Signs in to a Team picked from the list (needs a Personal session first), choosing
    /// in the picker that it pays from then on.
    pub async fn sign_in_team(&self, team_id: &str) -> TestResult {
        self.click("[data-testid=nav-account]").await?;
        self.click("[data-testid=sign-in-team]").await?;
        self.click(&format!("[data-testid=team-option-{team_id}]")).await?;
        self.choose_team_as_payer().await?;
        self.click("[data-testid=team-sign-in-confirm]").await?;
        self.find(&format!("[data-testid=session-card][data-team-id='{team_id}']")).await?;
        Ok(())
    }

    /// Turns on "Use this Team for charges" in the open Team picker (it starts off).
    pub async fn choose_team_as_payer(&self) -> TestResult {
        if self.attr("[data-testid=team-make-payer]", "aria-checked").await?.as_deref() != Some("true") {
            self.click("[data-testid=team-make-payer]").await?;
        }
        self.wait_for_attr("[data-testid=team-make-payer]", "aria-checked", "true").await
    }

    /// Clicks like a person: waits for the element (and, for a button, until it is enabled),
    /// and if something (a toast, a closing menu) is in the way, waits for it to go before
    /// trying again. On failure
    /// a screenshot `failed-click.png` shows what was in the way.
    pub async fn click(&self, css: &str) -> TestResult {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let el = self.find(css).await?;
            self.scroll_into_view(css).await?;
            // A disabled button ignores the click; a person waits until it is enabled.
            if !el.is_enabled().await? {
                if Instant::now() < deadline {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
                let _ = self.screenshot("failed-click").await;
                return Err(format!("`{css}` stayed disabled").into());
            }
            match el.click().await {
                Ok(()) => return Ok(()),
                Err(err) if transient(&err) && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
                Err(err) => {
                    let _ = self.screenshot("failed-click").await;
                    return Err(format!("clicking `{css}`: {err}").into());
                }
            }
        }
    }

    /// Scrolls `at` (if given) to the top and saves a screenshot `name` — twice, because
    /// WebDriver can return the previous frame first.
    pub async fn shot(&self, name: &str, at: Option<&str>) -> TestResult {
        if let Some(css) = at {
            self.client
                .execute(
                    "document.querySelector(arguments[0])?.scrollIntoView({block: 'start'});",
                    vec![css.into()],
                )
                .await?;
        }
        self.screenshot(name).await?;
        self.screenshot(name).await?;
        Ok(())
    }

    /// An attribute of the first element matching `css` (`None`: no element or no attribute).
    pub async fn attr(&self, css: &str, name: &str) -> TestResult<Option<String>> {
        let value = self
            .client
            .execute(
                "const el = document.querySelector(arguments[0]); return el ? el.getAttribute(arguments[1]) : null;",
                vec![css.into(), name.into()],
            )
            .await?;
        Ok(value.as_str().map(str::to_owned))
    }

    /// Waits until an attribute of the first element matching `css` has this value.
    pub async fn wait_for_attr(&self, css: &str, name: &str, want: &str) -> TestResult {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut last = None;
        while Instant::now() < deadline {
            last = self.attr(css, name).await?;
            if last.as_deref() == Some(want) {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Err(format!("`{css}` [{name}] never became {want:?}; last {last:?}").into())
    }

    /// An attribute of the LAST element matching `css` (the newest reply, the last row).
    pub async fn last_attr(&self, css: &str, name: &str) -> TestResult<Option<String>> {
        let value = self
            .client
            .execute(
                "const all = document.querySelectorAll(arguments[0]); const el = all[all.length - 1]; return el ? el.getAttribute(arguments[1]) : null;",
                vec![css.into(), name.into()],
            )
            .await?;
        Ok(value.as_str().map(str::to_owned))
    }

    /// Waits (up to 30 s: a streamed reply takes a while) until an attribute of the last
    /// element matching `css` has this value.
    pub async fn wait_for_last_attr(&self, css: &str, name: &str, want: &str) -> TestResult {
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut last = None;
        while Instant::now() < deadline {
            last = self.last_attr(css, name).await?;
            if last.as_deref() == Some(want) {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Err(format!("last `{css}` [{name}] never became {want:?}; last {last:?}").into())
    }

    /// How many elements match `css` right now.
    pub async fn count(&self, css: &str) -> TestResult<usize> {
        let n = self
            .client
            .execute("return document.querySelectorAll(arguments[0]).length;", vec![css.into()])
            .await?;
        Ok(n.as_u64().unwrap_or(0) as usize)
    }

    /// The whole visible text of the page.
    pub async fn page_text(&self) -> TestResult<String> {
        Ok(self.text_of("body").await?.unwrap_or_default())
    }

    /// Saves a PNG of the window's web content as WebKit rendered it (the wait lets the last
    /// frame land, since WebDriver shots can lag one). What the X screen shows, as a person
    /// sees it: `settled_shot`.
    pub async fn screenshot(&self, name: &str) -> TestResult<PathBuf> {
        tokio::time::sleep(Duration::from_millis(400)).await;
        let path = screenshot_dir().join(format!("{name}.png"));
        std::fs::write(&path, self.client.screenshot().await?)?;
        Ok(path)
    }

    /// Where the window is on the X screen (its outer rectangle, clipped to the screen).
    pub async fn window_area(&self) -> TestResult<xscreen::Area> {
        let (x, y, width, height) = self.client.get_window_rect().await?;
        Ok(xscreen::Area { x: x as u32, y: y as u32, width: width as u32, height: height as u32 })
    }

    /// Puts the X pointer where it points at nothing of the app's, as a person moves the
    /// mouse away before a screenshot: beside the window when the X screen has room, else on
    /// the screen's heading (plain text without a tooltip). A pointer left resting on the
    /// sidebar shows its tooltip ("Chat (Ctrl+3)") in every frame of the X screen.
    pub async fn park_pointer(&self) -> TestResult {
        let window = self.window_area().await?;
        let (screen_w, screen_h) = xscreen::screen_size()?;
        let (x, y) = if window.x + window.width < screen_w || window.y + window.height < screen_h {
            (screen_w - 1, screen_h - 1)
        } else {
            let h = self.client.execute(HEADING_AREA, vec![]).await?;
            let at = |i: usize| h[i].as_f64().unwrap_or(0.0).max(0.0) as u32;
            if at(2) == 0 {
                // Scrolled past the heading: the window's bottom right corner (the page's edge).
                (window.x + window.width - 2, window.y + window.height - 2)
            } else {
                (window.x + at(0) + 2, window.y + at(1) + at(3) / 2)
            }
        };
        // Through a pixel beside it: a real move, even when it rests there already, so the
        // page learns what is under it now (a WebDriver click leaves the page's hover on the
        // control clicked, and GTK shows that control's tooltip where the pointer is).
        xscreen::move_pointer(x.saturating_sub(1), y)?;
        xscreen::move_pointer(x, y)
    }

    /// Waits until the screen `screen` (its id: `voices`, `chat`, …) has settled, and returns
    /// the window as the X screen shows it. Settled: that screen is the only one in the page
    /// with one heading, nothing is loading (no skeleton, nothing `aria-busy`, no clip
    /// playing), no CSS
    /// transition or animation is running, no tooltip is shown over it (`xscreen::visible_tooltips`),
    /// and two consecutive frames of the X screen, 250 ms apart, are identical. `previous`: the last shot. If it was of another screen and the
    /// settled frame still shows its heading (where it was or up to 6 px off, all but 1% of
    /// its pixels within 32 levels: `Frame::shows_near`), the frame is mixed (the old screen
    /// painted into the new one) and this fails.
    pub async fn settled_shot(
        &self,
        screen: &str,
        previous: Option<&xscreen::Shot>,
    ) -> TestResult<xscreen::Shot> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut why = String::new();
        let mut last: Option<xscreen::Frame> = None;
        loop {
            if Instant::now() > deadline {
                return Err(format!("the {screen} screen never settled: {why}").into());
            }
            let state = self.client.execute(SETTLE_STATE, vec![screen.into()]).await?;
            let calm = state["screens"].as_array().map(|a| a.len()) == Some(1)
                && state["mine"].as_bool() == Some(true)
                && state["titles"].as_u64() == Some(1)
                && state["pending"].as_array().is_some_and(|a| a.is_empty())
                && state["running"].as_array().is_some_and(|a| a.is_empty());
            if !calm {
                why = state.to_string();
                last = None;
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            let window = self.window_area().await?;
            let frame = xscreen::Frame::capture()?.crop(window);
            if (frame.width, frame.height) != (window.width, window.height) {
                return Err(format!(
                    "the window at {window:?} is partly off the X screen: only {frame:?} of it can be seen"
                )
                .into());
            }
            if frame.colours() < 8 {
                // Not painted on the X screen yet (just mapped or resized).
                why = format!("the X screen shows no window at {window:?} ({} colours)", frame.colours());
                last = None;
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            match last.take() {
                Some(before) if before == frame => {
                    // A tooltip over the window is in the X screen's frame: not a shot of the
                    // screen (looked for once the frames agree: it takes a dozen X calls).
                    let tooltips = xscreen::visible_tooltips()?;
                    if !tooltips.is_empty() {
                        why = format!("a tooltip is shown over the window: {tooltips:?} (the pointer rests on a control; AppWindow::park_pointer)");
                        // The next frame is compared with this one: the reason stays the tooltip.
                        last = Some(frame);
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                    let h = self.client.execute(HEADING_AREA, vec![]).await?;
                    let at = |i: usize| h[i].as_f64().unwrap_or(0.0).max(0.0) as u32;
                    let heading = xscreen::Area { x: at(0), y: at(1), width: at(2), height: at(3) };
                    if let Some(old) = previous.filter(|p| p.screen != screen && p.heading.width > 0) {
                        // Where it was, or a few pixels off (a screen's header can sit a
                        // little higher or lower).
                        if frame.shows_near(&old.frame.crop(old.heading), old.heading, 6) {
                            return Err(format!(
                                "mixed frame: the {screen} screen still shows the {} screen's heading at {:?}",
                                old.screen, old.heading
                            )
                            .into());
                        }
                    }
                    return Ok(xscreen::Shot { screen: screen.to_owned(), frame, heading });
                }
                _ => {
                    why = "the X screen was still changing".into();
                    last = Some(frame);
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
            }
        }
    }

    /// Ends the session and stops tauri-driver with SIGTERM (SIGKILL would orphan
    /// WebKitWebDriver, which keeps the test's stdout open).
    pub async fn close(mut self) -> TestResult {
        let _ = tokio::time::timeout(Duration::from_secs(20), self.client.clone().close()).await;
        self.watchdog.disarm();
        stop_gracefully(&mut self.driver);
        stop_app_instances();
        if let Some(sb) = self.sandbox.take() {
            sb.shutdown().await;
        }
        Ok(())
    }
}

/// What may still change on the page: which screens are there, how many headings, what is
/// loading (or playing: the player moves as a clip plays), and the CSS transitions and
/// animations running (each named by its element).
const SETTLE_STATE: &str = r#"
const name = (el) => el ? (el.dataset?.testid || String(el.className) || el.tagName) : '?';
const screens = [...document.querySelectorAll('.screen')].map((s) => s.dataset.testid);
return {
  screens,
  mine: screens.includes('screen-' + arguments[0]),
  titles: document.querySelectorAll('[data-testid=screen-title]').length,
  pending: [...document.querySelectorAll('.skeleton, .skeleton-list, [aria-busy=true], [data-testid=player][data-status=playing]')].map(name),
  running: document.getAnimations().filter((a) => a.playState === 'running')
    .map((a) => name(a.effect?.target) + ' ' + (a.transitionProperty || a.animationName || '')),
};
"#;

/// The screen heading's rectangle on the window's frame (under Xvfb a CSS pixel is a screen
/// pixel; anything the window draws above the page, such as a title bar, is added), or an
/// empty one when the heading is not wholly in view in the main area (scrolled away, or under
/// the app's header, which every screen shares).
const HEADING_AREA: &str = r#"
const r = document.querySelector('[data-testid=screen-title]').getBoundingClientRect();
const m = document.querySelector('[data-testid=main]').getBoundingClientRect();
if (r.top < m.top || r.bottom > m.bottom || r.left < m.left || r.right > m.right) return [0, 0, 0, 0];
const dx = Math.max(0, window.outerWidth - window.innerWidth), dy = Math.max(0, window.outerHeight - window.innerHeight);
return [r.left + dx, r.top + dy, r.width, r.height];
"#;

/// WebDriver errors that go away on their own: something briefly in the way, an
/// element mid-scroll or re-rendered.
fn transient(err: &fantoccini::error::CmdError) -> bool {
    use fantoccini::error::{CmdError, ErrorStatus};
    matches!(err, CmdError::Standard(e) if matches!(
        e.error,
        ErrorStatus::ElementClickIntercepted | ErrorStatus::ElementNotInteractable | ErrorStatus::StaleElementReference
    ))
}

impl Drop for AppWindow {
    fn drop(&mut self) {
        self.watchdog.disarm();
        stop_gracefully(&mut self.driver);
        stop_app_instances();
    }
}

pub mod audio;
mod dialogs;
mod fit;
mod processes;
#[cfg(test)]
mod shipped_tests;
pub mod xscreen;

use processes::{stop_app_instances, stop_gracefully, window_budget, Watchdog};
