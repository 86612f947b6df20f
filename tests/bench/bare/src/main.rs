//! The baseline of `scripts/bench-app.sh`: one Tauri 2 window showing a static page, with the
//! same tauri version and window size as the app and nothing else.
//!
//! `BENCH_PAGE_DIR=dir` makes it show `dir/index.html` instead, served from disk through a
//! custom scheme as the app's own pages are served, with no script of Tauri's: how the bench
//! measures what a given static page costs to paint (the app's first frame, frozen as markup
//! and CSS, by `scripts/bench-floor.sh`).
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::path::{Path, PathBuf};

fn main() {
    let page_dir = std::env::var_os("BENCH_PAGE_DIR").map(PathBuf::from);
    let mut builder = tauri::Builder::default();
    if let Some(dir) = page_dir.clone() {
        builder = builder
            .register_uri_scheme_protocol("page", move |_ctx, request| serve(&dir, request.uri().path()));
    }
    let built = builder
        .setup(move |app| {
            let mut config = app.config().app.windows[0].clone();
            if page_dir.is_some() {
                let url = if cfg!(windows) {
                    "http://page.localhost/index.html"
                } else {
                    "page://localhost/index.html"
                };
                config.url = tauri::WebviewUrl::External(url.parse()?);
            }
            tauri::WebviewWindowBuilder::from_config(app.handle(), &config)?.build()?;
            Ok(())
        })
        .run(tauri::generate_context!());
    if let Err(err) = built {
        eprintln!("bare window failed: {err}");
        std::process::exit(1);
    }
}

fn serve(dir: &Path, path: &str) -> tauri::http::Response<Vec<u8>> {
    let relative = path.trim_start_matches('/');
    let file = dir.join(if relative.is_empty() { "index.html" } else { relative });
    let kind = match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html",
        Some("css") => "text/css",
        Some("js") => "text/javascript",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("woff2") => "font/woff2",
        _ => "application/octet-stream",
    };
    let inside = file.canonicalize().ok().filter(|f| dir.canonicalize().is_ok_and(|d| f.starts_with(d)));
    match inside.and_then(|f| std::fs::read(f).ok()) {
        Some(body) => tauri::http::Response::builder().header("Content-Type", kind).body(body),
        None => tauri::http::Response::builder().status(404).body(Vec::new()),
    }
    .unwrap_or_else(|_| tauri::http::Response::new(Vec::new()))
}
