//! The main window only ever shows the app itself: a navigation anywhere else (a link,
//! `location = …`, a form) is refused, and no page may open a new window. Links to the
//! outside go to the system browser through the `open_external_link` command.

use tauri::Url;

/// Whether `url` is the app's own origin (the embedded UI), where the window may go.
pub fn is_app_url(url: &Url) -> bool {
    match (url.scheme(), url.host_str()) {
        // Linux and macOS serve the embedded UI here; Windows (and Android) use http(s).
        ("tauri", Some("localhost")) => true,
        ("http" | "https", Some("tauri.localhost")) => true,
        ("about", _) => url.as_str() == "about:blank",
        // `tauri dev` (no embedded UI) loads the Vite dev server.
        ("http", Some("localhost")) => cfg!(not(feature = "custom-protocol")) && url.port() == Some(5173),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(u: &str) -> bool {
        is_app_url(&Url::parse(u).unwrap())
    }

    #[test]
    fn only_the_apps_own_origin_is_allowed() {
        assert!(ok("tauri://localhost/"));
        assert!(ok("tauri://localhost/index.html#/voices"));
        assert!(ok("http://tauri.localhost/"));
        assert!(!ok("https://example.com/"));
        assert!(!ok("http://127.0.0.1:8080/oauth/authorize"));
        assert!(!ok("tauri://localhost.example.com/"));
        assert!(!ok("tauri://evil/"));
        assert!(!ok("file:///etc/passwd"));
        assert!(!ok("data:text/html,<script>1</script>"));
        assert!(!ok("javascript:alert(1)"));
        assert!(!ok("about:srcdoc"));
        assert!(!ok("xiaoya-companion://oauth/callback?code=x&state=y"));
    }
}
