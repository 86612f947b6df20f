//! A desktop notification when a long synthesis or comparison finishes while the window is
//! in the background (minimized, hidden or not focused). In front, the window itself says it.

use std::time::{Duration, Instant};

use tauri::{AppHandle, Manager};
use tauri_plugin_notification::NotificationExt;
use xiaoya_core::wire::Locale;

/// Shorter work needs no notification: the user has hardly looked away.
pub const LONG_WORK: Duration = Duration::from_secs(5);

/// What finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    Synthesis,
    Comparison,
}

/// The main window as the desktop shows it when the work finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WindowView {
    pub focused: bool,
    pub visible: bool,
    pub minimized: bool,
}

impl WindowView {
    fn in_background(self) -> bool {
        !self.focused || !self.visible || self.minimized
    }
}

/// The decision: notify only for long work, and only when the window is in the background
/// (no window at all counts as background).
pub fn should_notify(window: Option<WindowView>, elapsed: Duration) -> bool {
    elapsed >= LONG_WORK && window.is_none_or(WindowView::in_background)
}

/// Title and body in the app's language. No text of the user's and no secret.
pub fn message(work: Work, locale: Locale) -> (&'static str, &'static str) {
    match (work, locale) {
        (Work::Synthesis, Locale::En) => ("Speech ready", "Your synthesis has finished."),
        (Work::Synthesis, Locale::ZhCn) => ("语音已就绪", "语音合成已完成。"),
        (Work::Comparison, Locale::En) => ("Comparison ready", "Your model comparison has finished."),
        (Work::Comparison, Locale::ZhCn) => ("对比已就绪", "模型对比已完成。"),
    }
}

fn main_window_view<R: tauri::Runtime>(app: &AppHandle<R>) -> Option<WindowView> {
    let window = app.get_webview_window("main")?;
    Some(WindowView {
        focused: window.is_focused().unwrap_or(false),
        visible: window.is_visible().unwrap_or(false),
        minimized: window.is_minimized().unwrap_or(false),
    })
}

/// Called when `work` started at `started` has finished (successfully or not).
pub async fn finished<R: tauri::Runtime>(app: &AppHandle<R>, work: Work, started: Instant) {
    if !should_notify(main_window_view(app), started.elapsed()) {
        return;
    }
    let locale = match app.try_state::<crate::AppState>() {
        Some(state) => {
            // Presenting: no desktop notification may pop up over the demo (nor when the
            // setting can't be read: quiet is the safe side).
            if state.core.presenting().await.unwrap_or(true) {
                tracing::info!(?work, "background work finished: no notification while presenting");
                return;
            }
            state.core.locale().await.unwrap_or(Locale::En)
        }
        None => Locale::En,
    };
    let (title, body) = message(work, locale);
    match app.notification().builder().title(title).body(body).show() {
        Ok(()) => tracing::info!(?work, "background work finished: desktop notification requested"),
        Err(err) => tracing::warn!(?work, error = %err, "could not show a notification"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRONT: WindowView = WindowView { focused: true, visible: true, minimized: false };

    #[test]
    fn a_long_job_notifies_only_when_the_window_is_in_the_background() {
        let long = LONG_WORK + Duration::from_millis(1);
        assert!(!should_notify(Some(FRONT), long), "in front: the window says it");
        assert!(should_notify(Some(WindowView { focused: false, ..FRONT }), long), "another app in front");
        assert!(should_notify(Some(WindowView { minimized: true, ..FRONT }), long), "minimized");
        assert!(should_notify(Some(WindowView { visible: false, ..FRONT }), long), "hidden");
        assert!(should_notify(None, long), "no window");
    }

    #[test]
    fn a_short_job_never_notifies() {
        let short = LONG_WORK - Duration::from_millis(1);
        assert!(!should_notify(Some(WindowView { focused: false, ..FRONT }), short));
        assert!(!should_notify(None, short));
    }

    #[test]
    fn the_message_is_in_the_apps_language() {
        assert_eq!(message(Work::Synthesis, Locale::En).0, "Speech ready");
        assert_eq!(message(Work::Synthesis, Locale::ZhCn).0, "语音已就绪");
        assert_eq!(message(Work::Comparison, Locale::ZhCn).1, "模型对比已完成。");
    }
}
