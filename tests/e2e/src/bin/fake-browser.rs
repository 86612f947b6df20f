//! Stands in for the system browser in real-window tests. The app runs it (through
//! `XIAOYA_BROWSER`) with the authorize URL; it records the URL, asks the sandbox for the
//! redirect (in auto-approve mode it comes at once; otherwise, as from the app's built-in
//! sandbox, it presses Allow on the consent page), and hands the callback to the desktop the
//! way a real scheme handler does: by starting a second app instance with the URL.
//!
//! A loopback redirect (`http://127.0.0.1:PORT/…`, RFC 8252 §7.3) is followed the way a
//! browser does: a GET to the app's listener, whose page is saved to `FAKE_BROWSER_PAGE`.
//!
//! Environment: `FAKE_BROWSER_LOG` (a file each authorize URL is appended to),
//! `FAKE_BROWSER_MODE` (`approve`, the default, or `record` to stop after recording),
//! `XIAOYA_APP_BIN` (the app to start with the callback), `FAKE_BROWSER_PAGE` (where the
//! loopback listener's answer is written).

use std::io::Write;
use std::process::{Command, Stdio};

fn main() {
    let Some(url) = std::env::args().nth(1) else {
        eprintln!("fake-browser: no URL");
        std::process::exit(2);
    };
    if let Some(log) = std::env::var_os("FAKE_BROWSER_LOG") {
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(log) {
            let _ = writeln!(f, "{url}");
        }
    }
    if std::env::var("FAKE_BROWSER_MODE").as_deref() == Ok("record") {
        return;
    }
    let location = match follow_once(&url) {
        Ok(location) => location,
        Err(err) => {
            eprintln!("fake-browser: {err}");
            std::process::exit(1);
        }
    };
    if location.starts_with("http://127.0.0.1:") {
        match get_page(&location) {
            Ok(page) => {
                if let Some(path) = std::env::var_os("FAKE_BROWSER_PAGE") {
                    let _ = std::fs::write(path, page);
                }
                return;
            }
            Err(err) => {
                eprintln!("fake-browser: {err}");
                std::process::exit(1);
            }
        }
    }
    let app = std::env::var_os("XIAOYA_APP_BIN").unwrap_or_else(|| "xiaoya-companion".into());
    let status = Command::new(app).arg(&location).stdin(Stdio::null()).stdout(Stdio::null()).status();
    if let Err(err) = status {
        eprintln!("fake-browser: cannot start the app with the callback: {err}");
        std::process::exit(1);
    }
}

/// One GET without following redirects; returns the `Location` it points to.
fn follow_once(url: &str) -> Result<String, String> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    rt.block_on(async {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| e.to_string())?;
        let resp = client.get(url).send().await.map_err(|e| e.to_string())?;
        let status = resp.status();
        let mut location = resp.headers().get("location").and_then(|v| v.to_str().ok()).map(str::to_owned);
        if location.is_none() && status.is_success() {
            // A consent page (a sandbox without auto-approve, such as the app's built-in one):
            // press Allow, as a person does.
            let page = resp.text().await.map_err(|e| e.to_string())?;
            let mut form = xiaoya_sandbox::consent_form_fields(&page)
                .ok_or_else(|| format!("authorize answered {status}: no consent form"))?;
            form.push(("decision".into(), "allow".into()));
            let action = reqwest::Url::parse(url)
                .and_then(|u| u.join("/oauth/authorize"))
                .map_err(|e| e.to_string())?;
            let answer = client.post(action).form(&form).send().await.map_err(|e| e.to_string())?;
            location = answer.headers().get("location").and_then(|v| v.to_str().ok()).map(str::to_owned);
        }
        location.ok_or_else(|| format!("authorize answered {status} without a redirect"))
    })
}

/// What the app's loopback listener answers, status line first.
fn get_page(url: &str) -> Result<String, String> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    rt.block_on(async {
        let resp = reqwest::get(url).await.map_err(|e| e.to_string())?;
        let status = resp.status();
        let body = resp.text().await.map_err(|e| e.to_string())?;
        Ok(format!("{status}\n{body}"))
    })
}
