//! Exact point amounts.
//!
//! The platform sends whole points as JSON integers (the Team Alpha wallet in the sandbox is
//! 9007199254740993, above 2^53) and fractional Team balances as decimal text ("859.75"). A
//! float would round either, so an amount is an integer count of micro-points (10^-6) in an
//! `i128`: exact for every amount the platform can send, and for sums of them. Amounts cross
//! IPC as decimal text (`to_string`), never as numbers.

use std::fmt;
use std::ops::{Add, Neg, Sub};

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

const SCALE_DIGITS: usize = 6;
const SCALE: i128 = 1_000_000;

/// An exact, signed number of points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points {
    micro: i128,
}

impl Points {
    pub const ZERO: Points = Points { micro: 0 };

    pub fn whole(points: i64) -> Points {
        Points { micro: i128::from(points) * SCALE }
    }

    pub fn whole_u64(points: u64) -> Points {
        Points { micro: i128::from(points) * SCALE }
    }

    /// Parses plain decimal text: an optional `-`, digits, and at most six decimals
    /// ("859.75", "12", "-0.5", "860.00"). No exponent, no grouping, no `+`, no spaces.
    pub fn parse(text: &str) -> Option<Points> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int_part, frac_part) = match digits.split_once('.') {
            Some((i, f)) if !f.is_empty() => (i, f),
            Some(_) => return None,
            None => (digits, ""),
        };
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int_part.is_empty() || !all_digits(int_part) || !all_digits(frac_part) {
            return None;
        }
        // Trailing zeros beyond the scale carry no value ("1.2500000").
        let frac_part = frac_part.trim_end_matches('0');
        if frac_part.len() > SCALE_DIGITS || int_part.len() > 30 {
            return None;
        }
        let int: i128 = int_part.parse().ok()?;
        let mut frac: i128 = if frac_part.is_empty() { 0 } else { frac_part.parse().ok()? };
        for _ in frac_part.len()..SCALE_DIGITS {
            frac *= 10;
        }
        let micro = int.checked_mul(SCALE)?.checked_add(frac)?;
        Some(Points { micro: if negative { -micro } else { micro } })
    }

    /// Parses the text of any JSON number form: what `parse` takes, plus an exponent
    /// (`2.5e1`, `1E3`, `25e-1`), shifted exactly in decimal, never through a float.
    pub fn parse_number(text: &str) -> Option<Points> {
        let Some(at) = text.find(['e', 'E']) else {
            return Points::parse(text);
        };
        let (mantissa, exponent) = (&text[..at], &text[at + 1..]);
        let exponent: i32 = exponent.strip_prefix('+').unwrap_or(exponent).parse().ok()?;
        let (negative, digits) = match mantissa.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, mantissa),
        };
        let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        // Digits only before shifting: the shift slices by byte (a non-ASCII character
        // there panicked; found by fuzzing).
        if int_part.is_empty()
            || !all_digits(int_part)
            || !all_digits(frac_part)
            || exponent.unsigned_abs() > 40
        {
            return None;
        }
        // All digits, and where the decimal point sits after shifting by the exponent.
        let all: String = format!("{int_part}{frac_part}");
        let point = i32::try_from(int_part.len()).ok()? + exponent;
        let (int, frac) = if point <= 0 {
            ("0".to_owned(), format!("{}{all}", "0".repeat(point.unsigned_abs() as usize)))
        } else if point as usize >= all.len() {
            (format!("{all}{}", "0".repeat(point as usize - all.len())), String::new())
        } else {
            (all[..point as usize].to_owned(), all[point as usize..].to_owned())
        };
        let int = int.trim_start_matches('0');
        let int = if int.is_empty() { "0" } else { int };
        let frac = frac.trim_end_matches('0');
        let sign = if negative { "-" } else { "" };
        if frac.is_empty() {
            Points::parse(&format!("{sign}{int}"))
        } else {
            Points::parse(&format!("{sign}{int}.{frac}"))
        }
    }

    /// A JSON number or numeric string, exactly as the platform wrote it. Read payloads
    /// with `reading::exact_json` first: it hands a number with a fraction over as its
    /// text, so nothing here sees a float.
    pub fn from_json(value: &serde_json::Value) -> Option<Points> {
        match value {
            serde_json::Value::Number(n) => Points::parse_number(&n.to_string()),
            serde_json::Value::String(s) => Points::parse_number(s.trim()),
            _ => None,
        }
    }

    pub fn is_negative(self) -> bool {
        self.micro < 0
    }

    pub fn is_zero(self) -> bool {
        self.micro == 0
    }

    pub fn abs(self) -> Points {
        Points { micro: self.micro.abs() }
    }

    pub fn min(self, other: Points) -> Points {
        if self <= other {
            self
        } else {
            other
        }
    }

    /// `self / whole * 1000`, rounded down and clamped to 0..=1000: the share of a bar to
    /// fill, computed without floats. `None` when `whole` is not positive.
    pub fn permille_of(self, whole: Points) -> Option<u16> {
        if whole.micro <= 0 {
            return None;
        }
        let part = self.micro.clamp(0, whole.micro);
        // part <= whole < 2^127 / 1000 for any amount this app sees; saturate regardless.
        let scaled = part
            .checked_mul(1000)
            .map(|p| p / whole.micro)
            .unwrap_or_else(|| part / (whole.micro / 1000).max(1));
        Some(scaled.clamp(0, 1000) as u16)
    }
}

impl Points {
    /// An amount a platform reported in a header, as it may write it (readings audit L2):
    /// `6`, ` 6 `, `6.000`, `0.125`, `1,000`, `6 points`, `6 积分`, `6e0`. Grouping commas
    /// only between groups of three digits; a unit word only after the number. Anything
    /// else (`lots`, `6 points!`, `1,00`) is not an amount.
    pub fn read_reported(text: &str) -> Option<Points> {
        let text = text.trim();
        let number = match text.split_once(char::is_whitespace) {
            Some((n, unit)) => {
                let unit = unit.trim().to_lowercase();
                matches!(unit.as_str(), "point" | "points" | "pts" | "pt" | "积分" | "点").then_some(n)?
            }
            None => text.strip_suffix("积分").unwrap_or(text),
        };
        let (int, rest) = number.split_at(number.find(['.', 'e', 'E']).unwrap_or(number.len()));
        let int = if int.contains(',') {
            let mut groups = int.split(',');
            let first = groups.next()?;
            let grouped = (1..=3).contains(&first.trim_start_matches('-').len())
                && groups.all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()));
            if !grouped {
                return None;
            }
            int.replace(',', "")
        } else {
            int.to_owned()
        };
        let plain = format!("{int}{rest}");
        Points::parse(&plain).or_else(|| Points::parse_number(&plain))
    }

    /// The decimals this amount is written with ("10" → 0, "2.5" → 1, "0.125" → 3).
    pub fn decimals(self) -> u32 {
        let mut frac = self.micro.unsigned_abs() % SCALE as u128;
        if frac == 0 {
            return 0;
        }
        let mut digits = SCALE_DIGITS as u32;
        while frac.is_multiple_of(10) {
            frac /= 10;
            digits -= 1;
        }
        digits
    }

    /// A non-negative price per `per` units, prorated to `used` units and rounded up to
    /// the price's own decimals (10 per 1000 for 31 → 1; 2.5 per 1000 for 31 → 0.1): the
    /// platform charges in the precision it prices in. `None` for `per` = 0 or a negative
    /// price.
    pub fn prorated(self, used: u64, per: u64) -> Option<Points> {
        if per == 0 || self.micro < 0 {
            return None;
        }
        let exact = self.micro.checked_mul(i128::from(used))?;
        let step = 10_i128.pow(SCALE_DIGITS as u32 - self.decimals());
        let unit = i128::from(per).checked_mul(step)?;
        // ceil(exact / per) rounded up to a multiple of `step`, in one division.
        let steps = exact.checked_add(unit - 1)? / unit;
        Some(Points { micro: steps.checked_mul(step)? })
    }
}

/// A price per block times a number of blocks.
impl std::ops::Mul<u64> for Points {
    type Output = Points;
    fn mul(self, rhs: u64) -> Points {
        Points { micro: self.micro.saturating_mul(i128::from(rhs)) }
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.micro < 0 { "-" } else { "" };
        let abs = self.micro.unsigned_abs();
        let int = abs / SCALE as u128;
        let frac = abs % SCALE as u128;
        if frac == 0 {
            return write!(f, "{sign}{int}");
        }
        let frac = format!("{frac:0width$}", width = SCALE_DIGITS);
        write!(f, "{sign}{int}.{}", frac.trim_end_matches('0'))
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points { micro: self.micro.saturating_add(rhs.micro) }
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points { micro: self.micro.saturating_sub(rhs.micro) }
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points { micro: -self.micro }
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// Accepts a JSON integer (exactly, whatever its size up to u64) or decimal text. A JSON
/// number with a fraction or an exponent is refused here: serde_json would have read it
/// as an f64 already, and an amount must never go through a float. Answers that may carry
/// such numbers are read through `reading::exact_json`, which hands them over as text.
impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PointsVisitor;

        impl Visitor<'_> for PointsVisitor {
            type Value = Points;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer or a decimal string of points")
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Points, E> {
                Ok(Points::whole(v))
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Points, E> {
                Ok(Points::whole_u64(v))
            }

            fn visit_f64<E: de::Error>(self, _v: f64) -> Result<Points, E> {
                Err(E::custom("a fractional amount must be sent as decimal text, not as a JSON float"))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Points, E> {
                Points::parse_number(v.trim())
                    .ok_or_else(|| E::custom(format!("not a decimal amount: {v:?}")))
            }
        }

        deserializer.deserialize_any(PointsVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_exactly() {
        for (text, shown) in [
            ("859.75", "859.75"),
            ("9007199254740993", "9007199254740993"),
            ("860.00", "860"),
            ("-0.5", "-0.5"),
            ("0.000001", "0.000001"),
            ("12.3400000000", "12.34"),
            ("0", "0"),
        ] {
            assert_eq!(Points::parse(text).map(|p| p.to_string()).as_deref(), Some(shown), "{text}");
        }
        for bad in ["", "-", "1.", ".5", "1e3", "+1", "1,000", " 1", "0.0000001", "NaN", "1.2.3"] {
            assert_eq!(Points::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn arithmetic_stays_exact_beyond_two_to_the_53() {
        let wallet = Points::parse("9007199254740993").unwrap();
        let spent = Points::parse("0.25").unwrap();
        assert_eq!((wallet - spent).to_string(), "9007199254740992.75");
        assert_eq!((wallet - spent + spent), wallet);
        assert_eq!((spent - wallet).to_string(), "-9007199254740992.75");
    }

    #[test]
    fn json_integers_are_read_exactly_and_floats_refused() {
        let v: Points = serde_json::from_str("9007199254740993").unwrap();
        assert_eq!(v.to_string(), "9007199254740993");
        let v: Points = serde_json::from_str("18446744073709551615").unwrap();
        assert_eq!(v.to_string(), "18446744073709551615");
        let v: Points = serde_json::from_str("\"859.75\"").unwrap();
        assert_eq!(v.to_string(), "859.75");
        assert!(serde_json::from_str::<Points>("859.75").is_err());
        assert!(serde_json::from_str::<Points>("1e3").is_err());
    }

    #[test]
    fn permille_is_integer_and_clamped() {
        let limit = Points::whole(1000);
        assert_eq!(Points::parse("140.25").unwrap().permille_of(limit), Some(140));
        assert_eq!(Points::whole(2000).permille_of(limit), Some(1000));
        assert_eq!(Points::whole(-5).permille_of(limit), Some(0));
        assert_eq!(Points::whole(5).permille_of(Points::ZERO), None);
    }
}

#[cfg(test)]
mod price_tests {
    use super::*;

    #[test]
    fn reported_amounts_are_read_in_every_plain_form_and_nothing_else() {
        for (raw, want) in [
            ("6", "6"),
            (" 6 ", "6"),
            ("6.000", "6"),
            ("0.125", "0.125"),
            ("1,000", "1000"),
            ("12,345.5", "12345.5"),
            ("6 points", "6"),
            ("1 point", "1"),
            ("6 积分", "6"),
            ("6积分", "6"),
            ("6e0", "6"),
        ] {
            assert_eq!(Points::read_reported(raw).map(|p| p.to_string()).as_deref(), Some(want), "{raw}");
        }
        for raw in ["", "lots", "6 points!", "1,00", "1,0000", "points 6", "6 apples", ",100"] {
            assert_eq!(Points::read_reported(raw), None, "{raw}");
        }
    }

    #[test]
    fn prorating_rounds_up_to_the_price_own_decimals() {
        let p = |t: &str| Points::parse(t).unwrap();
        let pro = |price: &str, used: u64, per: u64| p(price).prorated(used, per).map(|x| x.to_string());
        assert_eq!(pro("10", 31, 1000).as_deref(), Some("1"));
        assert_eq!(pro("10", 1000, 1000).as_deref(), Some("10"));
        assert_eq!(pro("10", 1001, 1000).as_deref(), Some("11"));
        assert_eq!(pro("2.5", 31, 1000).as_deref(), Some("0.1"));
        assert_eq!(pro("0.125", 3, 1000).as_deref(), Some("0.001"));
        assert_eq!(pro("10", 0, 1000).as_deref(), Some("0"));
        assert_eq!(pro("10", 31, 0), None);
        assert_eq!(p("-1").prorated(1, 1), None);
        assert_eq!(Points::whole(i64::MAX).prorated(u64::MAX, 1), None, "overflow is no price");
        assert_eq!((p("10").decimals(), p("2.50").decimals(), p("0.000001").decimals()), (0, 1, 6));
    }

    #[test]
    fn every_json_number_form_is_exact() {
        for (text, shown) in [
            ("2.5", "2.5"),
            ("25e-1", "2.5"),
            ("2.5E1", "25"),
            ("1e3", "1000"),
            ("-0.75e+2", "-75"),
            ("9007199254740993", "9007199254740993"),
            ("9007199254740993.25", "9007199254740993.25"),
            ("0.000001", "0.000001"),
        ] {
            assert_eq!(Points::parse_number(text).map(|p| p.to_string()).as_deref(), Some(shown), "{text}");
        }
        for bad in ["1e", "e3", "1e3.5", "0.0000001", "1e99"] {
            assert_eq!(Points::parse_number(bad), None, "{bad}");
        }
        // A fraction beyond 2^53 read from the JSON text is kept to the last digit.
        let v = crate::foundation::reading::exact_json(r#"{"p": 9007199254740993.25}"#).unwrap();
        assert_eq!(Points::from_json(&v["p"]).unwrap().to_string(), "9007199254740993.25");
    }

    /// Found by fuzzing (`fuzz_points_any_text_never_panics`): a price sent as text with a
    /// non-ASCII character and an exponent panicked (a byte slice inside the character).
    #[test]
    fn text_with_other_characters_and_an_exponent_is_refused_not_a_panic() {
        for bad in ["é.1e-1", "1é5.2e-2", "１.5e0", "2.５e1", "-é1e0"] {
            assert_eq!(Points::parse_number(bad), None, "{bad}");
            assert_eq!(Points::from_json(&serde_json::json!(bad)), None, "{bad}");
        }
    }

    #[test]
    fn catalog_prices_parse_from_json_and_multiply_exactly() {
        assert_eq!(Points::from_json(&serde_json::json!(2.5)).unwrap().to_string(), "2.5");
        assert_eq!(Points::from_json(&serde_json::json!("45")).unwrap().to_string(), "45");
        assert_eq!(Points::from_json(&serde_json::json!(null)), None);
        assert_eq!((Points::whole(3) * 4).to_string(), "12");
        assert_eq!((Points::parse("0.1").unwrap() * 3).to_string(), "0.3");
    }
}
