//! App-wide commands: identity, language, theme and which platform to talk to.

use tauri::ipc::Channel;
use tauri::State;
use xiaoya_core::wire::{AppInfo, Locale, PlatformInfo, PlatformSettingsInput, ThemePreference};

use super::CmdResult;
use crate::events::{emit, AppEvent, AppEventHub};
use crate::AppState;

/// The page subscribes to app-wide events (see `events.rs`: a channel, never a global
/// event the webview could listen to).
#[tauri::command]
pub async fn app_events(hub: State<'_, AppEventHub>, on_event: Channel<AppEvent>) -> CmdResult<()> {
    hub.subscribe(on_event);
    Ok(())
}

/// The commit this binary was built from (build.rs), for About.
const BUILD_COMMIT: &str = env!("XIAOYA_COMMIT");

/// The core knows the version; the commit is the shell's build.
fn with_commit(info: AppInfo) -> AppInfo {
    AppInfo { commit: BUILD_COMMIT.to_string(), ..info }
}

/// The first call the window makes: if the core could not start, it answers with why.
#[tauri::command]
pub async fn app_info(app: tauri::AppHandle) -> CmdResult<AppInfo> {
    use tauri::Manager;
    match app.try_state::<AppState>() {
        Some(state) => Ok(with_commit(state.core.app_info().await?)),
        None => Err(app.try_state::<crate::StartupFailure>().map(|f| f.0.clone()).unwrap_or_else(|| {
            xiaoya_core::IpcError::from(xiaoya_core::Error::Internal("the app has not started".into()))
        })),
    }
}

#[tauri::command]
pub async fn set_locale(state: State<'_, AppState>, locale: Locale) -> CmdResult<AppInfo> {
    Ok(with_commit(state.core.set_locale(locale).await?))
}

#[tauri::command]
pub async fn set_theme(state: State<'_, AppState>, theme: ThemePreference) -> CmdResult<AppInfo> {
    Ok(with_commit(state.core.set_theme(theme).await?))
}

#[tauri::command]
pub async fn set_platform(
    app: tauri::AppHandle,
    state: State<'_, AppState>,
    input: PlatformSettingsInput,
) -> CmdResult<PlatformInfo> {
    let info = state.core.set_platform(input).await?;
    emit(&app, AppEvent::PlatformChanged { platform: info.clone() });
    Ok(info)
}

#[tauri::command]
pub async fn use_sandbox(app: tauri::AppHandle, state: State<'_, AppState>) -> CmdResult<PlatformInfo> {
    let info = state.core.use_sandbox().await?;
    emit(&app, AppEvent::PlatformChanged { platform: info.clone() });
    Ok(info)
}
