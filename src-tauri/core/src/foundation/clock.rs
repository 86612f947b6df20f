//! The one clock and the one timestamp format of the core: Unix milliseconds inside, and
//! RFC 3339 in UTC with exactly three fractional digits on the wire and in exports, so
//! timestamps sort as text the way they sort as times (a variable-width fraction put
//! `…:05Z` after `…:05.300Z`).

use time::OffsetDateTime;

/// Now, in Unix milliseconds.
pub fn now_ms() -> i64 {
    i64::try_from(OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000).unwrap_or(0)
}

/// `ms` (Unix milliseconds) as `YYYY-MM-DDTHH:MM:SS.mmmZ`; empty outside the years 0–9999.
pub fn rfc3339_ms(ms: i64) -> String {
    let format = time::macros::format_description!(
        "[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z"
    );
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .filter(|t| (0..=9999).contains(&t.year()))
        .and_then(|t| t.format(&format).ok())
        .unwrap_or_default()
}

/// `secs` (Unix seconds) in the same format.
pub fn rfc3339(secs: i64) -> String {
    secs.checked_mul(1000).map(rfc3339_ms).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_timestamp_has_three_fractional_digits_and_sorts_as_text() {
        assert_eq!(rfc3339_ms(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(rfc3339_ms(1_764_590_405_000), "2025-12-01T12:00:05.000Z");
        assert_eq!(rfc3339_ms(1_764_590_405_050), "2025-12-01T12:00:05.050Z");
        assert_eq!(rfc3339(1_764_590_405), "2025-12-01T12:00:05.000Z");
        let times = [1_764_590_405_000, 1_764_590_405_001, 1_764_590_405_300, 1_764_590_406_000];
        let texts: Vec<String> = times.iter().map(|&t| rfc3339_ms(t)).collect();
        let mut sorted = texts.clone();
        sorted.sort();
        assert_eq!(texts, sorted);
        // What the UI reads back is the same instant.
        let back = OffsetDateTime::parse(&texts[2], &time::format_description::well_known::Rfc3339).unwrap();
        assert_eq!(back.unix_timestamp_nanos() / 1_000_000, 1_764_590_405_300);
    }

    #[test]
    fn out_of_range_times_are_empty_not_a_panic() {
        assert_eq!(rfc3339_ms(i64::MAX), "");
        assert_eq!(rfc3339(i64::MAX), "");
        assert_eq!(rfc3339_ms(-70_000_000_000_000), "");
    }
}
