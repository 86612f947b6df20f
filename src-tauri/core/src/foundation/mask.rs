//! Presenting mode's masks: what an audience must not read, recognised by kind and replaced
//! by a fixed-width mask (a mask never tells how long the hidden text was).
//!
//! The rules live here once. The window applies the same table (`PATTERNS`, written to
//! `ui/src/bindings/MaskPatterns.ts` by this module's test and checked for drift) to every
//! text and attribute it shows; the core applies it to what leaves the app while
//! presenting (saved exports). Besides the patterns, a masker is given the literal values
//! it knows to be private: the signed-in sessions' user and Team ids, the platform's origin
//! when it is not the public one, the client id, the redirect URI, the person's home folder.

use std::borrow::Cow;

use regex::Regex;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What kind of private text a mask stands for; each kind has one fixed mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum MaskKind {
    /// A user, subject, member, Team, client, request or other platform id.
    Id,
    /// An email address.
    Email,
    /// A platform origin that is not the public one (its shape is kept).
    Origin,
    /// A whole URL such as a redirect URI.
    Url,
    /// A token or anything shaped like one (a JWT, a bearer value, a long opaque string).
    Token,
    /// A folder of the person's own (their home folder names them).
    Path,
}

impl MaskKind {
    /// The mask shown instead; fixed width whatever it hides.
    pub fn mask(self) -> &'static str {
        match self {
            MaskKind::Id => "••••••",
            MaskKind::Email => "•••@•••",
            MaskKind::Origin => "https://•••/",
            MaskKind::Url => "•••://•••/",
            MaskKind::Token => "••••••••",
            MaskKind::Path => "~",
        }
    }
}

/// One recognised shape. The expression uses only syntax that means the same in Rust's
/// `regex` and JavaScript's `RegExp` (no look-around, no `\b`, no inline flags), so the
/// window's copy of the table matches exactly what the core matches.
#[derive(Debug, Clone, Copy, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MaskPattern {
    pub kind: MaskKind,
    pub pattern: &'static str,
}

/// The shapes masked whatever the sessions are, applied in this order after the literals.
pub const PATTERNS: &[MaskPattern] = &[
    // A bearer value, before the token shapes take only its tail.
    MaskPattern { kind: MaskKind::Token, pattern: r"[Bb]earer[ \t]+[A-Za-z0-9._~+/=-]+" },
    // A JWT (three base64url parts, the first a JSON header).
    MaskPattern { kind: MaskKind::Token, pattern: r"eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)?" },
    MaskPattern {
        kind: MaskKind::Email,
        pattern: r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}",
    },
    // A UUID (the core's X-Request-ID, many platforms' ids).
    MaskPattern {
        kind: MaskKind::Id,
        pattern: r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
    },
    // A prefixed platform id with a digit in it (`req_4f1c…`, `team_beta_02`, `oau_5f2c…`);
    // a scope such as `team_read` has none and stays readable.
    MaskPattern {
        kind: MaskKind::Id,
        pattern: r"(?:req|user|usr|oau|team|member|mem|sub|org|acct|client|sess|chatcmpl|call)_[A-Za-z0-9_]*[0-9][A-Za-z0-9_]*",
    },
    // Anything long and opaque enough to be a token or a key.
    MaskPattern { kind: MaskKind::Token, pattern: r"[A-Za-z0-9_-]{32,}" },
];

/// One value known to be private, masked wherever it appears.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct MaskLiteral {
    pub value: String,
    pub kind: MaskKind,
}

impl MaskLiteral {
    pub fn new(value: impl Into<String>, kind: MaskKind) -> Self {
        MaskLiteral { value: value.into(), kind }
    }
}

/// Literals shorter than this are not masked as literals (a one-letter id would mask every
/// word it appears in); the patterns still apply.
pub const MIN_LITERAL_CHARS: usize = 3;

/// Applies the literals, longest first, then the patterns.
pub struct Masker {
    literals: Vec<MaskLiteral>,
    patterns: Vec<(Regex, MaskKind)>,
}

impl Masker {
    pub fn new(literals: impl IntoIterator<Item = MaskLiteral>) -> Self {
        let mut literals: Vec<MaskLiteral> =
            literals.into_iter().filter(|l| l.value.chars().count() >= MIN_LITERAL_CHARS).collect();
        // Longest first: a redirect URI is masked whole before its origin would be.
        literals.sort_by(|a, b| b.value.len().cmp(&a.value.len()).then_with(|| a.value.cmp(&b.value)));
        literals.dedup_by(|a, b| a.value == b.value);
        let patterns = PATTERNS
            .iter()
            // The table is constant and covered by this module's tests.
            .filter_map(|p| Regex::new(p.pattern).ok().map(|re| (re, p.kind)))
            .collect();
        Masker { literals, patterns }
    }

    /// `text` with every private value replaced by its kind's mask.
    pub fn mask<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let mut out: Cow<'a, str> = Cow::Borrowed(text);
        for literal in &self.literals {
            if out.contains(literal.value.as_str()) {
                out = Cow::Owned(out.replace(literal.value.as_str(), literal.kind.mask()));
            }
        }
        for (re, kind) in &self.patterns {
            if re.is_match(&out) {
                out = Cow::Owned(re.replace_all(&out, kind.mask()).into_owned());
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The case table the window's masker passes too (ui/test/format/mask.test.ts).
    const CASES: &str = include_str!("mask_cases.json");

    fn kind(raw: &str) -> MaskKind {
        serde_json::from_value(serde_json::Value::String(raw.to_owned())).expect("a mask kind")
    }

    fn table() -> (Masker, serde_json::Value) {
        let cases: serde_json::Value = serde_json::from_str(CASES).expect("mask_cases.json");
        let literals = cases["literals"]
            .as_array()
            .expect("literals")
            .iter()
            .map(|l| {
                MaskLiteral::new(
                    l["value"].as_str().unwrap_or_default(),
                    kind(l["kind"].as_str().unwrap_or_default()),
                )
            })
            .collect::<Vec<_>>();
        (Masker::new(literals), cases)
    }

    #[test]
    fn every_kind_is_masked_with_a_fixed_width_in_both_languages() {
        let (m, cases) = table();
        for case in cases["masked"].as_array().expect("masked") {
            let (input, want) = (case[0].as_str().unwrap_or_default(), case[1].as_str().unwrap_or_default());
            assert_eq!(m.mask(input), want, "{input}");
        }
        // The same width whatever the length hidden.
        assert_eq!(m.mask("req_1"), m.mask("req_123456789012345678901234567"));
    }

    #[test]
    fn names_costs_scopes_and_plain_words_stay_readable() {
        let (m, cases) = table();
        for text in cases["readable"].as_array().expect("readable") {
            let text = text.as_str().unwrap_or_default();
            assert_eq!(m.mask(text), text, "{text}");
        }
    }

    #[test]
    fn masking_twice_changes_nothing_more() {
        let (m, cases) = table();
        for case in cases["masked"].as_array().expect("masked") {
            let once = m.mask(case[0].as_str().unwrap_or_default()).into_owned();
            assert_eq!(m.mask(&once), once);
        }
    }

    #[test]
    fn every_pattern_compiles() {
        for p in PATTERNS {
            Regex::new(p.pattern).unwrap_or_else(|e| panic!("{}: {e}", p.pattern));
        }
    }

    /// The window's copy of the table: written here, checked for drift by scripts/test.sh
    /// like every ts-rs binding.
    #[test]
    fn the_window_gets_the_same_table() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/src/bindings");
        let rows: Vec<String> = PATTERNS
            .iter()
            .map(|p| {
                let kind = serde_json::to_string(&p.kind).unwrap_or_default();
                let pattern = serde_json::to_string(p.pattern).unwrap_or_default();
                format!("  {{ kind: {kind}, pattern: {pattern} }},")
            })
            .collect();
        let masks: Vec<String> =
            [MaskKind::Id, MaskKind::Email, MaskKind::Origin, MaskKind::Url, MaskKind::Token, MaskKind::Path]
                .iter()
                .map(|k| {
                    let kind = serde_json::to_string(k).unwrap_or_default();
                    format!(
                        "  {}: {},",
                        kind.trim_matches('"'),
                        serde_json::to_string(k.mask()).unwrap_or_default()
                    )
                })
                .collect();
        let text = format!(
            "// Written by src-tauri/core/src/foundation/mask.rs (its test); do not edit.\n\
             import type {{ MaskKind }} from \"./MaskKind\";\n\
             import type {{ MaskPattern }} from \"./MaskPattern\";\n\n\
             /** Presenting mode's shapes, applied in this order after the literals. */\n\
             export const MASK_PATTERNS: readonly MaskPattern[] = [\n{}\n];\n\n\
             /** Each kind's fixed-width mask. */\n\
             export const MASKS: Readonly<Record<MaskKind, string>> = {{\n{}\n}};\n\n\
             /** Literals shorter than this are left to the patterns. */\n\
             export const MIN_LITERAL_CHARS = {};\n",
            rows.join("\n"),
            masks.join("\n"),
            MIN_LITERAL_CHARS
        );
        std::fs::create_dir_all(&dir).expect("bindings folder");
        std::fs::write(dir.join("MaskPatterns.ts"), text).expect("write MaskPatterns.ts");
    }
}
