//! A stand-in desktop tray on the test's real D-Bus session bus: it owns
//! `org.kde.StatusNotifierWatcher` (what KDE, the GNOME AppIndicator extension and other
//! panels own) and `org.freedesktop.Notifications` (the notification daemon), and writes
//! what the app asks of them to the file given as its only argument, one line each:
//!
//! - `register <sender> <object path>` for each `RegisterStatusNotifierItem`;
//! - `notify <summary>\t<body>` for each `Notify`.
//!
//! The test then reads the registered item over D-Bus as a desktop does
//! (`org.kde.StatusNotifierItem` properties, the `com.canonical.dbusmenu` menu).

use std::io::Write;
use std::sync::atomic::{AtomicU32, Ordering};

struct Watcher {
    log: std::path::PathBuf,
    items: std::sync::Mutex<Vec<String>>,
}

fn append(log: &std::path::Path, line: &str) {
    if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(log) {
        let _ = writeln!(file, "{line}");
    }
}

#[zbus::interface(name = "org.kde.StatusNotifierWatcher")]
impl Watcher {
    async fn register_status_notifier_item(
        &self,
        service: String,
        #[zbus(header)] header: zbus::message::Header<'_>,
        #[zbus(signal_emitter)] emitter: zbus::object_server::SignalEmitter<'_>,
    ) {
        let sender = header.sender().map(|s| s.to_string()).unwrap_or_default();
        // The item names its object path (libayatana) or a bus name (others).
        let (bus, path) = if service.starts_with('/') {
            (sender.clone(), service.clone())
        } else {
            (service.clone(), "/StatusNotifierItem".to_string())
        };
        append(&self.log, &format!("register {bus} {path}"));
        self.items.lock().unwrap_or_else(|p| p.into_inner()).push(format!("{bus}{path}"));
        let _ = Self::status_notifier_item_registered(&emitter, &format!("{bus}{path}")).await;
    }

    fn register_status_notifier_host(&self, _service: String) {}

    #[zbus(property)]
    fn registered_status_notifier_items(&self) -> Vec<String> {
        self.items.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    #[zbus(property)]
    fn is_status_notifier_host_registered(&self) -> bool {
        true
    }

    #[zbus(property)]
    fn protocol_version(&self) -> i32 {
        0
    }

    #[zbus(signal)]
    async fn status_notifier_item_registered(
        emitter: &zbus::object_server::SignalEmitter<'_>,
        service: &str,
    ) -> zbus::Result<()>;
}

struct Notifications {
    log: std::path::PathBuf,
    next: AtomicU32,
}

#[zbus::interface(name = "org.freedesktop.Notifications")]
impl Notifications {
    #[allow(clippy::too_many_arguments)]
    fn notify(
        &self,
        _app_name: String,
        _replaces_id: u32,
        _app_icon: String,
        summary: String,
        body: String,
        _actions: Vec<String>,
        _hints: std::collections::HashMap<String, zbus::zvariant::OwnedValue>,
        _expire_timeout: i32,
    ) -> u32 {
        append(&self.log, &format!("notify {summary}\t{body}"));
        self.next.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn get_capabilities(&self) -> Vec<String> {
        vec!["body".to_string()]
    }

    fn get_server_information(&self) -> (String, String, String, String) {
        ("fake-tray-host".into(), "xiaoya-e2e".into(), "1".into(), "1.2".into())
    }

    fn close_notification(&self, _id: u32) {}
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let log: std::path::PathBuf = std::env::args().nth(1).ok_or("usage: fake-tray-host LOG")?.into();
    let _connection = zbus::blocking::connection::Builder::session()?
        .name("org.kde.StatusNotifierWatcher")?
        .name("org.freedesktop.Notifications")?
        .serve_at(
            "/StatusNotifierWatcher",
            Watcher { log: log.clone(), items: std::sync::Mutex::new(Vec::new()) },
        )?
        .serve_at("/org/freedesktop/Notifications", Notifications { log, next: AtomicU32::new(0) })?
        .build()?;
    // Ready: the names are owned. The test kills this process when it is done.
    println!("ready");
    std::io::stdout().flush()?;
    loop {
        std::thread::park();
    }
}
