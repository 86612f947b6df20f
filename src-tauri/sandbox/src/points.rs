//! Exact point amounts.
//!
//! Team amounts may be fractional ("859.75") and the Team Alpha wallet is larger than 2^53, so a
//! float would round. Every amount is kept as an integer number of milli-points.

use std::fmt;
use std::ops::{Add, AddAssign, Sub, SubAssign};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

const MILLI: i128 = 1000;

/// An exact number of Xiaoya points, stored as milli-points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points {
    milli: i128,
}

impl Points {
    pub const ZERO: Points = Points { milli: 0 };

    /// A whole number of points.
    pub const fn whole(points: i64) -> Points {
        Points { milli: points as i128 * MILLI }
    }

    pub const fn from_milli(milli: i128) -> Points {
        Points { milli }
    }

    pub const fn milli(self) -> i128 {
        self.milli
    }

    /// The whole points, rounded down (what the platform's integer `*Points` fields show).
    pub fn floor_whole(self) -> i64 {
        let whole = self.milli.div_euclid(MILLI);
        i64::try_from(whole).unwrap_or(if whole < 0 { i64::MIN } else { i64::MAX })
    }

    /// The nearest whole number of points, halves up (how a platform that rounds to nearest
    /// writes an integer field: 859.75 → 860).
    pub fn round_whole(self) -> i64 {
        let whole = (self.milli + MILLI / 2).div_euclid(MILLI);
        i64::try_from(whole).unwrap_or(if whole < 0 { i64::MIN } else { i64::MAX })
    }

    pub fn is_whole(self) -> bool {
        self.milli % MILLI == 0
    }

    /// Parses a plain decimal such as `"859.75"`, `"12"` or `"-0.5"` (at most three decimals).
    pub fn parse(text: &str) -> Option<Points> {
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (int_part, frac_part) = match digits.split_once('.') {
            Some((i, f)) => (i, f),
            None => (digits, ""),
        };
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int_part.is_empty() || !all_digits(int_part) || !all_digits(frac_part) {
            return None;
        }
        if frac_part.len() > 3 || (digits.contains('.') && frac_part.is_empty()) {
            return None;
        }
        let int: i128 = int_part.parse().ok()?;
        let mut frac: i128 = if frac_part.is_empty() { 0 } else { frac_part.parse().ok()? };
        for _ in frac_part.len()..3 {
            frac *= 10;
        }
        let milli = int.checked_mul(MILLI)?.checked_add(frac)?;
        Some(Points { milli: if negative { -milli } else { milli } })
    }

    /// `units * milli_per_unit / 1000`, rounded up to the next milli-point.
    pub fn per_thousand_ceil(units: u64, milli_per_thousand: i128) -> Points {
        let product = i128::from(units) * milli_per_thousand;
        Points { milli: (product + 999).div_euclid(1000) }
    }

    /// Rounds up to a whole number of points.
    pub fn ceil_to_whole(self) -> Points {
        Points { milli: (self.milli + MILLI - 1).div_euclid(MILLI) * MILLI }
    }

    pub fn min(self, other: Points) -> Points {
        if self <= other {
            self
        } else {
            other
        }
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.milli < 0 { "-" } else { "" };
        let abs = self.milli.unsigned_abs();
        let int = abs / MILLI as u128;
        let frac = abs % MILLI as u128;
        if frac == 0 {
            return write!(f, "{sign}{int}");
        }
        let frac = format!("{frac:03}");
        write!(f, "{sign}{int}.{}", frac.trim_end_matches('0'))
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points { milli: self.milli + rhs.milli }
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, rhs: Points) -> Points {
        Points { milli: self.milli - rhs.milli }
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        self.milli += rhs.milli;
    }
}

impl SubAssign for Points {
    fn sub_assign(&mut self, rhs: Points) {
        self.milli -= rhs.milli;
    }
}

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        let text = match &value {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Number(n) => n.to_string(),
            _ => return Err(serde::de::Error::custom("points must be a decimal string or number")),
        };
        Points::parse(&text).ok_or_else(|| serde::de::Error::custom("invalid points amount"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_exact_decimals() {
        for text in ["0", "859.75", "9007199254740993", "0.001", "-12.5", "140.25"] {
            assert_eq!(Points::parse(text).map(|p| p.to_string()).as_deref(), Some(text));
        }
        assert_eq!(Points::parse("1.50").map(|p| p.to_string()).as_deref(), Some("1.5"));
        for bad in ["", ".5", "1.", "1.2345", "abc", "1e3", "--1"] {
            assert_eq!(Points::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn large_wallets_do_not_round() {
        let wallet = Points::whole(9_007_199_254_740_993);
        let after = wallet - Points::from_milli(336);
        assert_eq!(after.to_string(), "9007199254740992.664");
        assert_eq!(after.floor_whole(), 9_007_199_254_740_992);
    }

    #[test]
    fn rounding_helpers() {
        assert_eq!(Points::per_thousand_ceil(168, 2000), Points::from_milli(336));
        assert_eq!(Points::per_thousand_ceil(1, 1), Points::from_milli(1));
        assert_eq!(Points::from_milli(1).ceil_to_whole(), Points::whole(1));
        assert_eq!(Points::whole(3).ceil_to_whole(), Points::whole(3));
    }
}
