//! The shell's security configuration, checked from the files themselves: every
//! command registered and permitted (T2), CSP and prototype settings (T3), no shell
//! plugin and a current Tauri 2 (T5), the deep-link desktop entry (P1).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Names of every `#[tauri::command]` function under src-tauri/src/commands.
fn declared_commands() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(root().join("src-tauri/src/commands")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if line.trim() == "#[tauri::command]" {
                let sig = lines.next().unwrap_or_default();
                let name = sig.split("fn ").nth(1).and_then(|r| r.split(['(', '<']).next()).unwrap_or_default();
                assert!(!name.is_empty(), "cannot read the command after {line:?}: {sig:?}");
                names.insert(name.trim().to_owned());
            }
        }
    }
    names
}

#[test]
fn every_command_is_registered_declared_and_permitted_for_the_main_window() {
    let commands = declared_commands();
    assert!(commands.contains("app_info"), "found {commands:?}");
    let lib = read("src-tauri/src/lib.rs");
    let build = read("src-tauri/build.rs");
    let capability: serde_json::Value = serde_json::from_str(&read("src-tauri/capabilities/main.json")).unwrap();
    let permissions: BTreeSet<String> = capability["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str().map(str::to_owned))
        .collect();
    for name in &commands {
        assert!(lib.contains(&format!("::{name},")), "`{name}` is not in generate_handler!");
        assert!(build.contains(&format!("\"{name}\"")), "`{name}` has no permission in build.rs");
        let perm = format!("allow-{}", name.replace('_', "-"));
        assert!(permissions.contains(&perm), "`{perm}` is missing from capabilities/main.json");
    }
    // Nothing granted beyond the app's own commands and event listening.
    for perm in &permissions {
        let ok = perm.starts_with("allow-") && commands.contains(&perm["allow-".len()..].replace('-', "_"))
            || perm == "core:event:allow-listen"
            || perm == "core:event:allow-unlisten";
        assert!(ok, "unexpected permission {perm}: explain it in capabilities/README.md and here");
        assert!(!perm.contains("**"), "wildcard scope {perm}");
    }
    assert_eq!(capability["windows"], serde_json::json!(["main"]));
}

#[test]
fn csp_is_strict_and_the_webview_gets_no_global_tauri() {
    let conf: serde_json::Value = serde_json::from_str(&read("tauri.conf.json")).unwrap();
    let app = &conf["app"];
    assert_eq!(app["withGlobalTauri"], false);
    let security = &app["security"];
    assert_eq!(security["freezePrototype"], true);
    let csp = security["csp"].as_object().expect("a CSP object, never null");
    assert_eq!(csp["default-src"], "'self'");
    assert_eq!(csp["script-src"], "'self'", "scripts only from the app");
    let connect = csp["connect-src"].as_str().unwrap();
    for source in connect.split_whitespace() {
        assert!(
            source == "ipc:" || source == "http://ipc.localhost",
            "connect-src allows {source}: the webview never talks to the platform"
        );
    }
    assert_eq!(csp["object-src"], "'none'");
    assert!(!csp.values().any(|v| v.as_str().is_some_and(|s| s.contains("unsafe-eval"))));
}

#[test]
fn no_shell_plugin_and_tauri_is_a_current_2x_release() {
    let lock = read("Cargo.lock");
    assert!(!lock.contains("name = \"tauri-plugin-shell\""), "no shell plugin (T5)");
    let version = lock
        .split("[[package]]")
        .find(|p| p.contains("\nname = \"tauri\"\n"))
        .and_then(|p| p.lines().find(|l| l.starts_with("version = ")))
        .expect("tauri in Cargo.lock");
    let v: Vec<u32> = version
        .trim_start_matches("version = \"")
        .trim_end_matches('"')
        .split('.')
        .filter_map(|x| x.parse().ok())
        .collect();
    // 2.x with the 2024-2025 advisories fixed (the last was fixed in 2.2.x).
    assert!(v[0] == 2 && v[1] >= 3, "tauri {v:?} is older than the supported 2.x line");
}

#[test]
fn the_linux_desktop_entry_passes_the_deep_link_url() {
    let conf: serde_json::Value = serde_json::from_str(&read("tauri.conf.json")).unwrap();
    let template = conf["bundle"]["linux"]["deb"]["desktopTemplate"].as_str().unwrap();
    let entry = std::fs::read_to_string(root().join("src-tauri").join(template)).unwrap();
    let exec = entry.lines().find(|l| l.starts_with("Exec=")).unwrap();
    assert!(exec.ends_with(" %u"), "Exec must pass the URL: {exec}");
    assert!(entry.contains("MimeType=x-scheme-handler/xiaoya-companion;"));
    assert_eq!(conf["plugins"]["deep-link"]["desktop"]["schemes"], serde_json::json!(["xiaoya-companion"]));
}

#[test]
fn single_instance_is_the_first_plugin() {
    let lib = read("src-tauri/src/lib.rs");
    let single = lib.find(".plugin(tauri_plugin_single_instance").expect("single-instance registered");
    let first_plugin = lib.find(".plugin(").unwrap();
    assert_eq!(single, first_plugin, "single-instance must be registered before any other plugin (P1)");
}
