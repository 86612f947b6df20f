//! The sandbox clock: wall-clock time plus an offset that tests move forward, so code expiry,
//! token expiry and cloned-voice deadlines can be reached without waiting.

use std::sync::Mutex;
use std::time::Duration;

use time::OffsetDateTime;

#[derive(Debug, Default)]
pub(crate) struct Clock {
    offset: Mutex<Duration>,
}

impl Clock {
    pub fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc() + self.offset()
    }

    #[cfg_attr(not(feature = "control"), allow(dead_code))]
    pub fn advance(&self, by: Duration) {
        let mut offset = self.offset.lock().unwrap_or_else(|e| e.into_inner());
        *offset = offset.saturating_add(by);
    }

    fn offset(&self) -> Duration {
        *self.offset.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// RFC 3339 with second precision, as the platform's JSON shows timestamps.
pub(crate) fn rfc3339(at: OffsetDateTime) -> String {
    let at = at.replace_nanosecond(0).unwrap_or(at);
    at.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| at.unix_timestamp().to_string())
}
