//! The core's floor plan, read from its source (`graph/mod.rs`): no module cycle, no two-way
//! dependency between top-level areas, and no import from a lower layer into a higher one.
//! A fault names the import that makes it; fix it by moving the shared type or function down
//! to the layer that owns it, or by handing the higher part in as a port (see
//! `foundation::emitter`).

#[path = "graph/mod.rs"]
mod graph;

use std::path::Path;

/// Each top-level module and its layer, lowest first. An area may use its own layer's other
/// areas one way only, and any lower layer.
const LAYERS: &[(&str, u32)] = &[
    // Errors, clock, config, context, secrets, the ports the core is given, readers.
    ("foundation", 0),
    // The database, HTTP to the platform, the audio thread, saved documents.
    ("store", 1),
    ("api", 1),
    ("audio", 1),
    ("documents", 1),
    // What every area service is handed.
    ("shared", 2),
    // The areas, each with its own storage and wire types.
    ("auth", 3),
    ("models", 4),
    // The agent check: its own HTTP client, the store and the documents; no other area.
    ("agents", 4),
    ("billing", 4),
    // The read-only Team information: reads through auth, amounts as billing's Points.
    ("teams", 4),
    // The Personal account's details: reads through auth, with the Team entitlements' reader.
    ("account", 4),
    ("chat", 5),
    ("tts", 5),
    ("check", 6),
    // Recorded demos: reads through the areas below to record their "before" and "after".
    ("cassettes", 6),
    // The composition root and the app-wide IPC types and event port.
    ("host", 7),
    // "Copy as curl": asks the area that owns a request record, renders it, masks it.
    ("copied", 7),
    ("wire", 7),
    ("events", 7),
];

fn src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn the_core_keeps_its_floor_plan() {
    let edges = graph::graph(&src());
    let imports: usize = edges.values().map(|e| e.len()).sum();
    assert!(edges.len() > 50 && imports > 200, "the reader found only {imports} imports: is it broken?");
    // The reader sees known edges (the TTS service uses the auth service; settle uses the
    // TTS store), and leaves test modules out.
    assert!(edges.get("tts::service").is_some_and(|e| e.iter().any(|m| m.starts_with("auth"))));
    assert!(
        edges.get("tts::settle").is_some_and(|e| e.contains("tts::store")),
        "{:?}",
        edges.get("tts::settle")
    );
    assert!(!edges.contains_key("testing") && !edges.contains_key("audio::bench"), "test modules are read");
    let faults = graph::floor_plan_faults(&edges, LAYERS);
    assert!(faults.is_empty(), "the floor plan is broken:\n{}", faults.join("\n"));
}

/// The check itself fails where it should: on a two-way pair, a lower layer importing a
/// higher one, a module cycle and an area with no layer.
#[test]
fn the_floor_plan_check_finds_each_kind_of_fault() {
    let mut edges = graph::Edges::new();
    let mut edge = |a: &str, b: &str| {
        edges.entry(a.to_owned()).or_default().insert(b.to_owned());
    };
    edge("auth::flow", "billing::read");
    edge("billing::read", "auth::store");
    edge("store::x", "tts::y");
    edge("x::a", "x::b");
    edge("x::b", "x::a");
    let layers = [("auth", 3), ("billing", 4), ("store", 1), ("tts", 5)];
    let faults = graph::floor_plan_faults(&edges, &layers).join("\n");
    assert!(faults.contains("two-way dependency between `auth` and `billing`"), "{faults}");
    assert!(faults.contains("`store` (layer 1) imports the higher `tts`"), "{faults}");
    assert!(faults.contains("`auth` (layer 3) imports the higher `billing`"), "{faults}");
    assert!(faults.contains("import cycle"), "{faults}");
    assert!(faults.contains("area `x` has no layer"), "{faults}");
}
