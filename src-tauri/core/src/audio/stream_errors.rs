//! Which audio stream errors end the output (R2) and which are glitches it plays through.

use std::time::Duration;

/// Which stream errors mean the device is gone (R2: drop the output, rebuild on the next
/// play). cpal keeps the stream running after the others: an xrun is a glitch it recovers
/// from, and the ALSA `pulse` plugin answers `snd_pcm_avail_delay` with a passing EIO (a
/// backend error) until its first timing update (alsa-plugins #65). Dropping the output on
/// those cut clips off or left them silent. A backend error that keeps coming for a second
/// (a server that went away) does count.
#[derive(Debug, Default, Clone)]
pub struct StreamErrors {
    /// When the current run of backend errors began, and the last one in it.
    burst: Option<(std::time::Instant, std::time::Instant)>,
}

impl StreamErrors {
    const BURST_GAP: Duration = Duration::from_millis(200);
    const BURST_FATAL: Duration = Duration::from_secs(1);

    /// Whether this error ends the stream.
    pub fn is_fatal(&mut self, kind: rodio::CpalErrorKind, now: std::time::Instant) -> bool {
        use rodio::CpalErrorKind as Kind;
        match kind {
            Kind::Xrun | Kind::DeviceChanged | Kind::RealtimeDenied => false,
            Kind::BackendError => {
                let since = |t| now.saturating_duration_since(t);
                let start = match self.burst {
                    Some((start, last)) if since(last) <= Self::BURST_GAP => start,
                    _ => now,
                };
                self.burst = Some((start, now));
                since(start) >= Self::BURST_FATAL
            }
            _ => true,
        }
    }
}

#[cfg(test)]
mod stream_error_tests {
    use std::time::{Duration, Instant};

    use rodio::CpalErrorKind as Kind;

    use super::StreamErrors;

    #[test]
    fn glitches_keep_the_stream_and_a_lost_device_ends_it() {
        let mut errors = StreamErrors::default();
        let now = Instant::now();
        assert!(!errors.is_fatal(Kind::Xrun, now));
        assert!(!errors.is_fatal(Kind::DeviceChanged, now));
        assert!(errors.is_fatal(Kind::DeviceNotAvailable, now));
        assert!(errors.is_fatal(Kind::StreamInvalidated, now));
    }

    #[test]
    fn a_passing_backend_error_is_a_glitch_and_a_lasting_one_ends_the_stream() {
        let mut errors = StreamErrors::default();
        let start = Instant::now();
        // The pulse plugin's EIO before its first timing update: a burst of a few ms.
        for ms in 0..20 {
            assert!(!errors.is_fatal(Kind::BackendError, start + Duration::from_millis(ms)));
        }
        // Later, a new burst starts afresh.
        let later = start + Duration::from_secs(5);
        assert!(!errors.is_fatal(Kind::BackendError, later));
        // Errors that keep coming for a second (the server went away).
        let mut fatal = false;
        for step in 1..=12 {
            fatal = errors.is_fatal(Kind::BackendError, later + Duration::from_millis(100 * step));
            if fatal {
                break;
            }
        }
        assert!(fatal, "a backend error lasting a second ends the stream");
    }
}
