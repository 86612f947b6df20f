//! Opens the authorize page in the system browser, from Rust (A1): never a webview.

use std::process::{Command, Stdio};

use url::Url;

/// Runs this command with the URL as its only argument instead of the desktop's
/// default browser (for kiosks and for the real-window tests).
pub const ENV_BROWSER: &str = "XIAOYA_BROWSER";

pub trait Browser: Send + Sync {
    fn open(&self, url: &Url) -> std::io::Result<()>;
}

/// The desktop's default browser.
pub struct SystemBrowser {
    command: Option<String>,
}

impl SystemBrowser {
    pub fn from_env(env: &dyn Fn(&str) -> Option<String>) -> Self {
        SystemBrowser { command: env(ENV_BROWSER).filter(|c| !c.trim().is_empty()) }
    }
}

fn spawn(program: &str, args: &[&str]) -> std::io::Result<()> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()?;
    // Reap it in the background so no zombie is left.
    std::thread::spawn(move || {
        let _ = child.wait();
    });
    Ok(())
}

impl Browser for SystemBrowser {
    fn open(&self, url: &Url) -> std::io::Result<()> {
        let url = url.as_str();
        if let Some(cmd) = &self.command {
            return spawn(cmd, &[url]);
        }
        if cfg!(target_os = "macos") {
            spawn("open", &[url])
        } else if cfg!(windows) {
            spawn("rundll32", &["url.dll,FileProtocolHandler", url])
        } else {
            // Debian's xdg-open is fine for http(s) URLs; gio is the fallback.
            spawn("xdg-open", &[url]).or_else(|_| spawn("gio", &["open", url]))
        }
    }
}
