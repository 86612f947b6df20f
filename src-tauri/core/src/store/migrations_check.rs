//! S2: migrations are embedded, forward-only and never edited once applied. Each file's
//! SHA-256 is pinned in `migrations.sha256`; editing an applied migration fails here
//! (add a new migration instead), and `*.sql` stays LF-only.

use std::collections::BTreeMap;
use std::path::Path;

use sha2::{Digest, Sha256};

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn applied_migrations_are_never_edited_and_stay_lf() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pinned: BTreeMap<String, String> = std::fs::read_to_string(dir.join("migrations.sha256"))
        .expect("migrations.sha256")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (hash, name) = l.split_once("  ").expect("`<sha256>  <file>` lines");
            (name.to_owned(), hash.to_owned())
        })
        .collect();
    let mut seen = 0;
    for entry in std::fs::read_dir(dir.join("migrations")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&path).unwrap();
        assert!(!bytes.contains(&b'\r'), "{name} must use LF line endings");
        let actual = hex(&bytes);
        match pinned.get(&name) {
            Some(expected) => assert_eq!(
                &actual, expected,
                "{name} changed after it was pinned: applied migrations are never edited; add a new migration"
            ),
            None => panic!("{name} is not pinned: append `{actual}  {name}` to migrations.sha256"),
        }
        seen += 1;
    }
    assert_eq!(seen, pinned.len(), "a pinned migration was deleted: migrations are forward-only");
}
