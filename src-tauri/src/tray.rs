//! The balance in the system tray: a label next to the icon with the paying context's
//! balance and a menu with every signed-in context's balance, who pays, the last charges,
//! "spent today", Open window, Refresh, Switch who pays and Quit.
//!
//! Thin: the text comes from the core (`xiaoya_core::billing::tray`: `tray_input` reads
//! the stored figures, `view` words them); this module only shows it and routes clicks.
//! It follows the core's events (every balance read, sessions, platform switches) through
//! the `AppEventHub`, and Presenting mode through `changed`. A context whose balance
//! crosses the low-balance threshold gets one desktop notification per crossing.
//!
//! Linux: the tray is an appindicator (libayatana-appindicator, loaded at run time) that
//! registers with `org.kde.StatusNotifierWatcher` on the session bus. Without the library
//! or without a watcher (GNOME without its extension) the desktop shows no tray:
//! `tray_shown` says so, Settings tells the person, and the header keeps every figure.
//! Hidden (status Passive) while presenting or replaying a recorded demo.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tauri::menu::{CheckMenuItem, IsMenuItem, Menu, MenuItem, PredefinedMenuItem, Submenu};
use tauri::tray::{TrayIcon, TrayIconBuilder};
use tauri::{AppHandle, Manager, Wry};
use tauri_plugin_notification::NotificationExt;
use tokio::sync::mpsc;
use xiaoya_core::billing::tray::{self as view, LowBalanceWatch, TrayBalance, TrayView};
use xiaoya_core::wire::{AppEvent, Locale};

use crate::events::AppEventHub;
use crate::AppState;

const TRAY_ID: &str = "balance";
const OPEN: &str = "tray.open";
const REFRESH: &str = "tray.refresh";
const QUIT: &str = "tray.quit";
const PAY_PREFIX: &str = "tray.pay.";
/// The ages ("5 min ago") move on without any event.
const TICK: Duration = Duration::from_secs(30);

/// Why the tray's figures are read again.
enum Wake {
    /// Something changed (sessions, platform, presenting, language, a refresh that failed).
    Changed,
    /// A balance was read: the low-balance watch looks at it.
    Balance { session_id: String, team_name: Option<String>, balance: TrayBalance },
}

/// The tray's state, managed once the core started.
pub struct TrayState {
    wake: mpsc::UnboundedSender<Wake>,
    /// The desktop shows the tray: the library loaded and a StatusNotifierWatcher is there.
    shown: AtomicBool,
    icon: Mutex<Option<TrayIcon>>,
}

impl TrayState {
    pub fn shown(&self) -> bool {
        self.shown.load(Ordering::Relaxed)
    }
}

/// Whether the desktop shows the tray (for Settings); `false` when it never started.
pub fn shown<R: tauri::Runtime>(app: &AppHandle<R>) -> bool {
    app.try_state::<TrayState>().is_some_and(|t| t.shown())
}

/// Something the tray shows changed outside the core's events (Presenting mode, language).
pub fn changed<R: tauri::Runtime>(app: &AppHandle<R>) {
    if let Some(tray) = app.try_state::<TrayState>() {
        let _ = tray.wake.send(Wake::Changed);
    }
}

/// Starts the tray: called from `setup` once the core runs.
pub fn start(app: &tauri::App) {
    let (tx, rx) = mpsc::unbounded_channel();
    let hub = app.state::<Arc<AppEventHub>>().inner().clone();
    let events = tx.clone();
    hub.listen(Box::new(move |event| {
        if let Some(wake) = wake_for(event) {
            let _ = events.send(wake);
        }
    }));
    app.manage(TrayState { wake: tx, shown: AtomicBool::new(false), icon: Mutex::new(None) });
    let icon = match build(app.handle()) {
        Ok(icon) => icon,
        Err(why) => {
            tracing::warn!(why, "no tray: the header keeps every figure");
            None
        }
    };
    *app.state::<TrayState>().icon.lock().unwrap_or_else(|p| p.into_inner()) = icon;
    tauri::async_runtime::spawn(run(app.handle().clone(), rx));
}

fn wake_for(event: &AppEvent) -> Option<Wake> {
    match event {
        AppEvent::BalanceChanged { balance } => Some(Wake::Balance {
            session_id: balance.session_id.clone(),
            team_name: match &balance.context {
                xiaoya_core::billing::wire::BillingContext::Personal => None,
                xiaoya_core::billing::wire::BillingContext::Team { team_name, .. } => Some(team_name.clone()),
            },
            balance: TrayBalance {
                spendable: balance.spendable.clone(),
                refreshed_at: balance.refreshed_at,
                low: balance.low,
                low_threshold: balance.low_threshold.clone(),
            },
        }),
        AppEvent::SessionsChanged { .. }
        | AppEvent::SessionEnded { .. }
        | AppEvent::SignedIn { .. }
        | AppEvent::PlatformChanged { .. }
        | AppEvent::ClipSettled { .. } => Some(Wake::Changed),
        AppEvent::SignInFailed { .. } | AppEvent::PlatformBusy { .. } | AppEvent::PlaybackChanged { .. } => {
            None
        }
    }
}

/// The appindicator's library is there (libappindicator-sys panics when it is not, so
/// it is looked for first).
#[cfg(target_os = "linux")]
fn library_present() -> bool {
    ["libayatana-appindicator3.so.1", "libappindicator3.so.1"].iter().any(|name| {
        let Ok(name) = std::ffi::CString::new(*name) else {
            return false;
        };
        #[allow(unsafe_code)]
        // SAFETY: a NUL-terminated name; the handle is only checked, and the library stays
        // loaded for the tray (the same one libappindicator-sys opens).
        let handle = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_LAZY) };
        !handle.is_null()
    })
}

/// A StatusNotifierWatcher owns its name on the session bus: the desktop shows
/// StatusNotifierItems. Without one, libayatana falls back to an XEmbed icon that a
/// desktop without a system tray never shows.
#[cfg(target_os = "linux")]
fn watcher_present() -> bool {
    use gio::glib::variant::ToVariant;
    let bus = match gio::bus_get_sync(gio::BusType::Session, gio::Cancellable::NONE) {
        Ok(bus) => bus,
        Err(err) => {
            tracing::info!(error = %err, "no session bus: no tray");
            return false;
        }
    };
    let answer = bus.call_sync(
        Some("org.freedesktop.DBus"),
        "/org/freedesktop/DBus",
        "org.freedesktop.DBus",
        "NameHasOwner",
        Some(&("org.kde.StatusNotifierWatcher",).to_variant()),
        gio::glib::VariantTy::new("(b)").ok(),
        gio::DBusCallFlags::NONE,
        2000,
        gio::Cancellable::NONE,
    );
    match answer.map(|v| v.get::<(bool,)>()) {
        Ok(Some((owned,))) => owned,
        Ok(None) => false,
        Err(err) => {
            tracing::info!(error = %err, "could not ask the session bus for a tray watcher");
            false
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn library_present() -> bool {
    true
}

#[cfg(not(target_os = "linux"))]
fn watcher_present() -> bool {
    true
}

fn build(app: &AppHandle) -> Result<Option<TrayIcon>, &'static str> {
    if !library_present() {
        return Err("libayatana-appindicator3 is not installed");
    }
    let icon = app.default_window_icon().cloned().ok_or("the app has no icon")?;
    let menu = Menu::new(app).map_err(|_| "could not build the tray menu")?;
    let tray = TrayIconBuilder::with_id(TRAY_ID)
        .icon(icon)
        .title("…")
        .tooltip("Xiaoya Companion")
        .menu(&menu)
        .show_menu_on_left_click(true)
        .on_menu_event(|app, event| clicked(app, event.id().as_ref()))
        .build(app)
        .map_err(|err| {
            tracing::warn!(error = %err, "the tray could not be built");
            "the tray could not be built"
        })?;
    Ok(Some(tray))
}

fn clicked(app: &AppHandle, id: &str) {
    match id {
        OPEN => crate::focus_main_window(app),
        REFRESH => {
            let app = app.clone();
            tauri::async_runtime::spawn(async move { refresh_all(&app).await });
        }
        QUIT => {
            tracing::info!("Quit from the tray");
            app.exit(0);
        }
        other => {
            if let Some(session_id) = other.strip_prefix(PAY_PREFIX) {
                let (app, session_id) = (app.clone(), session_id.to_string());
                tauri::async_runtime::spawn(async move {
                    let Some(state) = app.try_state::<AppState>() else { return };
                    // The same activation as the header's switcher; the core announces it.
                    match state.core.auth().set_active_session(&session_id).await {
                        Ok(_) => tracing::info!("who pays switched from the tray"),
                        Err(err) => tracing::warn!(code = ?err.code(), "who pays not switched from the tray"),
                    }
                    changed(&app);
                });
            }
        }
    }
}

/// Reads every signed-in context's balance again; each reading is announced by the core,
/// and a failed one leaves its figure marked with its age.
async fn refresh_all(app: &AppHandle) {
    let Some(state) = app.try_state::<AppState>() else { return };
    let input = match state.core.billing().tray_input(local_utc_offset_minutes()).await {
        Ok(input) => input,
        Err(err) => {
            tracing::warn!(code = ?err.code(), "tray: the sessions could not be read to refresh");
            return;
        }
    };
    tracing::info!(contexts = input.contexts.len(), "tray: Refresh");
    for context in &input.contexts {
        if let Err(err) = state.core.billing().refresh_balance_of(&context.session_id).await {
            tracing::info!(code = ?err.code(), "tray: a balance could not be refreshed");
        }
    }
    changed(app);
}

/// Minutes east of UTC now, so "spent today" is the person's local day.
#[cfg(target_os = "linux")]
fn local_utc_offset_minutes() -> i32 {
    #[allow(unsafe_code)]
    // SAFETY: `time(NULL)` only returns the clock; `localtime_r` writes into our own `tm`
    // and reads the zone, which this process never changes.
    let offset = unsafe {
        let now = libc::time(std::ptr::null_mut());
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&now, &mut tm).is_null() {
            None
        } else {
            Some(tm.tm_gmtoff)
        }
    };
    match offset {
        Some(seconds) => i32::try_from(seconds / 60).unwrap_or(0),
        None => {
            tracing::warn!("the local time zone could not be read: the tray's \"today\" is the UTC day");
            0
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn local_utc_offset_minutes() -> i32 {
    match time::UtcOffset::current_local_offset() {
        Ok(offset) => i32::from(offset.whole_minutes()),
        Err(_) => {
            tracing::warn!("the local time zone could not be read: the tray's \"today\" is the UTC day");
            0
        }
    }
}

async fn run(app: AppHandle, mut rx: mpsc::UnboundedReceiver<Wake>) {
    let mut watch = LowBalanceWatch::default();
    let mut seeded = false;
    let mut last: Option<TrayView> = None;
    loop {
        // What the app already knew at start is remembered, never announced.
        if !seeded {
            if let Some(state) = app.try_state::<AppState>() {
                if let Ok(input) = state.core.billing().tray_input(local_utc_offset_minutes()).await {
                    for c in &input.contexts {
                        if let Some(b) = &c.balance {
                            watch.seed(&c.session_id, b.low);
                        }
                    }
                    seeded = true;
                }
            }
        }
        update(&app, &mut last).await;
        let first = tokio::select! {
            wake = rx.recv() => match wake {
                Some(wake) => Some(wake),
                None => return,
            },
            () = tokio::time::sleep(TICK) => None,
        };
        // A burst of events (a refresh of every context) makes one update.
        let mut wakes: Vec<Wake> = first.into_iter().collect();
        while let Ok(more) = rx.try_recv() {
            wakes.push(more);
        }
        for wake in wakes {
            if let Wake::Balance { session_id, team_name, balance } = wake {
                if watch.reading(&session_id, balance.low) {
                    notify_low(&app, team_name.as_deref(), &balance).await;
                }
            }
        }
    }
}

async fn notify_low(app: &AppHandle, team_name: Option<&str>, balance: &TrayBalance) {
    let Some(state) = app.try_state::<AppState>() else { return };
    // Nothing pops up over a demo (nor when that can't be read: quiet is the safe side).
    let quiet = state.core.presenting().await.unwrap_or(true) || state.core.platform().replay.is_some();
    if quiet {
        tracing::info!("low balance: no notification while presenting or replaying");
        return;
    }
    let locale = state.core.locale().await.unwrap_or(Locale::En);
    let (title, body) = view::low_balance_message(team_name, balance, locale);
    match app.notification().builder().title(title).body(body).show() {
        Ok(()) => tracing::info!("low balance: desktop notification requested"),
        Err(err) => tracing::warn!(error = %err, "could not show the low-balance notification"),
    }
}

async fn update(app: &AppHandle, last: &mut Option<TrayView>) {
    let Some(state) = app.try_state::<AppState>() else { return };
    let Some(tray) = app.try_state::<TrayState>() else { return };
    let icon = tray.icon.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let Some(icon) = icon else { return };
    let shown = watcher_present();
    if tray.shown.swap(shown, Ordering::Relaxed) != shown {
        tracing::info!(shown, "the desktop's tray");
    }
    let input = match state.core.billing().tray_input(local_utc_offset_minutes()).await {
        Ok(input) => input,
        Err(err) => {
            tracing::warn!(code = ?err.code(), "tray: the figures could not be read");
            return;
        }
    };
    let locale = state.core.locale().await.unwrap_or(Locale::En);
    let now = xiaoya_core::billing::Billing::tray_now();
    let next = view::view(&input, now, locale);
    if last.as_ref() == Some(&next) {
        return;
    }
    if let Err(err) = apply(app, &icon, &next) {
        tracing::warn!(error = %err, "tray: could not be updated");
        return;
    }
    *last = Some(next);
}

fn apply(app: &AppHandle, icon: &TrayIcon, v: &TrayView) -> tauri::Result<()> {
    if !v.visible {
        // Passive: the desktop hides it. Its label and menu hold nothing of the account.
        icon.set_title(None::<&str>)?;
        icon.set_menu(Some(menu(app, v)?))?;
        icon.set_visible(false)?;
        tracing::info!("tray hidden (presenting or replaying)");
        return Ok(());
    }
    icon.set_title(Some(&v.label))?;
    icon.set_tooltip(Some(&v.tooltip))?;
    icon.set_menu(Some(menu(app, v)?))?;
    icon.set_visible(true)?;
    tracing::info!(contexts = v.contexts.len(), "tray updated");
    Ok(())
}

fn info(app: &AppHandle, id: &str, text: &str) -> tauri::Result<MenuItem<Wry>> {
    MenuItem::with_id(app, id, text, false, None::<&str>)
}

fn menu(app: &AppHandle, v: &TrayView) -> tauri::Result<Menu<Wry>> {
    let mut items: Vec<Box<dyn IsMenuItem<Wry>>> = Vec::new();
    if v.visible {
        for (i, line) in v.contexts.iter().enumerate() {
            items.push(Box::new(info(app, &format!("tray.context.{i}"), line)?));
        }
        if !v.payer.is_empty() {
            items.push(Box::new(info(app, "tray.payer", &v.payer)?));
        }
        items.push(Box::new(PredefinedMenuItem::separator(app)?));
        for (i, line) in v.charges.iter().enumerate() {
            items.push(Box::new(info(app, &format!("tray.charge.{i}"), line)?));
        }
        if !v.spent_today.is_empty() {
            items.push(Box::new(info(app, "tray.today", &v.spent_today)?));
        }
        items.push(Box::new(PredefinedMenuItem::separator(app)?));
    }
    items.push(Box::new(MenuItem::with_id(app, OPEN, &v.open_window, true, None::<&str>)?));
    if v.visible {
        items.push(Box::new(MenuItem::with_id(app, REFRESH, &v.refresh, true, None::<&str>)?));
        let mut choices: Vec<Box<dyn IsMenuItem<Wry>>> = Vec::new();
        for s in &v.switch {
            let id = format!("{PAY_PREFIX}{}", s.session_id);
            choices.push(Box::new(CheckMenuItem::with_id(app, id, &s.label, true, s.active, None::<&str>)?));
        }
        let refs: Vec<&dyn IsMenuItem<Wry>> = choices.iter().map(|c| c.as_ref()).collect();
        let switch =
            Submenu::with_id_and_items(app, "tray.switch", &v.switch_title, !refs.is_empty(), &refs)?;
        items.push(Box::new(switch));
    }
    items.push(Box::new(PredefinedMenuItem::separator(app)?));
    items.push(Box::new(MenuItem::with_id(app, QUIT, &v.quit, true, None::<&str>)?));
    let refs: Vec<&dyn IsMenuItem<Wry>> = items.iter().map(|i| i.as_ref()).collect();
    Menu::with_items(app, &refs)
}
