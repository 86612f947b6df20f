//! Exact point amounts for estimates, receipts and totals. Prices and charges may be
//! fractional for Teams and wallets exceed 2^53, so amounts are never floats: they are kept
//! as integer micro-points and cross IPC as decimal text.

use std::fmt;
use std::ops::{Add, Mul, Sub};

const SCALE: i128 = 1_000_000;
const DECIMALS: usize = 6;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points {
    micro: i128,
}

impl Points {
    pub const ZERO: Points = Points { micro: 0 };

    pub fn whole(points: i64) -> Points {
        Points {
            micro: i128::from(points) * SCALE,
        }
    }

    /// Parses plain decimal text: `"12"`, `"0.5"`, `"-3.25"`, `"+2"`. At most six decimals;
    /// no exponent, no spaces inside. Anything else is `None` (never a guess).
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        let (negative, digits) = match text.as_bytes().first()? {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        if !all_digits(int_part) || !all_digits(frac_part) || frac_part.len() > DECIMALS {
            return None;
        }
        if digits.ends_with('.') || int_part.len() > 30 {
            return None;
        }
        let int: i128 = if int_part.is_empty() {
            0
        } else {
            int_part.parse().ok()?
        };
        let mut frac: i128 = if frac_part.is_empty() {
            0
        } else {
            frac_part.parse().ok()?
        };
        for _ in frac_part.len()..DECIMALS {
            frac *= 10;
        }
        let micro = int.checked_mul(SCALE)?.checked_add(frac)?;
        Some(Points {
            micro: if negative { -micro } else { micro },
        })
    }

    /// A JSON number or numeric string, exactly as the platform wrote it.
    pub fn from_json(value: &serde_json::Value) -> Option<Points> {
        match value {
            serde_json::Value::Number(n) => Points::parse(&n.to_string()),
            serde_json::Value::String(s) => Points::parse(s),
            _ => None,
        }
    }

    pub fn is_zero(self) -> bool {
        self.micro == 0
    }

    pub fn is_negative(self) -> bool {
        self.micro < 0
    }

    pub fn abs(self) -> Points {
        Points {
            micro: self.micro.abs(),
        }
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points {
            micro: self.micro.saturating_add(rhs.micro),
        }
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points {
            micro: self.micro.saturating_sub(rhs.micro),
        }
    }
}

impl Mul<u64> for Points {
    type Output = Points;
    fn mul(self, rhs: u64) -> Points {
        Points {
            micro: self.micro.saturating_mul(i128::from(rhs)),
        }
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    /// Shortest exact decimal: `12`, `0.5`, `-3.25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.micro < 0 { "-" } else { "" };
        let abs = self.micro.unsigned_abs();
        let scale = SCALE.unsigned_abs();
        let (int, frac) = (abs / scale, abs % scale);
        if frac == 0 {
            return write!(f, "{sign}{int}");
        }
        let frac = format!("{frac:0width$}", width = DECIMALS);
        write!(f, "{sign}{int}.{}", frac.trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_exactly() {
        for (text, shown) in [
            ("12", "12"),
            ("0.5", "0.5"),
            ("-3.250", "-3.25"),
            ("+2", "2"),
            (".5", "0.5"),
        ] {
            assert_eq!(
                Points::parse(text).map(|p| p.to_string()).as_deref(),
                Some(shown),
                "{text}"
            );
        }
        let big = Points::parse("9007199254740993").unwrap();
        assert_eq!(
            big.to_string(),
            "9007199254740993",
            "beyond 2^53 stays exact"
        );
        for bad in ["", "-", "1.", "1e3", "1.1234567", "abc", "1 2", "NaN"] {
            assert_eq!(Points::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn arithmetic_is_exact() {
        let a = Points::parse("0.1").unwrap();
        let b = Points::parse("0.2").unwrap();
        assert_eq!((a + b).to_string(), "0.3");
        assert_eq!((Points::whole(3) * 4).to_string(), "12");
        assert_eq!((a - b).to_string(), "-0.1");
        assert_eq!(
            Points::from_json(&serde_json::json!(2.5))
                .unwrap()
                .to_string(),
            "2.5"
        );
        assert_eq!(
            Points::from_json(&serde_json::json!("45"))
                .unwrap()
                .to_string(),
            "45"
        );
        assert_eq!(Points::from_json(&serde_json::json!(null)), None);
    }
}
