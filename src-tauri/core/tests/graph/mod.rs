//! Reads a crate's module graph from its source and checks the floor plan: no module cycle,
//! no two-way dependency between top-level areas, and no import from a lower layer into a
//! higher one. Shared by the core's and the sandbox's `import_graph` tests (`#[path]`).
//!
//! Every `crate::…` and `super::…` path in product code is an edge from the file's module to
//! the longest module the path names. Test code is left out: modules declared under
//! `#[cfg(test)]` (and everything inside them), and whatever follows the first `#[cfg(test)]`
//! in a file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub type Edges = BTreeMap<String, BTreeSet<String>>;

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

/// The child modules a file declares under `#[cfg(test)]` (`#[cfg(test)] mod x;`).
fn test_children(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut after_cfg_test = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with("#[cfg(test)]") {
            after_cfg_test = true;
            continue;
        }
        if line.starts_with("#[") || line.is_empty() {
            continue;
        }
        if after_cfg_test {
            let decl = line.trim_start_matches("pub(crate) ").trim_start_matches("pub ");
            if let Some(name) = decl.strip_prefix("mod ") {
                let name = name.trim_end_matches(';').trim_end_matches(" {").trim();
                out.push(name.to_owned());
            }
        }
        after_cfg_test = false;
    }
    out
}

/// The module graph of the crate whose sources are in `src`.
pub fn graph(src: &Path) -> Edges {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut texts = BTreeMap::new();
    for file in files {
        if file == src.join("main.rs") {
            continue; // a binary's root: its own crate, which uses the library's public paths
        }
        texts.insert(module_of(src, &file), std::fs::read_to_string(&file).expect("readable"));
    }
    let mut test_modules = BTreeSet::new();
    for (module, text) in &texts {
        for child in test_children(text) {
            test_modules.insert(if module == "crate" { child } else { format!("{module}::{child}") });
        }
    }
    let is_test =
        |module: &str| test_modules.iter().any(|t| module == t || module.starts_with(&format!("{t}::")));
    let sources: BTreeMap<String, String> = texts
        .iter()
        .filter(|(module, _)| !is_test(module))
        .map(|(module, text)| {
            let product = text.split("#[cfg(test)]").next().unwrap_or_default().to_owned();
            (module.clone(), product)
        })
        .collect();
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    let mut edges = Edges::new();
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
pub fn cycle_from(edges: &Edges, start: &str) -> Option<Vec<String>> {
    fn walk(
        edges: &Edges,
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

/// The top-level area of a module: `tts::send` → `tts`.
pub fn area(module: &str) -> &str {
    module.split("::").next().unwrap_or(module)
}

/// Edges between top-level areas, each with one module-level import that makes it.
pub fn area_edges(edges: &Edges) -> BTreeMap<(String, String), (String, String)> {
    let mut out = BTreeMap::new();
    for (from, tos) in edges {
        for to in tos {
            let (a, b) = (area(from), area(to));
            if a != b && a != "crate" {
                out.entry((a.to_owned(), b.to_owned())).or_insert_with(|| (from.clone(), to.clone()));
            }
        }
    }
    out
}

/// Every fault of the floor plan: module cycles, two-way area pairs, imports from a lower layer
/// into a higher one, and areas the layer table does not name.
pub fn floor_plan_faults(edges: &Edges, layers: &[(&str, u32)]) -> Vec<String> {
    let mut faults = Vec::new();
    for module in edges.keys() {
        if let Some(cycle) = cycle_from(edges, module) {
            faults.push(format!("import cycle: {} -> {module}", cycle.join(" -> ")));
            break;
        }
    }
    let by_area = area_edges(edges);
    let layer_of: BTreeMap<&str, u32> = layers.iter().copied().collect();
    let mut areas: BTreeSet<&str> = BTreeSet::new();
    for module in edges.keys().chain(edges.values().flatten()) {
        areas.insert(area(module));
    }
    for a in areas {
        if a != "crate" && !layer_of.contains_key(a) {
            faults.push(format!("area `{a}` has no layer: add it to the layer table"));
        }
    }
    for ((a, b), (from, to)) in &by_area {
        if a < b && by_area.contains_key(&(b.clone(), a.clone())) {
            let (back_from, back_to) = &by_area[&(b.clone(), a.clone())];
            faults.push(format!(
                "two-way dependency between `{a}` and `{b}`: {from} -> {to}, and {back_from} -> {back_to}"
            ));
        }
        if let (Some(la), Some(lb)) = (layer_of.get(a.as_str()), layer_of.get(b.as_str())) {
            if la < lb {
                faults.push(format!(
                    "`{a}` (layer {la}) imports the higher `{b}` (layer {lb}): {from} -> {to}"
                ));
            }
        }
    }
    faults
}
