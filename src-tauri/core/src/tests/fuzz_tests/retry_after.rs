//! `Retry-After` (`foundation::retry_after`): any header text never panics and reads only
//! as digits (delta-seconds, the longest wait when they overflow; with one decimal point,
//! READINGS B11) or a date; an IMF-fixdate
//! reads to exactly the time until it (zero once past); `whole_seconds` rounds up and never
//! overflows.

use std::time::Duration;

use proptest::prelude::*;
use reqwest::header::{HeaderMap, HeaderValue, RETRY_AFTER};
use time::{format_description::well_known::Rfc2822, OffsetDateTime};

use super::{config, re, text};
use crate::foundation::retry_after::{parse, retry_after, whole_seconds};

/// Text shaped like a `Retry-After` value: digits (some too many for a u64), signs,
/// spaces, dates and near-dates.
fn retry_after_ish() -> impl Strategy<Value = String> {
    prop_oneof![
        re("[ \t]{0,2}[+-]?[0-9]{1,30}[ \t]{0,2}"),
        re("(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Xyz), [0-3][0-9] (Jan|Feb|Mar|Dec|Foo) [0-9]{2,5} [0-2][0-9]:[0-6][0-9]:[0-6][0-9] (GMT|UTC|UT|Z|\\+0000|-0800|EST)?"),
        re("[0-9 .:,a-zA-Z+-]{0,32}"),
        text(),
    ]
}

/// Digits with one decimal point: delta-seconds with a fraction (READINGS B11).
fn decimal(raw: &str) -> bool {
    raw.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && raw.bytes().filter(|b| *b == b'.').count() == 1
        && raw.bytes().any(|b| b.is_ascii_digit())
}

/// Any instant from 1970 to 9999, to the second.
fn instant() -> impl Strategy<Value = OffsetDateTime> {
    (0i64..253_402_300_799).prop_map(|s| OffsetDateTime::from_unix_timestamp(s).expect("in range"))
}

/// `when` as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
fn imf_fixdate(when: OffsetDateTime) -> String {
    let format = time::macros::format_description!(
        "[weekday repr:short], [day] [month repr:short] [year] [hour]:[minute]:[second] GMT"
    );
    when.format(&format).expect("formats")
}

proptest! {
    #![proptest_config(config())]

    /// Any text: never a panic; digits read as exactly their seconds (saturating), with one
    /// decimal point as their seconds; other text only as an HTTP date (RFC 2822, RFC 850,
    /// asctime), and never as a negative wait.
    #[test]
    fn fuzz_retry_after_any_text_reads_only_digits_or_a_date(raw in retry_after_ish(), now in instant()) {
        let got = parse(&raw, now);
        let trimmed = raw.trim();
        if !trimmed.is_empty() && trimmed.bytes().all(|b| b.is_ascii_digit()) {
            let want = trimmed.parse::<u64>().unwrap_or(u64::MAX);
            prop_assert_eq!(got, Some(Duration::from_secs(want)));
        } else if let Some(wait) = got.filter(|_| decimal(trimmed)) {
            let want = trimmed.parse::<f64>().map_err(|e| TestCaseError::fail(format!("{raw:?}: {e}")))?;
            prop_assert!((wait.as_secs_f64() - want).abs() <= want * 1e-9 + 1e-9, "{raw:?} read as {wait:?}");
        } else if let Some(wait) = got {
            let when = OffsetDateTime::parse(trimmed, &Rfc2822)
                .or_else(|_| httpdate::parse_http_date(trimmed).map(OffsetDateTime::from))
                .map_err(|e| TestCaseError::fail(format!("{raw:?} read as {wait:?} but is no date: {e}")))?;
            let ahead = when - now;
            let want = if ahead.is_negative() { Duration::ZERO } else { Duration::try_from(ahead).unwrap_or(Duration::ZERO) };
            prop_assert_eq!(wait, want);
        }
        if let Some(wait) = got {
            let shown = whole_seconds(wait);
            prop_assert!(shown >= wait.as_secs());
        }
    }

    /// An IMF-fixdate (RFC 9110's preferred form) reads to exactly the seconds until it, or
    /// zero when it is past; surrounding spaces change nothing.
    #[test]
    fn fuzz_retry_after_dates_read_to_the_time_until_them(when in instant(), now in instant(), pad in re("[ \t]{0,3}")) {
        let raw = format!("{pad}{}{pad}", imf_fixdate(when));
        let want = u64::try_from((when - now).whole_seconds()).unwrap_or(0);
        prop_assert_eq!(parse(&raw, now), Some(Duration::from_secs(want)), "{}", raw);
    }

    /// Through the header map as the clients read it: any bytes a header value may hold
    /// never panic, and the wait is the one `parse` gives for the same text.
    #[test]
    fn fuzz_retry_after_header_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..40), raw in retry_after_ish()) {
        for candidate in [bytes, raw.into_bytes()] {
            let Ok(value) = HeaderValue::from_bytes(&candidate) else { continue };
            let mut headers = HeaderMap::new();
            headers.insert(RETRY_AFTER, value.clone());
            let got = retry_after(&headers);
            if let Ok(text) = value.to_str() {
                if text.trim().bytes().all(|b| b.is_ascii_digit()) {
                    prop_assert_eq!(got, parse(text, OffsetDateTime::now_utc()));
                }
            } else {
                prop_assert_eq!(got, None);
            }
        }
    }

    /// Whole seconds round up, exactly: never less than the wait, less than a second more,
    /// and no overflow at the largest wait.
    #[test]
    fn fuzz_retry_after_whole_seconds_round_up(secs in prop_oneof![any::<u64>(), u64::MAX - 2..=u64::MAX], nanos in prop_oneof![0u32..1_000_000_000, Just(0), Just(999_999_999)]) {
        let wait = Duration::new(secs, nanos);
        let shown = whole_seconds(wait);
        if nanos == 0 {
            prop_assert_eq!(shown, secs);
        } else {
            prop_assert_eq!(shown, secs.saturating_add(1));
        }
    }
}
