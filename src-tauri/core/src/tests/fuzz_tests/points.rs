//! The points parser (`billing::points`): arbitrary text never panics; every decimal
//! text it accepts round-trips exactly; the exponent forms are shifted exactly.

use proptest::prelude::*;

use super::{config, number_text, re, text};
use crate::billing::Points;

/// `text` in its canonical form: no leading zeros, no trailing fractional zeros, no `-0`.
fn canonical(text: &str) -> String {
    let (negative, digits) = text.strip_prefix('-').map_or((false, text), |r| (true, r));
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let int = int.trim_start_matches('0');
    let int = if int.is_empty() { "0" } else { int };
    let frac = frac.trim_end_matches('0');
    let body = if frac.is_empty() { int.to_owned() } else { format!("{int}.{frac}") };
    if negative && body != "0" {
        format!("-{body}")
    } else {
        body
    }
}

/// Text that looks like an amount, and anything else.
fn amount_ish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(vec![
            "-", "+", ".", "e", "E", "0", "1", "9", " ", "é", "٣", "\u{0}", "e-", "e+", "00000000"
        ])
        .prop_map(str::to_owned),
        number_text(),
        re("[0-9]{30,45}"),
        any::<char>().prop_map(String::from),
    ];
    prop_oneof![prop::collection::vec(piece, 0..8).prop_map(|p| p.concat()), text()]
}

/// Micro-points in `i128`, computed independently: `digits` (int and fraction joined,
/// `frac_len` of them after the point) times 10^exponent.
fn shifted(negative: bool, digits: &str, frac_len: usize, exponent: i32) -> Option<i128> {
    let mantissa: i128 = digits.parse().ok()?;
    let k = 6 - frac_len as i32 + exponent;
    let micro = if k >= 0 {
        mantissa.checked_mul(10i128.checked_pow(k as u32)?)?
    } else {
        let div = 10i128.checked_pow(k.unsigned_abs())?;
        if mantissa % div != 0 {
            return None;
        }
        mantissa / div
    };
    Some(if negative { -micro } else { micro })
}

proptest! {
    #![proptest_config(config())]

    /// Arbitrary text never panics either parser or the JSON reading; what `parse`
    /// accepts, `parse_number` accepts as the same amount.
    #[test]
    fn fuzz_points_any_text_never_panics(text in amount_ish()) {
        let plain = Points::parse(&text);
        let number = Points::parse_number(&text);
        let _ = Points::from_json(&serde_json::Value::String(text.clone()));
        let _ = serde_json::from_value::<Points>(serde_json::Value::String(text.clone()));
        if plain.is_some() {
            prop_assert_eq!(number, plain);
        }
    }

    /// `parse` accepts exactly the decimal texts with at most 30 integer digits and six
    /// decimals (trailing zeros aside); each prints as its canonical form and reads back to
    /// the same amount.
    #[test]
    fn fuzz_points_accepted_text_round_trips(text in re("-?[0-9]{1,32}(\\.[0-9]{0,7}0{0,4}[0-9]?)?")) {
        let digits = text.strip_prefix('-').unwrap_or(&text);
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let valid = int.len() <= 30 && frac.trim_end_matches('0').len() <= 6 && !(digits.contains('.') && frac.is_empty());
        prop_assert_eq!(Points::parse(&text).is_some(), valid, "{}", text);
        if let Some(p) = Points::parse(&text) {
            let shown = p.to_string();
            prop_assert_eq!(&shown, &canonical(&text));
            prop_assert_eq!(Points::parse(&shown), Some(p));
            prop_assert_eq!(Points::parse_number(&shown), Some(p));
        }
    }

    /// Any amount prints as text that reads back to it.
    #[test]
    fn fuzz_points_print_and_read_back(int in -(10i128.pow(24))..10i128.pow(24), micro in 0i128..1_000_000) {
        let p = Points::parse(&format!("{}.{micro:06}", int.abs())).map(|p| if int < 0 { -p } else { p });
        let p = p.expect("in range");
        prop_assert_eq!(Points::parse(&p.to_string()), Some(p));
    }

    /// Exponent forms are shifted exactly, never through a float.
    #[test]
    fn fuzz_points_exponents_shift_exactly(
        negative in any::<bool>(), int in re("[0-9]{1,12}"), frac in re("[0-9]{0,8}"), exponent in -12i32..=12, upper in any::<bool>(),
    ) {
        let text = format!(
            "{}{int}{}{frac}{}{exponent}",
            if negative { "-" } else { "" },
            if frac.is_empty() { "" } else { "." },
            if upper { "E" } else { "e" },
        );
        let want = shifted(negative, &format!("{int}{frac}"), frac.len(), exponent);
        let got = Points::parse_number(&text);
        prop_assert_eq!(got.map(|p| p.to_string()), want.map(|m| {
            let p = Points::parse(&format!("{}.{:06}", (m / 1_000_000).abs(), (m % 1_000_000).abs())).expect("in range");
            if m < 0 { (-p).to_string() } else { p.to_string() }
        }), "{}", text);
    }
}
