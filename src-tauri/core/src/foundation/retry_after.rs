//! `Retry-After` (RFC 9110 §10.2.3), read the same way for chat and speech: delta-seconds or
//! an HTTP date. Each area then decides whether to wait that long by itself or to hand the
//! wait to the person (both cap it; a longer wait is shown, never shortened).

use std::time::Duration;

use reqwest::header::{HeaderMap, RETRY_AFTER};

/// The longest `Retry-After` the app waits out by itself before an automatic retry.
pub const MAX_AUTOMATIC_WAIT: Duration = Duration::from_secs(30);

/// How long the platform asked to wait, if it said so in a form this understands.
pub fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    parse(headers.get(RETRY_AFTER)?.to_str().ok()?, time::OffsetDateTime::now_utc())
}

/// `raw` as delta-seconds (digits only) or a date RFC 2822 parsing accepts (the
/// IMF-fixdate among them); a date in the past means "now". Delta-seconds too large to hold
/// are the longest wait there is (as RFC 9111 §1.2.2 says for overflowing delta-seconds),
/// never "no wait".
pub fn parse(raw: &str, now: time::OffsetDateTime) -> Option<Duration> {
    let raw = raw.trim();
    if !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Duration::from_secs(raw.parse::<u64>().unwrap_or(u64::MAX)));
    }
    let when = time::OffsetDateTime::parse(raw, &time::format_description::well_known::Rfc2822).ok()?;
    Some(Duration::try_from(when - now).unwrap_or(Duration::ZERO))
}

/// Whole seconds, rounded up, for showing a wait to the person.
pub fn whole_seconds(wait: Duration) -> u64 {
    wait.as_secs().saturating_add(u64::from(wait.subsec_nanos() > 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn both_forms_of_retry_after_are_read() {
        let now = datetime!(2026-12-01 10:00:00 UTC);
        assert_eq!(parse("60", now), Some(Duration::from_secs(60)));
        assert_eq!(parse(" 7 ", now), Some(Duration::from_secs(7)));
        // RFC 9110's own example date, and one a minute after `now`.
        assert_eq!(parse("Sun, 06 Nov 1994 08:49:37 GMT", now), Some(Duration::ZERO), "past = now");
        assert_eq!(parse("Tue, 01 Dec 2026 10:01:00 GMT", now), Some(Duration::from_secs(60)));
        assert_eq!(parse("soon", now), None);
        assert_eq!(parse("-5", now), None);
        assert_eq!(whole_seconds(Duration::from_millis(1200)), 2);
    }

    /// Found while writing `fuzz_tests/retry_after.rs`: a delta-seconds past `u64::MAX` read as "no
    /// wait" (a read then retried within seconds); `whole_seconds(Duration::MAX)` overflowed.
    #[test]
    fn an_overflowing_wait_is_the_longest_wait_and_signs_are_not_digits() {
        let now = datetime!(2026-12-01 10:00:00 UTC);
        assert_eq!(parse("99999999999999999999999", now), Some(Duration::from_secs(u64::MAX)));
        assert_eq!(parse("+5", now), None, "delta-seconds are digits only");
        assert_eq!(whole_seconds(Duration::MAX), u64::MAX);
    }
}
