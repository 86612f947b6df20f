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
                let name =
                    sig.split("fn ").nth(1).and_then(|r| r.split(['(', '<']).next()).unwrap_or_default();
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
    let registered: BTreeSet<&str> =
        xiaoya_companion_lib::commands::registry::COMMANDS.iter().map(|c| c.name).collect();
    let capability: serde_json::Value =
        serde_json::from_str(&read("src-tauri/capabilities/main.json")).unwrap();
    let permissions: BTreeSet<String> = capability["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str().map(str::to_owned))
        .collect();
    for name in &commands {
        // The registry makes the invoke handler and build.rs's permissions (command_registry.rs).
        assert!(registered.contains(name.as_str()), "`{name}` is not in commands/list.rs");
        let perm = xiaoya_companion_lib::commands::registry::permission(name);
        assert!(permissions.contains(&perm), "`{perm}` is missing from capabilities/main.json");
    }
    // Nothing granted beyond the app's own commands: not even event listening (app-wide
    // events come on the `app_events` channel), so no script in the webview can listen to a
    // global event such as the deep-link plugin's `deep-link://new-url` (T1).
    for perm in &permissions {
        let ok = perm.starts_with("allow-") && commands.contains(&perm["allow-".len()..].replace('-', "_"));
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

// ---- Added for tests/SECURITY_TESTS.md ----------------------------------------------------

/// Places in UI code that would turn text into markup, run text as code, navigate the
/// webview, or talk to the network: none may appear in `ui/src` (T4, T3).
const UI_FORBIDDEN: [&str; 17] = [
    "dangerouslySetInnerHTML",
    "innerHTML",
    "outerHTML",
    "insertAdjacentHTML",
    "createContextualFragment",
    "document.write",
    "eval(",
    "new Function(",
    "srcdoc",
    "window.open(",
    "location.href",
    "location.assign(",
    "location.replace(",
    "href={",
    "fetch(",
    "XMLHttpRequest",
    "WebSocket(",
];

/// Every forbidden construct in the `.ts`/`.tsx` files under `dir` (generated bindings
/// skipped), as `path: needle`; and every file outside `ipc/` that imports `@tauri-apps`.
fn ui_violations(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "bindings" {
                    stack.push(path);
                }
                continue;
            }
            if !(name.ends_with(".ts") || name.ends_with(".tsx")) {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let rel = path.strip_prefix(dir).unwrap().to_string_lossy().replace('\\', "/");
            for needle in UI_FORBIDDEN {
                let word_start = needle.starts_with(|c: char| c.is_ascii_alphabetic());
                let hit = text.match_indices(needle).any(|(at, _)| {
                    !word_start
                        || !text[..at]
                            .ends_with(|c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '-'))
                });
                if hit {
                    found.push(format!("{rel}: {needle}"));
                }
            }
            if !rel.starts_with("ipc/") && text.contains("@tauri-apps/") {
                found.push(format!("{rel}: imports @tauri-apps outside ui/src/ipc"));
            }
        }
    }
    found.sort();
    found
}

/// Proves T4 (platform and model text rendered as text, links only through the core after
/// a click) for the whole UI, beyond the Markdown renderer's own vitest cases: no HTML sink
/// (`innerHTML`, `dangerouslySetInnerHTML`, …), no dynamic `href`, no `eval`, no
/// navigation API anywhere in `ui/src`; and T3's premise that the webview never talks to
/// the platform: no `fetch`/XHR/WebSocket, `@tauri-apps` imported only by `ui/src/ipc`.
#[test]
fn the_ui_has_no_html_sink_no_navigation_and_no_network_access() {
    let violations = ui_violations(&root().join("ui/src"));
    assert!(violations.is_empty(), "{violations:#?}");
    // The scanner finds what it looks for (checked on a scratch copy, never on ui/src).
    let scratch = std::env::temp_dir().join(format!("xiaoya-ui-scan-{}", std::process::id()));
    std::fs::create_dir_all(scratch.join("features")).unwrap();
    std::fs::write(scratch.join("features/Bad.tsx"), "export const B = (p) => <div dangerouslySetInnerHTML={{ __html: p.t }} />;\nconst r = retrieval(1); fetch(p.url);\nimport { invoke } from \"@tauri-apps/api/core\";\n").unwrap();
    let found = ui_violations(&scratch);
    std::fs::remove_dir_all(&scratch).unwrap();
    assert_eq!(
        found,
        [
            "features/Bad.tsx: dangerouslySetInnerHTML",
            "features/Bad.tsx: fetch(",
            "features/Bad.tsx: imports @tauri-apps outside ui/src/ipc",
        ]
    );
}

/// Proves T5 on the UI side: no shell plugin, and no opener or dialog plugin the page could
/// call. The shell uses `tauri-plugin-opener`'s `reveal_item_in_dir` and the dialog plugin
/// from Rust only ("Show in folder", the save dialog): the opener is never registered as a
/// plugin (so it injects no link handler and serves no command), and the window's
/// capability grants no `opener:` or `dialog:` permission.
#[test]
fn no_shell_plugin_and_no_opener_or_dialog_the_page_can_reach() {
    let package: serde_json::Value = serde_json::from_str(&read("ui/package.json")).unwrap();
    for section in ["dependencies", "devDependencies"] {
        if let Some(deps) = package[section].as_object() {
            for name in deps.keys() {
                assert!(
                    !["@tauri-apps/plugin-shell", "@tauri-apps/plugin-opener", "@tauri-apps/plugin-dialog"]
                        .iter()
                        .any(|p| name.starts_with(p)),
                    "{section} has {name}"
                );
            }
        }
    }
    let lock = read("Cargo.lock");
    assert!(!lock.contains("name = \"tauri-plugin-shell\""), "no shell plugin in the app");
    let shell = read("src-tauri/src/lib.rs");
    assert!(
        !shell.contains("tauri_plugin_opener::init") && !shell.contains("tauri_plugin_opener::Builder"),
        "the opener is not a plugin"
    );
    let capability = read("src-tauri/capabilities/main.json");
    for scope in ["\"opener:", "\"dialog:", "\"shell:", "\"fs:"] {
        assert!(!capability.contains(scope), "the window may not use {scope}");
    }
}

/// Whether the workspace enables single-instance's `deep-link` feature or the lock file
/// links the two plugins.
fn single_instance_broadcasts_deep_links(manifest: &str, lock: &str) -> bool {
    let declared = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("tauri-plugin-single-instance"))
        .is_some_and(|l| l.contains("\"deep-link\""));
    let linked = lock.split("[[package]]").any(|p| {
        p.contains("\nname = \"tauri-plugin-single-instance\"\n") && p.contains("\"tauri-plugin-deep-link\"")
    });
    declared || linked
}

/// P1 and T1: a second instance's command line is handed to the first by single-instance
/// and its callback URL handled in Rust (`deep_links_in` → `deliver_deep_links`). The
/// plugin's `deep-link` feature stays OFF: it would broadcast the URL, authorization code
/// included, as the global event `deep-link://new-url`. (The real-window `sign_in.rs`
/// tests show the hand-over working, `hardening.rs` that the webview cannot listen.)
#[test]
fn single_instance_hands_deep_links_to_rust_without_a_broadcast() {
    let manifest = read("Cargo.toml");
    let lock = read("Cargo.lock");
    assert!(!single_instance_broadcasts_deep_links(&manifest, &lock), "the deep-link feature is off");
    // The check sees the feature when it is there.
    let with = manifest.replace(
        "tauri-plugin-single-instance = \"2\"",
        "tauri-plugin-single-instance = { version = \"2\", features = [\"deep-link\"] }",
    );
    assert_ne!(with, manifest, "the dependency is declared as expected");
    assert!(single_instance_broadcasts_deep_links(&with, &lock));
    let lib = read("src-tauri/src/lib.rs");
    let callback = lib.split("tauri_plugin_single_instance::init(").nth(1).unwrap_or_default();
    let callback = &callback[..callback.find("}))").unwrap_or(0)];
    assert!(
        callback.contains("deep_links_in(&argv)") && callback.contains("deliver_deep_links("),
        "the single-instance callback hands the URL to Rust: {callback}"
    );
}

/// Issue 13 / 17: the shipped app links neither the sandbox's test controls (fault
/// injection, clock, token control, `/__sandbox/*`) nor the LGPL mp3 encoder. Read from the
/// app's own dependency graph, as `tauri build` resolves it (the app package alone, normal
/// dependencies, with the features each crate gets).
#[test]
fn the_shipped_app_has_no_sandbox_controls_and_no_lgpl_encoder() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .current_dir(root())
        .args(["tree", "-p", "xiaoya-companion", "-e", "normal,features", "--prefix", "none", "--offline"])
        .output()
        .expect("cargo tree runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(tree.contains("xiaoya-sandbox"), "the no-account sandbox is part of the app:\n{tree}");
    assert!(!tree.contains("mp3lame"), "the LGPL mp3 encoder is linked into the shipped app");
    for feature in ["xiaoya-sandbox feature \"control\"", "xiaoya-sandbox feature \"mp3\""] {
        assert!(!tree.contains(feature), "{feature} is on in the shipped app");
    }
}

/// TLS goes through the system's OpenSSL (native-tls), which the distribution patches and
/// which reads the system's trust store; no second TLS stack (rustls, ring, a bundled root
/// list) is linked, and the package depends on the system library.
#[test]
fn tls_is_the_systems_openssl_and_the_package_depends_on_it() {
    let lock = read("Cargo.lock");
    for stack in ["rustls", "ring", "webpki-roots"] {
        assert!(!lock.contains(&format!("name = \"{stack}\"\n")), "{stack} is linked");
    }
    assert!(lock.contains("name = \"native-tls\"\n") && lock.contains("name = \"openssl-sys\"\n"));
    let conf: serde_json::Value = serde_json::from_str(&read("tauri.conf.json")).unwrap();
    let depends = conf["bundle"]["linux"]["deb"]["depends"].as_array().cloned().unwrap_or_default();
    assert!(depends.iter().any(|d| d.as_str().is_some_and(|d| d.starts_with("libssl3"))), "{depends:?}");
}
