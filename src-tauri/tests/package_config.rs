//! The package as configured: one version everywhere, icons made from the one source in
//! every size the bundle lists, a `tauri build` whose hooks run where the CLI runs them,
//! and a release build that is only as big as it needs to be (issue 17).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn json(rel: &str) -> serde_json::Value {
    serde_json::from_str(&read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// `version = "…"` in the `[section]` of a Cargo.toml.
fn toml_value(text: &str, section: &str, key: &str) -> Option<String> {
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == format!("[{section}]");
        } else if inside {
            if let Some((k, v)) = line.split_once('=') {
                if k.trim() == key {
                    return Some(v.trim().to_string());
                }
            }
        }
    }
    None
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{} is not a PNG", path.display());
    let be = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (be(16), be(20))
}

#[test]
fn the_version_is_the_same_in_cargo_toml_tauri_conf_and_package_json() {
    let cargo = toml_value(&read("Cargo.toml"), "workspace.package", "version").expect("workspace version");
    let cargo = cargo.trim_matches('"');
    let shell = read("src-tauri/Cargo.toml");
    assert_eq!(
        toml_value(&shell, "package", "version.workspace").as_deref(),
        Some("true"),
        "src-tauri/Cargo.toml takes the workspace version"
    );
    let core = read("src-tauri/core/Cargo.toml");
    assert_eq!(
        toml_value(&core, "package", "version.workspace").as_deref(),
        Some("true"),
        "the core takes the workspace version"
    );
    assert_eq!(json("tauri.conf.json")["version"], cargo, "tauri.conf.json version");
    assert_eq!(json("ui/package.json")["version"], cargo, "ui/package.json version");
    assert_eq!(json("ui/package-lock.json")["version"], cargo, "ui/package-lock.json version");
}

#[test]
fn every_bundle_icon_exists_in_the_size_its_name_says_and_comes_from_icon_png() {
    let conf = json("tauri.conf.json");
    let icons: Vec<&str> =
        conf["bundle"]["icon"].as_array().expect("bundle.icon").iter().filter_map(|v| v.as_str()).collect();
    let source = root().join("icons/icon.png");
    assert_eq!(png_size(&source), (512, 512), "the one source icon");
    let mut sizes = Vec::new();
    for icon in &icons {
        // Paths are relative to src-tauri/ (where the CLI runs).
        let path = root().join("src-tauri").join(icon);
        let (w, h) = png_size(&path);
        assert_eq!(w, h, "{icon} is square");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name != "icon.png" {
            assert_eq!(name, format!("{w}x{h}.png"), "{icon} is {w}×{h}");
        }
        sizes.push(w);
    }
    for needed in [32, 64, 128, 256, 512] {
        assert!(sizes.contains(&needed), "no {needed}px icon in bundle.icon: {icons:?}");
    }
    let script = read("scripts/icons.sh");
    assert!(
        script.contains("icons/icon.png") && script.contains("--png 32,64,128,256"),
        "icons.sh makes them from icon.png"
    );
}

#[test]
fn tauri_build_hooks_point_at_the_ui_from_the_root_where_the_cli_runs_them() {
    // The CLI runs from src-tauri/ (the Cargo package) but runs the hooks in the project
    // root, the folder of the real tauri.conf.json.
    let conf = json("tauri.conf.json");
    for hook in ["beforeBuildCommand", "beforeDevCommand"] {
        let cmd = conf["build"][hook].as_str().unwrap_or_else(|| panic!("{hook}"));
        let prefix = cmd
            .split("--prefix ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .expect("npm --prefix <dir>");
        assert!(
            root().join(prefix).join("package.json").is_file(),
            "{hook} `{cmd}`: no {prefix}/package.json from the root"
        );
    }
    let dist = conf["build"]["frontendDist"].as_str().expect("frontendDist");
    assert_eq!(dist, "../ui/dist", "frontendDist is ui/dist seen from src-tauri/");
    let link = std::fs::read_link(root().join("src-tauri/tauri.conf.json"))
        .expect("src-tauri/tauri.conf.json is a link");
    assert_eq!(link, Path::new("../tauri.conf.json"));
    let package = json("ui/package.json");
    let cli = package["devDependencies"]["@tauri-apps/cli"]
        .as_str()
        .expect("@tauri-apps/cli pinned in devDependencies");
    assert!(
        cli.starts_with("2.") && cli.chars().all(|c| c.is_ascii_digit() || c == '.'),
        "an exact 2.x version, got {cli}"
    );
}

#[test]
fn the_release_build_is_stripped_and_the_library_only_an_rlib() {
    let ws = read("Cargo.toml");
    assert_eq!(toml_value(&ws, "profile.release", "strip").as_deref(), Some("true"));
    // Measured (README): 21.4 MB against 26.5 MB at opt-level 3.
    assert_eq!(toml_value(&ws, "profile.release", "opt-level").as_deref(), Some(r#""s""#));
    let shell = read("src-tauri/Cargo.toml");
    assert_eq!(toml_value(&shell, "lib", "crate-type").as_deref(), Some(r#"["rlib"]"#));
    let rodio = toml_value(&ws, "workspace.dependencies", "rodio").expect("rodio");
    assert!(rodio.contains("default-features = false"), "rodio without its default decoders: {rodio}");
    for feature in ["\"mp3\"", "\"wav\"", "\"playback\""] {
        assert!(rodio.contains(feature), "rodio needs {feature}: {rodio}");
    }
    for unused in ["flac", "vorbis", "mp4", "recording"] {
        assert!(!rodio.contains(unused), "rodio decodes only what the platform serves, not {unused}");
    }
}

#[test]
fn the_agent_check_command_line_ships_in_the_deb_beside_the_app() {
    // tauri.conf.json maps /usr/bin/xiaoya-check to the binary scripts/package.sh builds and
    // stages; scripts/test-package.sh checks the installed one runs.
    let conf = json("tauri.conf.json");
    let source = conf["bundle"]["linux"]["deb"]["files"]["/usr/bin/xiaoya-check"]
        .as_str()
        .expect("bundle.linux.deb.files maps /usr/bin/xiaoya-check");
    assert_eq!(source, "../target/deb-extra/xiaoya-check", "seen from src-tauri/, where the CLI runs");
    let package = read("scripts/package.sh");
    let build = package.find("cargo build --release --locked -p xiaoya-check").expect("package.sh builds it");
    let stage = package.find("\"$root/target/deb-extra/xiaoya-check\"").expect("package.sh stages it");
    let bundle = package.find("build --bundles deb").expect("package.sh bundles");
    assert!(build < stage && stage < bundle, "built and staged before the bundle is made");
    let test = read("scripts/test-package.sh");
    assert!(test.contains("check_bin=/usr/bin/xiaoya-check"), "test-package.sh checks the installed command");
}
