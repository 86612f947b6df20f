//! The balance in the system tray (issue 30, part 1), read over the real D-Bus
//! StatusNotifierItem protocol as a desktop reads it: a stand-in tray (`fake-tray-host`, a
//! StatusNotifierWatcher and a notification daemon on the test's session bus) records the
//! app's registration; the test then reads the item's label (`XAyatanaLabel`), its status,
//! and its menu (`com.canonical.dbusmenu` GetLayout), and clicks menu items with `Event`.
//!
//! - signed in to the sandbox, the label is the paying context's balance ("2,500") and the
//!   menu lists the context, who pays, the last charges, spent today, Open window, Refresh,
//!   Switch who pays and Quit;
//! - after a chat reply the figure drops, and the reply is among the last charges;
//! - Refresh in the tray's menu reads the balance again; crossing the low-balance threshold
//!   makes one desktop notification, not one per refresh; a failed refresh shows the
//!   figure's age;
//! - Switch who pays in the tray's menu makes another signed-in context pay, as the header's
//!   switcher does;
//! - Presenting mode hides the tray (status Passive, no label);
//! - without any tray on the desktop, Settings says the tray isn't shown, and the header
//!   keeps the figure.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use xiaoya_e2e::xiaoya_sandbox as sb;
use xiaoya_e2e::{AppWindow, Launch, TestResult};
use zbus::zvariant::{OwnedValue, Value};

const FAKE_BROWSER: &str = env!("CARGO_BIN_EXE_fake-browser");
const FAKE_TRAY_HOST: &str = env!("CARGO_BIN_EXE_fake-tray-host");
const LAST_REPLY: &str = "[data-testid=chat-message][data-role=assistant]:last-of-type";

/// One test at a time owns the session bus's tray names (or their absence).
static BUS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Owns `org.kde.StatusNotifierWatcher` and `org.freedesktop.Notifications` until dropped.
struct TrayHost(std::process::Child);

impl TrayHost {
    fn start(log: &Path) -> TestResult<Self> {
        use std::io::BufRead;
        let mut child = std::process::Command::new(FAKE_TRAY_HOST)
            .arg(log)
            .stdout(std::process::Stdio::piped())
            .spawn()?;
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().ok_or("no stdout")?).read_line(&mut line)?;
        if line.trim() != "ready" {
            let _ = child.kill();
            return Err(format!("the stand-in tray did not start: {line:?}").into());
        }
        Ok(TrayHost(child))
    }
}

impl Drop for TrayHost {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A menu item as dbusmenu exports it.
#[derive(Debug, Clone)]
struct Item {
    id: i32,
    label: String,
    enabled: bool,
    children: Vec<Item>,
}

impl Item {
    fn all(&self) -> Vec<&Item> {
        let mut out = vec![self];
        for c in &self.children {
            out.extend(c.all());
        }
        out
    }
}

/// The registered item, read as a desktop reads it.
struct Desktop {
    bus: zbus::Connection,
    log: PathBuf,
}

impl Desktop {
    /// The bus name and object path the app registered.
    async fn item(&self) -> TestResult<(String, String)> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            if let Some(line) = log.lines().rev().find(|l| l.starts_with("register ")) {
                let mut parts = line.split(' ').skip(1);
                let bus = parts.next().ok_or("bus")?.to_string();
                let path = parts.next().ok_or("path")?.to_string();
                return Ok((bus, path));
            }
            if Instant::now() > deadline {
                return Err("the app registered no StatusNotifierItem".into());
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn properties(&self) -> TestResult<HashMap<String, OwnedValue>> {
        let (bus, path) = self.item().await?;
        let reply = self
            .bus
            .call_method(
                Some(bus.as_str()),
                path.as_str(),
                Some("org.freedesktop.DBus.Properties"),
                "GetAll",
                &("org.kde.StatusNotifierItem",),
            )
            .await?;
        Ok(reply.body().deserialize::<HashMap<String, OwnedValue>>()?)
    }

    async fn string_property(&self, name: &str) -> TestResult<String> {
        let props = self.properties().await?;
        let value = props.get(name).ok_or_else(|| format!("no {name} property"))?;
        Ok(String::try_from(value.try_clone()?)?)
    }

    /// The label next to the icon (appindicator's `XAyatanaLabel`).
    async fn label(&self) -> TestResult<String> {
        self.string_property("XAyatanaLabel").await
    }

    /// `Active` or `Passive` (hidden).
    async fn status(&self) -> TestResult<String> {
        self.string_property("Status").await
    }

    async fn menu_path(&self) -> TestResult<String> {
        let props = self.properties().await?;
        let value = props.get("Menu").ok_or("no Menu property")?;
        let path = zbus::zvariant::OwnedObjectPath::try_from(value.try_clone()?)?;
        Ok(path.as_str().to_string())
    }

    async fn menu(&self) -> TestResult<Item> {
        let (bus, _) = self.item().await?;
        let path = self.menu_path().await?;
        let reply = self
            .bus
            .call_method(
                Some(bus.as_str()),
                path.as_str(),
                Some("com.canonical.dbusmenu"),
                "GetLayout",
                &(0i32, -1i32, Vec::<String>::new()),
            )
            .await?;
        let body = reply.body();
        let (_revision, (id, props, children)): Layout = body.deserialize()?;
        let mut root = Item { id, label: String::new(), enabled: true, children: Vec::new() };
        read_props(&mut root, props.iter().map(|(k, v)| (k.as_str(), &**v)))?;
        for child in &children {
            root.children.push(item_of(child)?);
        }
        Ok(root)
    }

    /// Every label in the menu, in order (separators have none).
    async fn labels(&self) -> TestResult<Vec<String>> {
        let menu = self.menu().await?;
        Ok(menu.all().iter().skip(1).map(|i| i.label.clone()).filter(|l| !l.is_empty()).collect())
    }

    /// Clicks the menu item labelled `label`, as a desktop does.
    async fn click(&self, label: &str) -> TestResult {
        let (bus, _) = self.item().await?;
        let path = self.menu_path().await?;
        let menu = self.menu().await?;
        let item =
            menu.all().into_iter().find(|i| i.label == label).ok_or_else(|| format!("no {label:?} item"))?.id;
        self.bus
            .call_method(
                Some(bus.as_str()),
                path.as_str(),
                Some("com.canonical.dbusmenu"),
                "Event",
                &(item, "clicked", Value::from(0i32), 0u32),
            )
            .await?;
        Ok(())
    }

    /// Waits until the label satisfies `want`.
    async fn wait_label(&self, what: &str, want: impl Fn(&str) -> bool) -> TestResult<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let label = self.label().await.unwrap_or_default();
            if want(&label) {
                return Ok(label);
            }
            if Instant::now() > deadline {
                return Err(format!("the tray's label never showed {what}; it shows {label:?}").into());
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    async fn wait_status(&self, want: &str) -> TestResult {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let status = self.status().await.unwrap_or_default();
            if status == want {
                return Ok(());
            }
            if Instant::now() > deadline {
                return Err(format!("the tray's status stayed {status:?}, not {want:?}").into());
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    fn notifications(&self) -> Vec<String> {
        std::fs::read_to_string(&self.log)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.strip_prefix("notify ").map(str::to_string))
            .collect()
    }
}

/// `GetLayout`'s answer: the revision, then `(ia{sv}av)`.
type Layout = (u32, (i32, HashMap<String, OwnedValue>, Vec<OwnedValue>));

fn read_props<'a>(item: &mut Item, props: impl Iterator<Item = (&'a str, &'a Value<'a>)>) -> TestResult {
    for (key, value) in props {
        let value = match value {
            Value::Value(inner) => inner.as_ref(),
            other => other,
        };
        match (key, value) {
            ("label", Value::Str(label)) => item.label = label.as_str().to_string(),
            ("enabled", Value::Bool(enabled)) => item.enabled = *enabled,
            _ => {}
        }
    }
    Ok(())
}

fn item_of(value: &Value<'_>) -> TestResult<Item> {
    let value = match value {
        Value::Value(inner) => inner.as_ref(),
        other => other,
    };
    let Value::Structure(s) = value else {
        return Err(format!("a menu item is not a structure: {value:?}").into());
    };
    let fields = s.fields();
    let id = match fields.first() {
        Some(Value::I32(id)) => *id,
        other => return Err(format!("menu item id: {other:?}").into()),
    };
    let mut item = Item { id, label: String::new(), enabled: true, children: Vec::new() };
    if let Some(Value::Dict(props)) = fields.get(1) {
        let props = props.iter().filter_map(|(k, v)| match k {
            Value::Str(k) => Some((k.as_str(), v)),
            _ => None,
        });
        read_props(&mut item, props)?;
    }
    if let Some(Value::Array(items)) = fields.get(2) {
        for child in items.inner() {
            item.children.push(item_of(child)?);
        }
    }
    Ok(item)
}

/// `"2,451"` → 2451 (the label's figure before any age).
fn figure(label: &str) -> Option<i64> {
    label.split(" · ").next()?.replace(',', "").parse().ok()
}

/// Waits until the menu has an item labelled `want`.
async fn wait_menu(desktop: &Desktop, want: &str) -> TestResult {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let labels = desktop.labels().await?;
        if labels.iter().any(|l| l == want) {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(format!("the tray's menu never said {want:?}: {labels:?}").into());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_tray_shows_the_balance_and_its_menu_over_dbus() -> TestResult {
    let _bus = BUS.lock().await;
    let scratch = tempfile::tempdir()?;
    let host_log = scratch.path().join("tray-host.log");
    let _host = TrayHost::start(&host_log)?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let desktop = Desktop { bus: zbus::Connection::session().await?, log: host_log };
    let result = journey(&app, &desktop).await;
    if result.is_err() {
        let _ = app.screenshot("tray-failure").await;
        eprintln!("menu at failure: {:?}", desktop.labels().await);
    }
    app.close().await?;
    result
}

async fn journey(app: &AppWindow, desktop: &Desktop) -> TestResult {
    let control = app.sandbox.as_ref().ok_or("sandbox")?.control();
    control.set_stream_pace(Duration::ZERO);

    // Before sign-in: registered, and honest about it.
    desktop.wait_label("the signed-out dash", |l| l == "—").await?;
    assert_eq!(desktop.status().await?, "Active");

    app.sign_in_personal().await?;
    app.wait_for_attr("[data-testid=balance-slot]", "data-spendable", "2500").await?;
    desktop.wait_label("2,500", |l| l == "2,500").await?;
    let labels = desktop.labels().await?;
    for want in [
        "Personal: 2,500 points",
        "Pays now: Personal",
        "Last charges:",
        "  No charges yet",
        "Spent today: 0 points",
        "Open window",
        "Refresh",
        "Switch who pays",
        "Personal",
        "Quit",
    ] {
        assert!(labels.iter().any(|l| l == want), "{want:?} not in the tray's menu: {labels:?}");
    }
    // The figures are text to read, not buttons.
    let menu = desktop.menu().await?;
    let balance_line =
        menu.all().into_iter().find(|i| i.label.starts_with("Personal: ")).ok_or("balance line")?.clone();
    assert!(!balance_line.enabled, "the balance line is not a button");
    assert!(menu.all().into_iter().any(|i| i.label == "Refresh" && i.enabled));
    // Settings knows the desktop shows the tray.
    app.click("[data-testid=nav-settings]").await?;
    app.find("[data-testid=settings-tray-shown]").await?;
    assert_eq!(app.count("[data-testid=settings-tray-missing]").await?, 0);

    // ---- A chat reply: the figure drops, the reply is among the last charges.
    app.click("[data-testid=nav-chat]").await?;
    app.type_into("[data-testid=chat-input]", "How do I plan a small project?").await?;
    app.click("[data-testid=chat-send]").await?;
    app.wait_for_last_attr(LAST_REPLY, "data-status", "complete").await?;
    let dropped = desktop.wait_label("a lower figure", |l| figure(l).is_some_and(|n| n < 2500)).await?;
    let expected = control.personal_balance().total();
    assert!(figure(&dropped).is_some_and(|n| n <= expected), "{dropped} vs the platform's {expected}");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let labels = desktop.labels().await?;
        if !labels.iter().any(|l| l == "  No charges yet") && labels.iter().any(|l| l.starts_with("  ")) {
            break;
        }
        if Instant::now() > deadline {
            return Err(format!("the reply never showed among the last charges: {labels:?}").into());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // ---- Refresh from the tray: the platform's new figure, below the threshold (100):
    // one notification for the crossing, none for the next refresh.
    control.set_personal_balance(sb::PersonalBalance { subscription: 50, gift_card: 0, recharge: 0 });
    assert!(desktop.notifications().is_empty(), "no notification before the crossing");
    desktop.click("Refresh").await?;
    desktop.wait_label("50", |l| l == "50").await?;
    let deadline = Instant::now() + Duration::from_secs(10);
    while desktop.notifications().is_empty() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let notes = desktop.notifications();
    assert_eq!(notes.len(), 1, "one notification for the crossing: {notes:?}");
    assert!(notes[0].starts_with("Balance low\tPersonal: 50 points left"), "{notes:?}");
    assert!(desktop.labels().await?.iter().any(|l| l == "Personal: 50 points (low)"));
    control.set_personal_balance(sb::PersonalBalance { subscription: 40, gift_card: 0, recharge: 0 });
    desktop.click("Refresh").await?;
    desktop.wait_label("40", |l| l == "40").await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(desktop.notifications().len(), 1, "still low: no second notification");
    // The header follows the tray's refresh (same reading, announced once).
    app.wait_for_attr("[data-testid=balance-slot]", "data-spendable", "40").await?;

    // ---- A failed refresh: the figure shows its age, never as fresh.
    control.inject(sb::Fault { route: sb::Route::Balance, kind: sb::FaultKind::Status(500), times: 20 });
    desktop.click("Refresh").await?;
    let aged = desktop.wait_label("the figure with its age", |l| l.starts_with("40 · ")).await?;
    assert!(aged == "40 · just now" || aged.ends_with("min ago"), "{aged}");
    assert!(desktop.labels().await?.iter().any(|l| l.contains("(refresh failed)")));
    control.clear_faults();
    desktop.click("Refresh").await?;
    desktop.wait_label("the fresh figure again", |l| l == "40").await?;

    // ---- Switch who pays: a Team signed in and paying, then Personal again from the tray.
    app.sign_in_team(sb::TEAM_ALPHA_ID).await?;
    let pays_team = format!("Pays now: {}", sb::TEAM_ALPHA_NAME);
    wait_menu(desktop, &pays_team).await?;
    let labels = desktop.labels().await?;
    assert!(labels.iter().any(|l| l.starts_with(&format!("{}: ", sb::TEAM_ALPHA_NAME))), "{labels:?}");
    assert!(labels.iter().any(|l| l.starts_with("Personal: 40 points")), "{labels:?}");
    desktop.click("Personal").await?;
    wait_menu(desktop, "Pays now: Personal").await?;
    desktop.wait_label("Personal's figure", |l| l == "40").await?;
    app.wait_for_attr("[data-testid=balance-slot]", "data-spendable", "40").await?;

    // ---- Presenting mode hides the tray (Passive, nothing of the account in it).
    let el = app.find("[data-testid=nav-account]").await?;
    el.send_keys("\u{E009}\u{E008}p\u{E000}").await?;
    app.find("[data-testid=presenting-badge]").await?;
    desktop.wait_status("Passive").await?;
    assert_eq!(desktop.label().await?, "", "no figure while presenting");
    let labels = desktop.labels().await?;
    assert!(!labels.iter().any(|l| l.contains("Personal")), "nothing of the account in the menu: {labels:?}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_tray_settings_says_so_and_the_header_keeps_the_figure() -> TestResult {
    let _bus = BUS.lock().await;
    let bus = zbus::Connection::session().await?;
    let dbus = zbus::fdo::DBusProxy::new(&bus).await?;
    let watcher = zbus::names::BusName::try_from("org.kde.StatusNotifierWatcher")?;
    assert!(!dbus.name_has_owner(watcher).await?, "this test needs a session bus without a tray");
    let scratch = tempfile::tempdir()?;
    let log = scratch.path().join("browser.log");
    let app = AppWindow::launch(Launch::default().with_fake_browser(FAKE_BROWSER, &log, false)).await?;
    let result = async {
        app.sign_in_personal().await?;
        app.wait_for_attr("[data-testid=balance-slot]", "data-spendable", "2500").await?;
        app.click("[data-testid=nav-settings]").await?;
        let text = app.wait_for_text("[data-testid=settings-tray-missing]", "tray").await?;
        assert_eq!(text.trim(), "The tray isn't shown on this desktop; the header keeps every figure.");
        app.shot("tray-missing-settings", Some("[data-testid=settings-tray]")).await?;
        // The header keeps every figure.
        app.wait_for_attr("[data-testid=balance-slot]", "data-spendable", "2500").await?;
        app.set_locale("zh-CN").await?;
        app.click("[data-testid=nav-settings]").await?;
        app.wait_for_text("[data-testid=settings-tray-missing]", "此桌面不显示托盘").await?;
        TestResult::Ok(())
    }
    .await;
    if result.is_err() {
        let _ = app.screenshot("tray-missing-failure").await;
    }
    app.close().await?;
    result
}
