/// The commit the app is built from, shown in About (`XIAOYA_COMMIT`); "unknown" outside git.
fn embed_commit() {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
    };
    let commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=XIAOYA_COMMIT={commit}");
    // Built again when HEAD moves (a commit, a checkout); works in worktrees too.
    for path in ["HEAD", "logs/HEAD"] {
        if let Some(p) = git(&["rev-parse", "--path-format=absolute", "--git-path", path]) {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}

fn main() {
    embed_commit();
    // Every app command gets a permission (capabilities/ grants them to the main window).
    let commands = &[
        "app_info",
        "app_events",
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
        "dismiss_session_notice",
        "refresh_balance",
        "last_balance",
        "personal_usage",
        "team_context",
        "points_ledger",
        "balance_changes",
        "spending_chart",
        "billing_settings",
        "set_low_balance_threshold",
        "balance_check",
        "models_catalog",
        "models_compare",
        "chat_check_options",
        "chat_conversations",
        "chat_conversation",
        "chat_send",
        "chat_retry",
        "chat_regenerate",
        "chat_edit_resend",
        "chat_stop",
        "chat_delete_message",
        "chat_delete_conversation",
        "chat_export",
        "chat_settings",
        "chat_usage_hint",
        "set_chat_workflow_version",
        "open_external_link",
        "tts_catalog",
        "tts_estimate",
        "tts_compare_quote",
        "synthesize_speech",
        "retry_clip",
        "tts_clips",
        "tts_clip",
        "tts_totals",
        "export_clip",
        "delete_clip",
        "open_voice_library",
        "play_clip",
        "pause_playback",
        "resume_playback",
        "stop_playback",
        "seek_playback",
        "set_playback_volume",
        "playback_state",
        "sign_in_link",
        "platform_check",
        "platform_check_quote",
        "platform_check_billable",
        "platform_check_export",
    ];
    tauri_build::try_build(
        tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(commands)),
    )
    .expect("failed to run tauri-build");
}
