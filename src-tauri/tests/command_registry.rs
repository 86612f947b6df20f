//! The command registry (`src-tauri/src/commands/list.rs`) against the command functions
//! themselves, and what is written from it: the typed TypeScript wrappers
//! (`ui/src/ipc/generated.ts`) and the main window's capability. Like the ts-rs bindings,
//! the files are written here and `scripts/test.sh` fails when they differ from the
//! committed ones.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use quote::ToTokens;
use xiaoya_companion_lib::commands::registry::{self, COMMANDS};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `Option < String >` and `Option<String>` are the same type.
fn squash(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A `#[tauri::command]` function as written: module, its page-visible arguments (not the
/// ones Tauri injects) and what it answers inside `CmdResult`.
#[derive(Debug, PartialEq, Eq)]
struct Declared {
    module: String,
    args: Vec<(String, String)>,
    returns: String,
}

fn injected(ty: &syn::Type) -> bool {
    let text = squash(&ty.to_token_stream().to_string());
    ["State<", "AppHandle", "Window", "Webview"]
        .iter()
        .any(|t| text.starts_with(t) || text.contains(&format!("::{t}")))
}

/// Every `#[tauri::command]` function under `src-tauri/src/commands`, with its module and file.
fn command_functions() -> Vec<(String, PathBuf, syn::ItemFn)> {
    let mut found = Vec::new();
    let dir = root().join("src-tauri/src/commands");
    for entry in std::fs::read_dir(&dir).expect("commands folder") {
        let path = entry.expect("entry").path();
        let module = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        // `list.rs` is the registry itself: one macro call, not Rust items to read here.
        if path.extension().is_none_or(|e| e != "rs") || module == "list" {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for item in file.items {
            let syn::Item::Fn(func) = item else { continue };
            if func.attrs.iter().any(|a| squash(&a.path().to_token_stream().to_string()) == "tauri::command")
            {
                found.push((module.clone(), path.clone(), func));
            }
        }
    }
    found
}

fn declared_commands() -> BTreeMap<String, Declared> {
    let mut found = BTreeMap::new();
    for (module, _, func) in command_functions() {
        let mut args = Vec::new();
        for input in &func.sig.inputs {
            let syn::FnArg::Typed(pat) = input else { continue };
            if injected(&pat.ty) {
                continue;
            }
            args.push((
                squash(&pat.pat.to_token_stream().to_string()),
                squash(&pat.ty.to_token_stream().to_string()),
            ));
        }
        let returns = match &func.sig.output {
            syn::ReturnType::Default => "()".to_string(),
            syn::ReturnType::Type(_, ty) => {
                let text = squash(&ty.to_token_stream().to_string());
                text.strip_prefix("CmdResult<")
                    .and_then(|t| t.strip_suffix('>'))
                    .map(str::to_string)
                    .unwrap_or(text)
            }
        };
        let previous = found.insert(func.sig.ident.to_string(), Declared { module, args, returns });
        assert!(previous.is_none(), "two commands named {}", func.sig.ident);
    }
    found
}

#[test]
fn the_registry_names_every_command_function_with_its_arguments_and_answer() {
    let declared = declared_commands();
    assert!(declared.len() > 50, "found only {} commands: is the reader broken?", declared.len());
    let registered: BTreeMap<String, Declared> = COMMANDS
        .iter()
        .map(|c| {
            let args = c.args.iter().map(|(a, t)| (a.to_string(), squash(t))).collect();
            (c.name.to_string(), Declared { module: c.module.to_string(), args, returns: squash(c.returns) })
        })
        .collect();
    assert_eq!(registered.len(), COMMANDS.len(), "a command is listed twice in list.rs");
    for (name, function) in &declared {
        let entry = registered
            .get(name)
            .unwrap_or_else(|| panic!("`{name}` is a #[tauri::command] missing from commands/list.rs"));
        assert_eq!(entry, function, "`{name}`: list.rs says {entry:?}, the function says {function:?}");
    }
    for name in registered.keys() {
        assert!(declared.contains_key(name), "list.rs names `{name}`, which is no #[tauri::command]");
    }
    for command in COMMANDS {
        assert!(
            !command.doc.trim().is_empty(),
            "`{}` says nothing about what it does in list.rs",
            command.name
        );
    }
}

#[test]
fn the_permission_list_and_the_handler_come_from_the_registry_alone() {
    let build = std::fs::read_to_string(root().join("src-tauri/build.rs")).expect("build.rs");
    assert!(
        build.contains("include!(\"src/commands/list.rs\")"),
        "build.rs must read its command names from list.rs"
    );
    let lib = std::fs::read_to_string(root().join("src-tauri/src/lib.rs")).expect("lib.rs");
    assert!(!lib.contains("generate_handler!"), "lib.rs lists commands itself instead of using the registry");
    assert!(lib.contains("commands::registry::invoke_handler()"));
    for command in COMMANDS {
        assert!(
            !build.contains(&format!("\"{}\"", command.name)),
            "build.rs names `{}` itself: the list is list.rs",
            command.name
        );
    }
}

#[test]
fn typed_wrappers_and_the_capability_are_written_from_the_registry() {
    let ts = registry::typescript();
    // What the page calls: argument names in camelCase, answers typed with the bindings.
    assert!(ts.contains("export function synthesizeSpeech(request: SpeechRequest): Promise<Clip> {"), "{ts}");
    assert!(ts.contains("return call<Clip>(\"synthesize_speech\", { request });"));
    assert!(ts.contains(
        "export function chatRetry(messageId: string, onEvent: Channel<ChatEvent>): Promise<ChatMessage>"
    ));
    assert!(ts.contains("export function deleteClip(id: string): Promise<void>"));
    assert!(ts.contains("export function signInLink(): Promise<string | null>"));
    assert!(ts.contains("import type { Clip } from \"../bindings/Clip\";"));
    assert!(ts.contains("import type { Channel } from \"@tauri-apps/api/core\";"));
    for command in COMMANDS {
        assert!(ts.contains(&format!("  | \"{}\"", command.name)), "`{}` is not a CommandName", command.name);
    }
    // Every import names a ts-rs binding (a path inside ui/src/bindings; tsc checks the file
    // itself, and the bindings are being rewritten by the core's tests while this runs).
    for line in ts.lines().filter(|l| l.contains("../bindings/")) {
        let rel = line.split("../bindings/").nth(1).and_then(|r| r.split('"').next()).expect("a path");
        assert!(!rel.is_empty() && !rel.contains("..") && !rel.ends_with(".ts"), "{line}");
    }
    std::fs::write(root().join("ui/src/ipc/generated.ts"), ts).expect("write generated.ts");

    let capability = registry::capability();
    let parsed: serde_json::Value = serde_json::from_str(&capability).expect("the capability is JSON");
    let permissions = parsed["permissions"].as_array().expect("a permission list");
    assert_eq!(permissions.len(), COMMANDS.len());
    assert_eq!(parsed["windows"], serde_json::json!(["main"]));
    std::fs::write(root().join("src-tauri/capabilities/main.json"), capability).expect("write main.json");
}

#[test]
fn no_command_body_is_longer_than_five_lines() {
    // Policy lives in the core: a command gets its state, calls, and returns (`?`).
    let mut checked = 0;
    for (_, path, func) in command_functions() {
        let open = func.block.brace_token.span.open().start().line;
        let close = func.block.brace_token.span.close().start().line;
        let body = close.saturating_sub(open + 1);
        assert!(close > open || body == 0, "{}: cannot read the body's lines", func.sig.ident);
        assert!(
            body <= 5,
            "`{}` in {} has a {body}-line body: move the policy into the core",
            func.sig.ident,
            path.display()
        );
        checked += 1;
    }
    assert!(checked > 50, "only {checked} command bodies read");
}
