//! The catalog, TTS and billing readers and `reading::exact_json`: arbitrary JSON values
//! (and arbitrary text for `exact_json`) never panic; amounts written as JSON numbers with
//! a fraction reach the readers as their exact decimal text.

use proptest::prelude::*;
use serde_json::Value;

use super::{config, json_value, number_text, re, text};
use crate::auth::teams::read_teams;
use crate::billing::read::{read_personal_balance, read_team_balance, read_usage};
use crate::billing::Points;
use crate::foundation::reading::{exact_json, find_list, normalise_word};
use crate::models::parse::{entry, parameter_spec, read_items};
use crate::tts::read::{read_options, voice_state};

/// Every number written with a fraction or an exponent, or beyond 64 bits, as its text.
fn exact_model(v: &Value) -> Value {
    match v {
        Value::Number(n) if n.is_i64() || n.is_u64() => v.clone(),
        Value::Number(n) => Value::String(n.to_string()),
        Value::Array(items) => Value::Array(items.iter().map(exact_model).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), exact_model(v))).collect()),
        other => other.clone(),
    }
}

/// JSON-looking text: punctuation, numbers, strings with escapes, any character.
fn json_ish_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(vec![
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            "\"",
            "\\",
            "\\\"",
            "-",
            ".",
            "e",
            "E",
            "+",
            " ",
            "null",
            "true",
            "\"a\":",
            "é",
            "\u{10FFFF}"
        ])
        .prop_map(str::to_owned),
        number_text(),
        any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

/// Runs every reader on `data`; none may panic, whatever it returns.
fn read_all(data: &Value) {
    let _ = read_items(data);
    let _ = entry(data);
    let _ = parameter_spec(None, Some(data));
    let _ = parameter_spec(Some(2), Some(data));
    let _ = read_options(
        data,
        &url::Url::parse("https://open.xiaoya.example/").unwrap(),
        time::OffsetDateTime::UNIX_EPOCH,
    );
    let _ = read_team_balance(data);
    let _ = read_personal_balance(data);
    let _ = read_usage(data, 0);
    let _ = read_teams(data);
    let _ = find_list(data, &["configs", "items"]);
    let _ = Points::from_json(data);
    let _ = serde_json::from_value::<Points>(data.clone());
    if let Value::String(s) = data {
        let _ = voice_state(s);
        let _ = normalise_word(s);
    }
}

proptest! {
    #![proptest_config(config())]

    /// Arbitrary JSON values never panic any reader, as sent and as `exact_json` hands
    /// them over (fractions as text); the readers also get each value wrapped once.
    #[test]
    fn fuzz_readers_never_panic_on_any_json(value in json_value(true)) {
        read_all(&value);
        let text = serde_json::to_string(&value).expect("serialises");
        let exact = exact_json(&text).expect("exact_json reads valid JSON");
        read_all(&exact);
        read_all(&serde_json::json!({"data": exact, "items": [value]}));
    }

    /// `exact_json` of any serialised JSON value is that value with every non-integer
    /// number as its exact text, compact or pretty-printed.
    #[test]
    fn fuzz_exact_json_keeps_every_number_exact(value in json_value(true), pretty in any::<bool>()) {
        let text = if pretty { serde_json::to_string_pretty(&value) } else { serde_json::to_string(&value) }.expect("serialises");
        prop_assert_eq!(exact_json(&text).expect("valid JSON"), exact_model(&value));
    }

    /// Any text never panics `exact_json`, and it accepts no text that JSON refuses.
    #[test]
    fn fuzz_exact_json_any_text(text in prop_oneof![json_ish_text(), text()]) {
        // serde_json refuses a number beyond f64 (`1e400`), which JSON allows and
        // `exact_json` keeps as its text: that is the one difference allowed.
        let strict = serde_json::from_str::<Value>(&text).map_err(|e| e.to_string());
        if let Ok(v) = exact_json(&text) {
            let out_of_range = strict.as_ref().is_err_and(|e| e.contains("number out of range"));
            prop_assert!(strict.is_ok() || out_of_range, "exact_json accepted {:?} as {}", text, v);
        }
    }

    /// A number with a fraction or an exponent reaches a reader as exactly its text, and
    /// reads as the same amount as that text.
    #[test]
    fn fuzz_exact_json_fractions_equal_their_decimal_text(
        number in re("-?(0|[1-9][0-9]{0,21})(\\.[0-9]{1,9}([eE][-+]?[0-9]{1,2})?|[eE][-+]?[0-9]{1,2})"),
        at in 0usize..3,
    ) {
        let text = match at {
            0 => format!("{{\"chargedPoints\": {number}}}"),
            1 => format!("[1, {number}, \"x\"]"),
            _ => number.clone(),
        };
        let v = exact_json(&text).expect("valid JSON");
        let got = match at { 0 => &v["chargedPoints"], 1 => &v[1], _ => &v };
        prop_assert_eq!(got, &Value::String(number.clone()));
        prop_assert_eq!(Points::from_json(got), Points::parse_number(&number));
        if at == 0 {
            let (usage, _) = read_usage(&v, 0).expect("a usage answer");
            let want = Points::parse_number(&number).unwrap_or_default();
            prop_assert_eq!(usage.charged_points, want.to_string());
        }
    }
}
