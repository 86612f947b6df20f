//! App-wide commands: identity, language, theme and which platform to talk to.

use tauri::ipc::Channel;
use tauri::State;
use xiaoya_core::api::curl::CurlShell;
use xiaoya_core::copied::RequestCopyTarget;
use xiaoya_core::wire::{
    AppInfo, Locale, PlatformInfo, PlatformSettingsInput, Presenting, SandboxReplySpeed, ThemePreference,
};

use super::CmdResult;
use crate::events::{AppEvent, AppEventHub};
use crate::AppState;

/// The page subscribes to app-wide events (see `events.rs`: a channel, never a global
/// event the webview could listen to).
#[tauri::command]
pub async fn app_events(
    hub: State<'_, std::sync::Arc<AppEventHub>>,
    on_event: Channel<AppEvent>,
) -> CmdResult<()> {
    hub.subscribe(on_event);
    Ok(())
}

/// The commit this binary was built from (build.rs), for About.
const BUILD_COMMIT: &str = env!("XIAOYA_COMMIT");

/// The core knows the version; the commit is the shell's build.
pub(crate) fn with_commit(info: AppInfo) -> AppInfo {
    AppInfo { commit: BUILD_COMMIT.to_string(), ..info }
}

/// The first call the window makes: if the core could not start, it answers with why.
#[tauri::command]
pub async fn app_info<R: tauri::Runtime>(app: tauri::AppHandle<R>) -> CmdResult<AppInfo> {
    use tauri::Manager;
    let state = app.try_state::<AppState>().ok_or_else(|| startup_failure(&app))?;
    Ok(with_commit(state.core.app_info().await?))
}

/// Why the core did not start (kept by `setup`).
fn startup_failure<R: tauri::Runtime>(app: &tauri::AppHandle<R>) -> xiaoya_core::IpcError {
    use tauri::Manager;
    app.try_state::<crate::StartupFailure>().map(|f| f.0.clone()).unwrap_or_else(|| {
        xiaoya_core::IpcError::from(xiaoya_core::Error::Invariant("the app has not started"))
    })
}

#[tauri::command]
pub async fn set_locale<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    locale: Locale,
) -> CmdResult<AppInfo> {
    let info = with_commit(state.core.set_locale(locale).await?);
    crate::tray::changed(&app);
    Ok(info)
}

#[tauri::command]
pub async fn set_theme(state: State<'_, AppState>, theme: ThemePreference) -> CmdResult<AppInfo> {
    Ok(with_commit(state.core.set_theme(theme).await?))
}

#[tauri::command]
pub async fn set_presenting<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    presenting: Presenting,
) -> CmdResult<AppInfo> {
    let info = with_commit(state.core.set_presenting(presenting).await?);
    // The tray hides while presenting.
    crate::tray::changed(&app);
    Ok(info)
}

/// Whether the desktop shows the tray (`tray.rs`); Settings says so when it doesn't.
#[tauri::command]
pub async fn tray_shown<R: tauri::Runtime>(app: tauri::AppHandle<R>) -> CmdResult<bool> {
    Ok(crate::tray::shown(&app))
}

/// The core announces the switch (`platformChanged`).
#[tauri::command]
pub async fn set_platform(
    state: State<'_, AppState>,
    input: PlatformSettingsInput,
) -> CmdResult<PlatformInfo> {
    Ok(state.core.set_platform(input).await?)
}

#[tauri::command]
pub async fn use_sandbox(state: State<'_, AppState>) -> CmdResult<PlatformInfo> {
    Ok(state.core.use_sandbox().await?)
}

#[tauri::command]
pub async fn sandbox_reply_speed(state: State<'_, AppState>) -> CmdResult<Option<SandboxReplySpeed>> {
    Ok(state.core.sandbox_reply_speed().await?)
}

#[tauri::command]
pub async fn set_sandbox_reply_speed(
    state: State<'_, AppState>,
    speed: SandboxReplySpeed,
) -> CmdResult<SandboxReplySpeed> {
    Ok(state.core.set_sandbox_reply_speed(speed).await?)
}

/// Only files saved in this run (see `files.rs`).
#[tauri::command]
pub async fn show_in_folder<R: tauri::Runtime>(app: tauri::AppHandle<R>, path: String) -> CmdResult<()> {
    crate::files::show_in_folder(&app, &path).await
}

/// The person read that the database was set aside; later starts don't say it again.
#[tauri::command]
pub async fn dismiss_database_notice(state: State<'_, AppState>) -> CmdResult<()> {
    Ok(state.core.dismiss_database_notice().await?)
}

#[tauri::command]
pub async fn copy_request(
    state: State<'_, AppState>,
    target: RequestCopyTarget,
    shell: CurlShell,
) -> CmdResult<String> {
    Ok(state.core.copy_request(target, shell).await?)
}
