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

/// The command names, from the one list the app's invoke handler is also made from.
macro_rules! commands {
    ($( $(#[doc = $doc:literal])* $module:ident :: $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) -> $ret:ty ; )*) => {
        const COMMANDS: &[&str] = &[$(stringify!($name)),*];
    };
}

include!("src/commands/list.rs");

fn main() {
    embed_commit();
    // Every app command gets a permission (capabilities/ grants them to the main window).
    println!("cargo:rerun-if-changed=src/commands/list.rs");
    tauri_build::try_build(
        tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)),
    )
    .expect("failed to run tauri-build");
}
