//! The baseline of `scripts/bench-app.sh`: one Tauri 2 window showing a static page, with the
//! same tauri version and window size as the app and nothing else.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    if let Err(err) = tauri::Builder::default().run(tauri::generate_context!()) {
        eprintln!("bare window failed: {err}");
        std::process::exit(1);
    }
}
