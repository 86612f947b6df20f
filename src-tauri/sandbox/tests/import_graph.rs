//! The sandbox's floor plan, checked like the core's (`core/tests/graph/mod.rs`): no module
//! cycle, no two-way dependency between its top-level modules, no import from a lower layer
//! into a higher one.

#[path = "../../core/tests/graph/mod.rs"]
mod graph;

use std::path::Path;

/// Each top-level module and its layer, lowest first.
const LAYERS: &[(&str, u32)] = &[
    // Plain values: time, points, scopes, validation, pages, the readings and faults a test
    // chooses, the seeded data.
    ("clock", 0),
    ("points", 0),
    ("scope", 0),
    ("validation", 0),
    ("html", 0),
    ("readings", 0),
    ("pace", 0),
    ("faults", 0),
    ("seed", 0),
    // The cassette format (serde only).
    ("cassette", 0),
    // Answers and charges.
    ("envelope", 1),
    ("ledger", 1),
    ("access", 1),
    // The simulated platform's data, and the state that holds it.
    ("world", 2),
    // Replay mode: a cassette served in the platform's envelope, beside the world.
    ("replay", 2),
    ("pages", 2),
    ("state", 3),
    // The routes.
    ("auth", 4),
    ("billing", 4),
    ("chat", 5),
    ("oauth", 5),
    ("open_api", 5),
    ("tts", 6),
    // The test controls and the server that mounts everything.
    ("control", 7),
    ("inject", 7),
    ("server", 7),
];

#[test]
fn the_sandbox_keeps_its_floor_plan() {
    let edges = graph::graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    let imports: usize = edges.values().map(|e| e.len()).sum();
    assert!(edges.len() > 20 && imports > 60, "the reader found only {imports} imports: is it broken?");
    assert!(edges.get("chat").is_some_and(|e| e.contains("world")), "{:?}", edges.get("chat"));
    let faults = graph::floor_plan_faults(&edges, LAYERS);
    assert!(faults.is_empty(), "the floor plan is broken:\n{}", faults.join("\n"));
}
