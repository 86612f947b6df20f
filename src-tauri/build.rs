fn main() {
    // Every app command gets a permission (capabilities/ grants them to the main window).
    let commands = &[
        "app_info",
        "set_locale",
        "set_theme",
        "set_platform",
        "use_sandbox",
        "begin_sign_in",
        "cancel_sign_in",
        "sessions",
        "set_active_session",
        "sign_out",
        "list_teams",
        "sign_in_diagnostics",
    ];
    tauri_build::try_build(
        tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(commands)),
    )
    .expect("failed to run tauri-build");
}
