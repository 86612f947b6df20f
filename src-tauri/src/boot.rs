//! The window's first frame. The core's `BootState` (the app info and a snapshot of the
//! sessions) goes to the page as an initialization script, which WebKit runs before any of
//! the page's own script, so the first paint is the real screen. Without it the page
//! painted a loading skeleton, then the whole shell again once `app_info` and `sessions`
//! answered, ~180 ms later on a quiet machine (README, Benchmarks).
//!
//! Nothing in it is a credential: no token, code or verifier is part of `BootState`. If it
//! can't be read, the window gets no script and the page asks the core as before.

use xiaoya_core::wire::BootState;
use xiaoya_core::Core;

use crate::commands::app::with_commit;

/// The global the page reads once (`ui/src/app/boot.ts`).
pub const BOOT_GLOBAL: &str = "__XIAOYA_BOOT__";

/// The initialization script for this start, or None when the state can't be read.
pub fn script(core: &Core) -> Option<String> {
    match tauri::async_runtime::block_on(core.boot_state()) {
        Ok(state) => script_for(&BootState { app_info: with_commit(state.app_info), ..state }),
        Err(err) => {
            tracing::warn!(error = %err, code = ?err.code(), "no first-frame state; the page will ask");
            None
        }
    }
}

/// `window.__XIAOYA_BOOT__ = <JSON>;`. JSON is a JavaScript expression (U+2028 and U+2029
/// included, since ES2019), and the script is never part of an HTML document, so the
/// serialized text needs no further escaping.
fn script_for(state: &BootState) -> Option<String> {
    match serde_json::to_string(state) {
        Ok(json) => Some(format!("window.{BOOT_GLOBAL} = {json};")),
        Err(err) => {
            tracing::warn!(error = %err, "the first-frame state did not serialize; the page will ask");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use xiaoya_core::auth::wire::SessionsView;
    use xiaoya_core::wire::{AppInfo, Locale, PlatformInfo, PlatformMode, ThemePreference};

    use super::*;

    #[test]
    fn the_script_assigns_the_state_as_json_the_page_can_read_back() {
        // A name as a platform may send it: quotes, a closing tag, line separators.
        let odd = "Ann \"A\" </script>\u{2028}\u{2029}";
        let platform = PlatformInfo {
            mode: PlatformMode::Sandbox,
            origin: "http://127.0.0.1:1".into(),
            client_id: odd.into(),
            redirect_uri: "xiaoya-companion://oauth/callback".into(),
            replay: None,
        };
        let state = BootState {
            boot_id: "b1".into(),
            app_info: AppInfo {
                version: "0.1.0".into(),
                commit: "abc".into(),
                platform,
                locale: Locale::ZhCn,
                theme: ThemePreference::Dark,
                presenting: xiaoya_core::wire::PresentingView { on: false, scale: 125, literals: Vec::new() },
                database_set_aside: None,
            },
            sessions: SessionsView {
                sessions: Vec::new(),
                active_id: None,
                sign_in_pending: false,
                pending_redirect_uri: None,
                expired_sign_in: None,
                ended: Vec::new(),
                payer_not_chosen: false,
            },
        };
        let script = script_for(&state).expect("script");
        let json = script
            .strip_prefix("window.__XIAOYA_BOOT__ = ")
            .and_then(|s| s.strip_suffix(';'))
            .expect("one assignment");
        let back: serde_json::Value = serde_json::from_str(json).expect("JSON");
        assert_eq!(back["bootId"], "b1");
        assert_eq!(back["appInfo"]["theme"], "dark");
        assert_eq!(back["appInfo"]["locale"], "zh-CN");
        assert_eq!(back["appInfo"]["platform"]["clientId"], odd);
        assert!(back["sessions"]["sessions"].as_array().is_some_and(|s| s.is_empty()));
    }
}
