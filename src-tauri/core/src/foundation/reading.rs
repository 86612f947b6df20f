//! Tolerant reading of the answers the platform docs describe without a fixed structure
//! (TTS options and their price, voice states, Team balance, usage, catalogs).
//!
//! Each reader lives with its payload (`tts::catalog::read_options`,
//! `billing::read_team_balance`, `billing::read_usage`, `models::parse::items`) and returns,
//! beside the value, a [`ReadReport`]: which shape or wrapper it found, which fields it
//! missed and which values it did not recognise. The readers never turn an unknown value
//! into "unusable": they keep it as sent and flag it here.
//!
//! Amounts must never go through a float, so these answers are fetched as raw JSON text
//! (`Auth::context_get_exact`) and read with [`exact_json`].

use serde::Serialize;
use serde_json::{Map, Value};
use ts_rs::TS;

/// How a reader read one payload. Shown by the "Check platform" screen.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ReadReport {
    /// The shape or wrapper found, e.g. `data.configs`, `bare list`, `data.items`,
    /// `total/memberQuota/memberRemaining (older Team page)`.
    pub shape: String,
    /// Fields the reader looked for and did not find (`voices[].state`, `price.unitSize`),
    /// each named once.
    pub missing: Vec<String>,
    /// Values it found but does not know (`voices[].state = "ENABLED"`), kept as sent.
    pub unrecognised: Vec<String>,
}

impl ReadReport {
    pub fn new(shape: impl Into<String>) -> ReadReport {
        ReadReport { shape: shape.into(), ..ReadReport::default() }
    }

    pub fn missing(&mut self, field: impl Into<String>) {
        let field = field.into();
        if !self.missing.contains(&field) {
            self.missing.push(field);
        }
    }

    pub fn unrecognised(&mut self, what: impl Into<String>) {
        let what = what.into();
        if !self.unrecognised.contains(&what) {
            self.unrecognised.push(what);
        }
    }

    /// True when the payload was read in the expected shape with nothing missing or odd.
    pub fn is_clean(&self) -> bool {
        self.missing.is_empty() && self.unrecognised.is_empty()
    }
}

/// Parses JSON text into a `Value` in which no number has gone through a float: a number
/// written with a fraction or an exponent, or an integer beyond 64 bits, arrives as a
/// string holding its exact text (`2.5` → `"2.5"`); other integers stay numbers. Every
/// amount reader already accepts decimal text, so this keeps `chargedPoints: 2.5` exact.
pub fn exact_json(text: &str) -> std::result::Result<Value, serde_json::Error> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 16);
    let mut i = 0;
    let mut start = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // Skip the string, escapes included.
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let token_start = i;
                while i < bytes.len() && matches!(bytes[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                    i += 1;
                }
                let token = &text[token_start..i];
                let exact_int = token.parse::<i64>().is_ok() || token.parse::<u64>().is_ok();
                // Only a well-formed number in a value's place becomes text: `00`, `1.2.3`
                // or a number used as a key stay as they are, and JSON refuses them.
                let is_key = text[i..].trim_start().starts_with(':');
                if !exact_int && is_json_number(token) && !is_key {
                    out.push_str(&text[start..token_start]);
                    out.push('"');
                    out.push_str(token);
                    out.push('"');
                    start = i;
                }
            }
            _ => i += 1,
        }
    }
    out.push_str(&text[start.min(text.len())..]);
    serde_json::from_str(&out)
}

/// JSON's number grammar: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
fn is_json_number(token: &str) -> bool {
    let b = token.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// Lower case, words joined by `_`, whatever the platform's spelling: `PENDING_ACTIVATION`,
/// `pendingActivation`, `pending-activation` and `Pending activation` all read
/// `pending_activation`.
pub fn normalise_word(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len() + 4);
    let mut prev_lower = false;
    for c in raw.trim().chars() {
        if c == '-' || c == ' ' || c == '_' || c == '.' {
            if !out.ends_with('_') && !out.is_empty() {
                out.push('_');
            }
            prev_lower = false;
        } else if c.is_uppercase() {
            if prev_lower && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
            prev_lower = false;
        } else {
            out.push(c);
            prev_lower = c.is_lowercase() || c.is_ascii_digit();
        }
    }
    out.trim_end_matches('_').to_owned()
}

/// The wrappers a list may come in, in order of preference after the payload's own key.
pub const LIST_WRAPPERS: [&str; 6] = ["items", "data", "list", "results", "records", "options"];

/// Finds the list in `data`: a bare list, or a list under one of `keys` (the payload's own
/// names first) or the usual wrappers, also one object deeper (`{data: {configs: [...]}}`).
/// Returns the list and where it was found (`data.configs`, `bare list`, `data.data.items`).
pub fn find_list<'a>(data: &'a Value, keys: &[&str]) -> Option<(&'a [Value], String)> {
    fn within<'a>(
        map: &'a Map<String, Value>,
        keys: &[&str],
        path: &str,
        depth: u8,
    ) -> Option<(&'a [Value], String)> {
        let names = keys.iter().chain(LIST_WRAPPERS.iter());
        for name in names.clone() {
            if let Some(Value::Array(list)) = map.get(*name) {
                return Some((list.as_slice(), format!("{path}.{name}")));
            }
        }
        if depth == 0 {
            return None;
        }
        for name in names {
            if let Some(Value::Object(inner)) = map.get(*name) {
                if let Some(found) = within(inner, keys, &format!("{path}.{name}"), depth - 1) {
                    return Some(found);
                }
            }
        }
        None
    }
    match data {
        Value::Array(list) => Some((list.as_slice(), "bare list".to_owned())),
        Value::Object(map) => within(map, keys, "data", 1),
        _ => None,
    }
}

/// The first of `names` present (and not null) in `map`, with the name that matched.
pub fn field<'a>(map: &'a Map<String, Value>, names: &[&'static str]) -> Option<(&'static str, &'a Value)> {
    names.iter().find_map(|n| map.get(*n).filter(|v| !v.is_null()).map(|v| (*n, v)))
}

/// A short description of a JSON value's shape for a report or an error ("an object with
/// keys a, b", "a list", "text").
pub fn describe(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let keys: Vec<&str> = map.keys().map(String::as_str).take(8).collect();
            format!("an object with keys {}", keys.join(", "))
        }
        Value::Array(_) => "a list".to_owned(),
        Value::String(_) => "text".to_owned(),
        Value::Number(_) => "a number".to_owned(),
        Value::Bool(_) => "true/false".to_owned(),
        Value::Null => "null".to_owned(),
    }
}

/// The platform's words, made fit for the window and the log: control characters (newlines,
/// escape sequences) become spaces, and the text is cut at `max` characters with an ellipsis.
pub fn capped(text: &str, max: usize) -> String {
    let clean: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let clean = clean.trim();
    if clean.chars().count() <= max {
        return clean.to_owned();
    }
    let mut cut: String = clean.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// A whole number in any JSON form a platform may send it in: `7`, `"7"`, `" 7 "`, `7.0`
/// (readings audit F2: `teamContextVersion` is an integer in one example and unfixed
/// elsewhere). A fraction, other text, a boolean or null is not one.
pub fn whole_number(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64)),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// `#[serde(default, deserialize_with = "lenient_whole")]` for an optional whole number sent
/// in any form [`whole_number`] reads; anything else is absent rather than a failed answer.
pub fn lenient_whole<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> std::result::Result<Option<i64>, D::Error> {
    let value = <Option<Value> as serde::Deserialize>::deserialize(deserializer)?;
    Ok(value.as_ref().and_then(whole_number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_read_in_every_form_and_nothing_else() {
        for (raw, want) in [
            (serde_json::json!(7), Some(7)),
            (serde_json::json!("7"), Some(7)),
            (serde_json::json!(" 7 "), Some(7)),
            (serde_json::json!(7.0), Some(7)),
            (serde_json::json!(7.5), None),
            (serde_json::json!("seven"), None),
            (serde_json::json!(true), None),
            (Value::Null, None),
        ] {
            assert_eq!(whole_number(&raw), want, "{raw}");
        }
        #[derive(serde::Deserialize)]
        struct T {
            #[serde(default, deserialize_with = "lenient_whole")]
            v: Option<i64>,
        }
        let read = |text: &str| serde_json::from_str::<T>(text).map(|t| t.v).ok();
        assert_eq!(read(r#"{"v":"7"}"#), Some(Some(7)));
        assert_eq!(read(r#"{"v":null}"#), Some(None));
        assert_eq!(read(r#"{}"#), Some(None));
        assert_eq!(read(r#"{"v":{"x":1}}"#), Some(None), "an odd form is absent, never a failed answer");
    }

    #[test]
    fn numbers_with_a_fraction_keep_their_exact_text() {
        let v = exact_json(
            r#"{"a": 2.5, "b": 9007199254740993, "c": "x: 1.5", "d": [-0.1, 1e3, 3],
            "e": 123456789012345678901234567890, "f": "esc \" 4.5", "g": -12}"#,
        )
        .unwrap();
        assert_eq!(v["a"], "2.5");
        assert_eq!(v["b"], 9007199254740993u64);
        assert_eq!(v["c"], "x: 1.5", "text inside strings is untouched");
        assert_eq!(v["d"][0], "-0.1");
        assert_eq!(v["d"][1], "1e3");
        assert_eq!(v["d"][2], 3);
        assert_eq!(v["e"], "123456789012345678901234567890");
        assert_eq!(v["f"], "esc \" 4.5");
        assert_eq!(v["g"], -12);
    }

    /// Found by fuzzing (`fuzz_exact_json_any_text`): text JSON refuses was read as a
    /// string, so a malformed answer looked like an unrecognised amount.
    #[test]
    fn malformed_numbers_are_refused_like_json_does() {
        for bad in ["00E0", "[1.2.3]", "{\"a\": -}", "[1e]", "[1.]", "[01.5]", "{1.5: 2}", "{-2.5 : 1}"] {
            assert!(serde_json::from_str::<Value>(bad).is_err(), "{bad}");
            assert!(exact_json(bad).is_err(), "{bad}");
        }
        for good in ["0.5", "-0e0", "1E+2", "[1.25e-3, -0.0]", "{\"a\": 2.5}"] {
            assert!(exact_json(good).is_ok(), "{good}");
        }
    }

    #[test]
    fn words_are_matched_whatever_their_spelling() {
        for raw in [
            "PENDING_ACTIVATION",
            "pendingActivation",
            "pending-activation",
            "Pending activation",
            "pending_activation ",
        ] {
            assert_eq!(normalise_word(raw), "pending_activation", "{raw}");
        }
        assert_eq!(normalise_word("ACTIVE"), "active");
    }

    #[test]
    fn lists_are_found_in_every_wrapper() {
        let cases = [
            (serde_json::json!([1]), "bare list"),
            (serde_json::json!({"configs": [1]}), "data.configs"),
            (serde_json::json!({"items": [1]}), "data.items"),
            (serde_json::json!({"data": {"configs": [1]}}), "data.data.configs"),
            (serde_json::json!({"options": [1]}), "data.options"),
        ];
        for (value, shape) in cases {
            let (list, found) = find_list(&value, &["configs"]).unwrap();
            assert_eq!((list.len(), found.as_str()), (1, shape));
        }
        assert!(find_list(&serde_json::json!({"x": 1}), &["configs"]).is_none());
    }
}
