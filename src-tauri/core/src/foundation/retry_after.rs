//! `Retry-After` (RFC 9110 §10.2.3), read the same way for chat and speech: delta-seconds or
//! an HTTP date. Each area then decides whether to wait that long by itself or to hand the
//! wait to the person (both cap it; a longer wait is shown, never shortened).

use std::time::Duration;

use reqwest::header::{HeaderMap, RETRY_AFTER};

/// The longest `Retry-After` the app waits out by itself before an automatic retry.
pub const MAX_AUTOMATIC_WAIT: Duration = Duration::from_secs(30);

/// How long the platform asked to wait, if it said so in a form this understands:
/// `Retry-After` (see [`parse`]); else `Retry-After-Ms` (milliseconds, as some gateways send
/// it); else `X-RateLimit-Reset` (see [`parse_reset`]) (READINGS B11).
pub fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let now = time::OffsetDateTime::now_utc();
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    text(RETRY_AFTER.as_str())
        .and_then(|raw| parse(raw, now))
        .or_else(|| text("retry-after-ms").and_then(|raw| number(raw).map(|ms| ms / 1000.0)).map(seconds))
        .or_else(|| text("x-ratelimit-reset").and_then(|raw| parse_reset(raw, now)))
}

/// `raw` as delta-seconds, or an HTTP date in any of the three forms RFC 9110 §5.6.7 has
/// recipients accept (IMF-fixdate, RFC 850, asctime; any date RFC 2822 parsing accepts too);
/// a date in the past means "now". Delta-seconds with a fraction (`1.5`, which RFC 9110 does
/// not define but servers send) are read as written, never as "no wait". Delta-seconds too
/// large to hold are the longest wait there is (as RFC 9111 §1.2.2 says for overflowing
/// delta-seconds), never "no wait".
pub fn parse(raw: &str, now: time::OffsetDateTime) -> Option<Duration> {
    let raw = raw.trim();
    if !raw.is_empty() && raw.bytes().all(|b| b.is_ascii_digit()) {
        return Some(Duration::from_secs(raw.parse::<u64>().unwrap_or(u64::MAX)));
    }
    if let Some(secs) = number(raw) {
        return Some(seconds(secs));
    }
    let when = time::OffsetDateTime::parse(raw, &time::format_description::well_known::Rfc2822)
        .ok()
        .or_else(|| httpdate::parse_http_date(raw).ok().map(time::OffsetDateTime::from))?;
    Some(Duration::try_from(when - now).unwrap_or(Duration::ZERO))
}

/// `X-RateLimit-Reset`, which platforms write either as seconds until the window resets or
/// as the Unix time it resets at: a number of a billion or more (September 2001 onwards as
/// a time, 31 years as a wait) is read as the time, anything smaller as the wait.
pub fn parse_reset(raw: &str, now: time::OffsetDateTime) -> Option<Duration> {
    let value = number(raw)?;
    if value < 1.0e9 {
        return Some(seconds(value));
    }
    let now = now.unix_timestamp() as f64 + f64::from(now.nanosecond()) / 1.0e9;
    Some(seconds((value - now).max(0.0)))
}

/// Digits with at most one decimal point (`1.5`, `0`, `.5`): no sign, no exponent.
fn number(raw: &str) -> Option<f64> {
    let raw = raw.trim();
    let plain = !raw.is_empty()
        && raw.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && raw.bytes().filter(|b| *b == b'.').count() <= 1
        && raw.bytes().any(|b| b.is_ascii_digit());
    plain.then(|| raw.parse::<f64>().ok()).flatten().filter(|n| n.is_finite())
}

/// A wait of `secs` seconds; one too long to hold is the longest there is.
fn seconds(secs: f64) -> Duration {
    Duration::try_from_secs_f64(secs).unwrap_or(Duration::MAX)
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

    /// READINGS B11: the other forms a wait is written in.
    #[test]
    fn fractional_seconds_older_date_forms_and_other_headers_are_read() {
        let now = datetime!(2026-12-01 10:00:00 UTC);
        assert_eq!(parse("1.5", now), Some(Duration::from_millis(1500)));
        assert_eq!(parse("0", now), Some(Duration::ZERO));
        assert_eq!(parse("86400", now), Some(Duration::from_secs(86400)));
        assert_eq!(parse("Tuesday, 01-Dec-26 10:01:00 GMT", now), Some(Duration::from_secs(60)), "RFC 850");
        assert_eq!(parse("Tue Dec  1 10:02:00 2026", now), Some(Duration::from_secs(120)), "asctime");
        assert_eq!(parse("1.2.3", now), None);
        assert_eq!(parse("1e3", now), None);
        let headers = |pairs: &[(&'static str, &str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.insert(*name, value.parse().unwrap());
            }
            map
        };
        assert_eq!(retry_after(&headers(&[("retry-after-ms", "2500")])), Some(Duration::from_millis(2500)));
        assert_eq!(retry_after(&headers(&[("x-ratelimit-reset", "30")])), Some(Duration::from_secs(30)));
        assert_eq!(
            retry_after(&headers(&[("retry-after", "2"), ("retry-after-ms", "9000")])),
            Some(Duration::from_secs(2)),
            "Retry-After wins"
        );
        let at = (now + time::Duration::seconds(45)).unix_timestamp().to_string();
        assert_eq!(parse_reset(&at, now), Some(Duration::from_secs(45)), "a Unix time");
        assert_eq!(parse_reset("1000000000", now), Some(Duration::ZERO), "a time in the past is now");
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
