//! Native dialogs of the app's own (GTK's file chooser), answered through xdotool on the
//! test's X display.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::{screenshot_dir, AppWindow, TestResult};

impl AppWindow {
    /// Answers the system's save dialog (GTK's file chooser, a real X window next to the
    /// app's) as a person would: focuses it, selects the suggested name, types the whole
    /// path and presses Enter. Returns the dialog's title and the name it suggested.
    pub async fn answer_save_dialog(&self, path: &Path) -> TestResult<(String, String)> {
        let window = wait_for_save_dialog().await?;
        let title = xdotool(&["getwindowname", &window])?;
        xdotool(&["windowfocus", "--sync", &window])?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        // The whole screen, dialog included (WebDriver sees only the page).
        let _ = std::process::Command::new("import")
            .args(["-window", "root", &screenshot_dir().join("save-dialog.png").display().to_string()])
            .status();
        // What the name field holds before typing: the suggested name (copied through the
        // X clipboard as a person's Ctrl+C would, then read back with xclip).
        xdotool(&["key", "--clearmodifiers", "ctrl+a"])?;
        xdotool(&["key", "--clearmodifiers", "ctrl+c"])?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        let suggested = std::process::Command::new("xclip")
            .args(["-selection", "clipboard", "-o"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        xdotool(&["key", "--clearmodifiers", "ctrl+a"])?;
        xdotool(&["type", "--delay", "15", &path.display().to_string()])?;
        tokio::time::sleep(Duration::from_millis(200)).await;
        xdotool(&["key", "--clearmodifiers", "Return"])?;
        Ok((title.trim().to_owned(), suggested.trim().to_owned()))
    }

    /// Closes the system's save dialog with Escape, as a person who changed their mind.
    pub async fn cancel_save_dialog(&self) -> TestResult<String> {
        let window = wait_for_save_dialog().await?;
        let title = xdotool(&["getwindowname", &window])?;
        xdotool(&["windowfocus", "--sync", &window])?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        xdotool(&["key", "--clearmodifiers", "Escape"])?;
        Ok(title.trim().to_owned())
    }
}

/// Runs xdotool against the test's X display; its standard output, or why it failed.
fn xdotool(args: &[&str]) -> TestResult<String> {
    let out = std::process::Command::new("xdotool").args(args).output().map_err(|e| {
        format!("xdotool is needed to answer the save dialog (scripts/bootstrap.sh installs it): {e}")
    })?;
    if !out.status.success() {
        return Err(format!("xdotool {args:?} failed: {}", String::from_utf8_lossy(&out.stderr)).into());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The titles the app gives its save dialogs (`src-tauri/src/files.rs`), in both languages.
const SAVE_DIALOG_TITLES: &str =
    "^(Save clip|Save as Markdown|Save as JSON|Save as CSV|Save recording|保存音频|另存为 Markdown|另存为 JSON|另存为 CSV|保存录制)$";

/// Waits (up to 15 s) for a visible save dialog; its X window id.
async fn wait_for_save_dialog() -> TestResult<String> {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let found = std::process::Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", SAVE_DIALOG_TITLES])
            .output()
            .map_err(|e| {
                format!("xdotool is needed to answer the save dialog (scripts/bootstrap.sh installs it): {e}")
            })?;
        if let Some(id) =
            String::from_utf8_lossy(&found.stdout).lines().next().filter(|l| !l.trim().is_empty())
        {
            return Ok(id.trim().to_owned());
        }
        if Instant::now() > deadline {
            return Err("no save dialog appeared within 15 s".into());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
