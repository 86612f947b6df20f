//! The core's module graph has no cycle: every `crate::…` and `super::…` path in product
//! code (test modules and files left out) is an edge from the file's module to the
//! longest module that path names. A cycle means two areas know each other; break it by
//! moving the shared type or function to the side that owns it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `tts/send.rs` → `tts::send`, `tts/mod.rs` → `tts`, `lib.rs` → `crate`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("inside src").with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts == ["lib"] {
        return "crate".to_owned();
    }
    parts.join("::")
}

/// The `a::b::c` after each occurrence of `prefix` (identifier characters and `::`).
fn paths_after<'a>(text: &'a str, prefix: &'a str) -> impl Iterator<Item = Vec<&'a str>> + 'a {
    text.match_indices(prefix).filter_map(move |(at, _)| {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            return None; // `xcrate::`, not `crate::`
        }
        let rest = &text[at + prefix.len()..];
        let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
        let parts: Vec<&str> = rest[..end].split("::").filter(|p| !p.is_empty()).collect();
        (!parts.is_empty()).then_some(parts)
    })
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut sources = BTreeMap::new();
    for file in files {
        let module = module_of(&src, &file);
        if module.contains("test") || module.starts_with("fuzz") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("readable");
        // Product code only: what follows the first `#[cfg(test)]` is test code.
        let product = text.split("#[cfg(test)]").next().unwrap_or_default().to_owned();
        sources.insert(module, product);
    }
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in &sources {
        let parent = module.rsplit_once("::").map(|(p, _)| p.to_owned());
        let mut add = |parts: Vec<&str>, base: Option<&str>| {
            for k in (1..=parts.len()).rev() {
                let name = parts[..k].join("::");
                let candidate = match base {
                    Some(b) if !b.is_empty() => format!("{b}::{name}"),
                    _ => name,
                };
                if modules.contains(&candidate) {
                    if &candidate != module {
                        edges.entry(module.clone()).or_default().insert(candidate);
                    }
                    break;
                }
            }
        };
        for parts in paths_after(text, "crate::") {
            add(parts, None);
        }
        for parts in paths_after(text, "super::") {
            add(parts.into_iter().take(1).collect(), Some(parent.as_deref().unwrap_or("")));
        }
    }
    edges
}

/// A cycle through `start`, if there is one (depth-first search).
fn cycle_from(edges: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    fn walk(
        edges: &BTreeMap<String, BTreeSet<String>>,
        at: &str,
        start: &str,
        path: &mut Vec<String>,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        for next in edges.get(at).into_iter().flatten() {
            if next == start {
                return true;
            }
            if seen.insert(next.clone()) {
                path.push(next.clone());
                if walk(edges, next, start, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![start.to_owned()];
    let mut seen = BTreeSet::new();
    walk(edges, start, start, &mut path, &mut seen).then_some(path)
}

#[test]
fn the_core_module_graph_has_no_cycle() {
    let edges = graph();
    let imports: usize = edges.values().map(BTreeSet::len).sum();
    assert!(edges.len() > 50 && imports > 200, "the reader found only {imports} imports: is it broken?");
    // The reader sees a known edge (tts::service uses the auth service).
    assert!(
        edges.get("tts::service").is_some_and(|e| e.iter().any(|m| m.starts_with("auth"))),
        "{:?}",
        edges.get("tts::service")
    );
    for module in edges.keys() {
        if let Some(cycle) = cycle_from(&edges, module) {
            panic!("import cycle: {} -> {module}", cycle.join(" -> "));
        }
    }
}
