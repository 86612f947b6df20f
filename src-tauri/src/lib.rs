//! Composition root: plugin order (single-instance first, so a second launch with a
//! deep link hands it over), state built once in `setup`, and the command list.

mod commands;
mod events;

use std::path::PathBuf;

use tauri::{Manager, RunEvent};
use tauri_plugin_deep_link::DeepLinkExt;
use xiaoya_core::host::CoreOptions;
use xiaoya_core::Core;

/// Overrides the data folder (tests give each run its own).
const ENV_DATA_DIR: &str = "XIAOYA_DATA_DIR";

/// The one managed state: cheap handles built once.
pub struct AppState {
    pub core: Core,
    _log_guard: tracing_appender::non_blocking::WorkerGuard,
}

fn data_dir(app: &tauri::App) -> Result<PathBuf, Box<dyn std::error::Error>> {
    match std::env::var_os(ENV_DATA_DIR) {
        Some(dir) if !dir.is_empty() => Ok(PathBuf::from(dir)),
        _ => Ok(app.path().app_data_dir()?),
    }
}

/// Rolling log files in `<data>/logs`, plus stderr. Only stable codes and request ids
/// are logged; never a token, code, verifier or Authorization header.
fn init_logging(dir: &std::path::Path) -> tracing_appender::non_blocking::WorkerGuard {
    use tracing_subscriber::{fmt, prelude::*, EnvFilter};
    let appender = tracing_appender::rolling::daily(dir.join("logs"), "companion.log");
    let (file, guard) = tracing_appender::non_blocking(appender);
    let filter = EnvFilter::try_from_env("XIAOYA_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(fmt::layer().with_writer(std::io::stderr))
        .with(fmt::layer().with_ansi(false).with_writer(file))
        .try_init();
    guard
}

pub(crate) fn focus_main_window(app: &tauri::AppHandle) {
    if let Some(window) = app.get_webview_window("main") {
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
    }
}

fn deliver_deep_links(app: tauri::AppHandle, urls: Vec<String>) {
    tauri::async_runtime::spawn(async move {
        let Some(state) = app.try_state::<AppState>() else { return };
        for url in urls {
            commands::auth::handle_deep_link(&app, &state, &url).await;
        }
    });
}

pub fn run() {
    let app = tauri::Builder::default()
        // Must be first: a second instance started with a deep link forwards it and exits.
        .plugin(tauri_plugin_single_instance::init(|app, _argv, _cwd| focus_main_window(app)))
        .plugin(tauri_plugin_deep_link::init())
        .setup(|app| {
            let dir = data_dir(app)?;
            std::fs::create_dir_all(&dir)?;
            let guard = init_logging(&dir);
            let version = app.package_info().version.to_string();
            let core = tauri::async_runtime::block_on(Core::start(CoreOptions::from_process_env(dir, version)))?;
            app.manage(AppState { core, _log_guard: guard });

            #[cfg(any(target_os = "linux", all(debug_assertions, windows)))]
            if let Err(err) = app.deep_link().register_all() {
                tracing::warn!(error = %err, "could not register the deep-link handler");
            }
            let handle = app.handle().clone();
            app.deep_link().on_open_url(move |event| {
                // The URL may carry an authorization code: never log it.
                let urls: Vec<String> = event.urls().iter().map(|u| u.to_string()).collect();
                tracing::info!(count = urls.len(), "deep link received");
                focus_main_window(&handle);
                deliver_deep_links(handle.clone(), urls);
            });
            // Cold start: the OS started us with the callback URL.
            if let Ok(Some(urls)) = app.deep_link().get_current() {
                deliver_deep_links(app.handle().clone(), urls.iter().map(|u| u.to_string()).collect());
            }
            commands::auth::serve_loopback_sign_ins(app.handle().clone());
            commands::tts::resume_on_start(app.handle().clone());
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::app::app_info,
            commands::app::set_locale,
            commands::app::set_theme,
            commands::app::set_platform,
            commands::app::use_sandbox,
            commands::auth::begin_sign_in,
            commands::auth::cancel_sign_in,
            commands::auth::sessions,
            commands::auth::set_active_session,
            commands::auth::sign_out,
            commands::auth::list_teams,
            commands::auth::sign_in_diagnostics,
            commands::auth::dismiss_session_notice,
            commands::billing::refresh_balance,
            commands::billing::last_balance,
            commands::billing::personal_usage,
            commands::billing::team_context,
            commands::billing::points_ledger,
            commands::billing::balance_changes,
            commands::billing::spending_chart,
            commands::billing::billing_settings,
            commands::billing::set_low_balance_threshold,
            commands::billing::balance_check,
            commands::models::models_catalog,
            commands::models::models_compare,
            commands::chat::chat_check_options,
            commands::chat::chat_conversations,
            commands::chat::chat_conversation,
            commands::chat::chat_send,
            commands::chat::chat_retry,
            commands::chat::chat_regenerate,
            commands::chat::chat_edit_resend,
            commands::chat::chat_stop,
            commands::chat::chat_delete_message,
            commands::chat::chat_delete_conversation,
            commands::chat::chat_export,
            commands::chat::chat_settings,
            commands::chat::chat_usage_hint,
            commands::chat::set_chat_workflow_version,
            commands::chat::open_external_link,
            commands::tts::tts_catalog,
            commands::tts::tts_estimate,
            commands::tts::tts_compare_quote,
            commands::tts::synthesize_speech,
            commands::tts::retry_clip,
            commands::tts::tts_clips,
            commands::tts::tts_clip,
            commands::tts::tts_totals,
            commands::tts::export_clip,
            commands::tts::delete_clip,
            commands::tts::open_voice_library,
            commands::audio::play_clip,
            commands::audio::pause_playback,
            commands::audio::resume_playback,
            commands::audio::stop_playback,
            commands::audio::seek_playback,
            commands::audio::set_playback_volume,
            commands::audio::playback_state,
            commands::check::platform_check,
            commands::check::platform_check_quote,
            commands::check::platform_check_billable,
            commands::check::platform_check_export,
        ])
        .build(tauri::generate_context!())
        .expect("error while building Xiaoya Companion");

    app.run(|handle, event| {
        if let RunEvent::Exit = event {
            if let Some(state) = handle.try_state::<AppState>() {
                tauri::async_runtime::block_on(state.core.shutdown());
            }
        }
    });
}
