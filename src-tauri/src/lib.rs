//! Composition root: plugin order (single-instance first, so a second launch with a
//! deep link hands it over), state built once in `setup`, and the command list.

pub mod boot;
pub mod commands;
pub mod events;
pub mod files;
pub mod hardening;
pub mod navigation;
mod notify;

pub mod rendering;
mod startup;
pub mod tray;
mod window_state;

use std::path::PathBuf;
use std::sync::Arc;

use tauri::webview::{NewWindowResponse, PageLoadEvent};
use tauri::{Manager, RunEvent};
use tauri_plugin_deep_link::DeepLinkExt;
use xiaoya_core::host::CoreOptions;
use xiaoya_core::Core;

/// The app's own deep-link scheme (tauri.conf.json `plugins.deep-link`).
const DEEP_LINK_SCHEME: &str = "xiaoya-companion";

/// Overrides the data folder (tests give each run its own).
const ENV_DATA_DIR: &str = "XIAOYA_DATA_DIR";

/// The one managed state: cheap handles built once.
pub struct AppState {
    pub core: Core,
    _log_guard: Option<tracing_appender::non_blocking::WorkerGuard>,
}

impl AppState {
    /// The state around a started core (the command tests build one; the app's also keeps
    /// its log writer alive).
    pub fn new(core: Core) -> Self {
        AppState { core, _log_guard: None }
    }
}

/// Why the core could not start, kept so the window can say it (`app_info` answers with
/// it) instead of the app failing before any window exists.
pub struct StartupFailure(pub xiaoya_core::IpcError);

fn data_dir(app: &tauri::App) -> Result<PathBuf, xiaoya_core::Error> {
    match std::env::var_os(ENV_DATA_DIR) {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => app.path().app_data_dir().map_err(|e| xiaoya_core::Error::DataFolder(std::io::Error::other(e))),
    }
}

/// Everything that builds the state; a failure here is shown in the window.
fn start_core(app: &tauri::App) -> Result<AppState, xiaoya_core::Error> {
    let dir = data_dir(app)?;
    std::fs::create_dir_all(&dir).map_err(xiaoya_core::Error::DataFolder)?;
    let guard = init_logging(&dir);
    #[cfg(target_os = "linux")]
    {
        let (dumpable, soft, hard) = hardening::core_dump_state();
        tracing::info!(dumpable, core_soft = soft, core_hard = hard, "core dumps");
    }
    let version = app.package_info().version.to_string();
    let events = app.state::<Arc<events::AppEventHub>>().inner().clone();
    let options = CoreOptions { events, ..CoreOptions::from_process_env(dir, version) };
    let core = tauri::async_runtime::block_on(Core::start(options))?;
    Ok(AppState { core, _log_guard: Some(guard) })
}

/// Rolling log files in `<data>/logs`, plus stderr. Only stable codes and request ids
/// are logged; never a token, code, verifier or Authorization header.
/// Files older than 14 days are deleted first (`xiaoya_core::foundation::logs`).
fn init_logging(dir: &std::path::Path) -> tracing_appender::non_blocking::WorkerGuard {
    use tracing_subscriber::{fmt, prelude::*, EnvFilter};
    let logs = dir.join("logs");
    let pruned = xiaoya_core::foundation::logs::prune_old_logs(&logs, time::OffsetDateTime::now_utc().date());
    let appender = tracing_appender::rolling::Builder::new()
        .rotation(tracing_appender::rolling::Rotation::DAILY)
        .filename_prefix(xiaoya_core::foundation::logs::LOG_FILE_PREFIX)
        // Also while running for weeks: tracing-appender prunes when it rolls over.
        .max_log_files(xiaoya_core::foundation::logs::LOG_RETENTION_DAYS as usize)
        .build(&logs);
    // A log folder that cannot be made: stderr only.
    let (file, guard) = match appender {
        Ok(appender) => tracing_appender::non_blocking(appender),
        Err(_) => tracing_appender::non_blocking(std::io::sink()),
    };
    let filter = EnvFilter::try_from_env("XIAOYA_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(fmt::layer().with_writer(std::io::stderr))
        .with(fmt::layer().with_ansi(false).with_writer(file))
        .try_init();
    match pruned {
        Ok(n) if n > 0 => tracing::info!(deleted = n, "old log files deleted"),
        Ok(_) => {}
        Err(err) => tracing::warn!(error = %err, "could not delete old log files"),
    }
    guard
}

/// Deep links in a command line (a second instance started by the desktop with the
/// callback URL): only URLs of the app's own scheme.
fn deep_links_in(argv: &[String]) -> Vec<String> {
    argv.iter()
        .skip(1)
        .filter(|a| tauri::Url::parse(a).is_ok_and(|u| u.scheme() == DEEP_LINK_SCHEME))
        .cloned()
        .collect()
}

pub(crate) fn focus_main_window(app: &tauri::AppHandle) {
    if let Some(window) = app.get_webview_window("main") {
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
    }
}

/// The main window (tauri.conf.json `create: false`), built here so it gets the
/// navigation guard: it stays on the app's own origin and opens no other window. With
/// `first_frame` (`boot::script`), the page's first render already has the app's state.
fn open_main_window(app: &tauri::App, first_frame: Option<String>) -> tauri::Result<()> {
    let config = app
        .config()
        .app
        .windows
        .iter()
        .find(|w| w.label == "main")
        .cloned()
        .ok_or_else(|| tauri::Error::WindowNotFound)?;
    let mut builder = tauri::WebviewWindowBuilder::from_config(app.handle(), &config)?;
    if let Some(script) = first_frame {
        builder = builder.initialization_script(script);
    }
    builder
        .on_navigation(|url| {
            let allowed = navigation::is_app_url(url);
            if !allowed {
                tracing::warn!(scheme = url.scheme(), "navigation away from the app refused");
            }
            allowed
        })
        .on_new_window(|url, _features| {
            tracing::warn!(scheme = url.scheme(), "a page asked for a new window: refused");
            NewWindowResponse::Deny
        })
        .build()?;
    Ok(())
}

pub fn run() {
    // Before anything holds a secret.
    if let Err(err) = hardening::disable_core_dumps() {
        eprintln!("warning: could not disable core dumps: {err}");
    }
    let built = tauri::Builder::default()
        // Must be first: a second instance started with a deep link forwards its command
        // line and exits. The URL is handled here, in Rust; it is never broadcast as an
        // event (the plugin's `deep-link` feature would emit it to every listener).
        .plugin(tauri_plugin_single_instance::init(|app, argv, _cwd| {
            focus_main_window(app);
            let urls = deep_links_in(&argv);
            if !urls.is_empty() {
                tracing::info!(count = urls.len(), "deep link handed over by a second instance");
                startup::deliver_deep_links(app.clone(), urls);
            }
        }))
        .plugin(tauri_plugin_deep_link::init())
        // Window size and position kept between runs (in the config folder, restored when
        // the main window is built in `setup`).
        .plugin(tauri_plugin_window_state::Builder::default().build())
        .plugin(tauri_plugin_notification::init())
        // The save dialog, used from Rust only: the window's capability grants no `dialog:`
        // permission, so no script can open one or read what it picked.
        .plugin(tauri_plugin_dialog::init())
        .manage(files::SavedFiles::default())
        .on_window_event(|window, event| {
            if matches!(event, tauri::WindowEvent::Resized(_) | tauri::WindowEvent::Moved(_)) {
                window_state::changed(window.app_handle());
            }
        })
        .manage(Arc::new(events::AppEventHub::default()))
        .on_page_load(|webview, payload| {
            if payload.event() == PageLoadEvent::Started {
                if let Some(hub) = webview.try_state::<Arc<events::AppEventHub>>() {
                    hub.clear();
                }
            }
        })
        .setup(|app| {
            match start_core(app) {
                Ok(state) => {
                    // Read before the window exists, so its first frame is the real screen.
                    let first_frame = boot::script(&state.core);
                    // The notice of a set-aside database offers "Show in folder" for the old file.
                    if let Some(moved) = state.core.database_set_aside() {
                        app.state::<files::SavedFiles>().remember(PathBuf::from(moved.moved_to));
                    }
                    app.manage(state);
                    open_main_window(app, first_frame)?;
                }
                Err(err) => {
                    // The window opens anyway and says why (a damaged database never gets
                    // here: it is moved aside in the core).
                    tracing::error!(error = %err, code = ?err.code(), "the app could not start");
                    eprintln!("Xiaoya Companion could not start: {err}");
                    app.manage(StartupFailure(xiaoya_core::IpcError::from(&err)));
                    open_main_window(app, None)?;
                    return Ok(());
                }
            }

            #[cfg(any(target_os = "linux", all(debug_assertions, windows)))]
            if let Err(err) = app.deep_link().register_all() {
                tracing::warn!(error = %err, "could not register the deep-link handler");
            }
            let handle = app.handle().clone();
            // macOS delivers links to the running app as an "opened" event.
            app.deep_link().on_open_url(move |event| {
                // The URL may carry an authorization code: never log it.
                let urls: Vec<String> = event.urls().iter().map(|u| u.to_string()).collect();
                tracing::info!(count = urls.len(), "deep link received");
                focus_main_window(&handle);
                startup::deliver_deep_links(handle.clone(), urls);
            });
            // Cold start: the OS started us with the callback URL.
            if let Ok(Some(urls)) = app.deep_link().get_current() {
                startup::deliver_deep_links(
                    app.handle().clone(),
                    urls.iter().map(|u| u.to_string()).collect(),
                );
            }
            tray::start(app);
            startup::serve_loopback_sign_ins(app.handle().clone());
            startup::resume_on_start(app.handle().clone());
            Ok(())
        })
        .invoke_handler(commands::registry::invoke_handler())
        .build(tauri::generate_context!());
    // A start that fails says why and exits, instead of a panic with no message.
    let app = match built {
        Ok(app) => app,
        Err(err) => {
            tracing::error!(error = %err, "Xiaoya Companion could not start");
            eprintln!("Xiaoya Companion could not start: {err}");
            std::process::exit(1);
        }
    };

    app.run(|handle, event| {
        if let RunEvent::Exit = event {
            if let Some(state) = handle.try_state::<AppState>() {
                tauri::async_runtime::block_on(state.core.shutdown());
            }
        }
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_urls_of_the_apps_scheme_are_taken_from_a_command_line() {
        let argv = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            super::deep_links_in(&argv(&[
                "xiaoya-companion",
                "xiaoya-companion://oauth/callback?code=c&state=s"
            ])),
            ["xiaoya-companion://oauth/callback?code=c&state=s"]
        );
        assert!(
            super::deep_links_in(&argv(&["xiaoya-companion://oauth/callback?code=c"])).is_empty(),
            "argv[0] is the program"
        );
        assert!(super::deep_links_in(&argv(&["app", "https://example.com/", "--flag", "/tmp/x"])).is_empty());
    }
}
