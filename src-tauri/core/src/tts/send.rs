//! One `POST /api/proxy/v1/audio/speech` attempt, classified for the retry rules (H1):
//! automatic retries only for connect errors, timeouts, 429 (honouring `Retry-After`), 502,
//! 503 and 504; a manual retry otherwise; never a new request id for an unknown outcome.

use std::time::Duration;

use reqwest::header::{HeaderMap, ACCEPT, CONTENT_TYPE, RETRY_AFTER};
use reqwest::StatusCode;

use super::wire::SpeechReceipt;
use crate::api::context::ContextCall;
use crate::api::{read_envelope, PlatformClient};
use crate::error::{Error, Result};

pub const SPEECH_PATH: &str = "/api/proxy/v1/audio/speech";

pub const ALREADY_SETTLED: &str = "TTS_REQUEST_ALREADY_SETTLED";
pub const ACTIVATION_IN_PROGRESS: &str = "TTS_VOICE_ACTIVATION_IN_PROGRESS";
pub const REQUEST_IN_PROGRESS: &str = "TTS_REQUEST_IN_PROGRESS";

/// How hard to try before handing the decision to the person.
#[derive(Debug, Clone)]
pub struct RetryPolicy {
    /// Sends per action, the first included.
    pub max_attempts: u32,
    pub base_delay: Duration,
    pub max_delay: Duration,
    /// A longer `Retry-After` stops automatic retries (the person decides when).
    pub max_retry_after: Duration,
    /// Whole request, headers and audio body.
    pub request_timeout: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 4,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(8),
            max_retry_after: Duration::from_secs(30),
            request_timeout: Duration::from_secs(300),
        }
    }
}

impl RetryPolicy {
    /// Exponential backoff after attempt `n` (1-based), at least what `Retry-After` asked.
    pub fn delay(&self, attempt: u32, retry_after: Option<Duration>) -> Duration {
        let exp = self
            .base_delay
            .saturating_mul(1u32 << attempt.saturating_sub(1).min(16));
        exp.min(self.max_delay).max(retry_after.unwrap_or_default())
    }
}

/// What one attempt came to.
#[allow(
    clippy::large_enum_variant,
    reason = "one value per send, consumed at once"
)]
pub enum Attempt {
    /// 2xx: the audio follows in the body.
    Audio {
        receipt: SpeechReceipt,
        response: reqwest::Response,
    },
    /// Worth an automatic retry. `unknown`: the platform may have acted on it.
    Retry {
        unknown: bool,
        retry_after: Option<Duration>,
        error: Error,
    },
    /// The platform settled this request id earlier.
    AlreadySettled(Error),
    /// The outcome is unknown and only the person should retry (same id).
    Unknown(Error),
    /// A definite answer that settled nothing.
    Rejected { error: Error, retryable: bool },
    /// 401: the session ended.
    Unauthorized(Error),
}

fn header(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

pub fn receipt_from(headers: &HeaderMap) -> SpeechReceipt {
    SpeechReceipt {
        request_id: header(headers, "x-xiaoya-request-id"),
        tts_config_id: header(headers, "x-xiaoya-tts-config-id"),
        voice_id: header(headers, "x-xiaoya-voice-id"),
        input_characters: header(headers, "x-xiaoya-input-characters"),
        usage_characters: header(headers, "x-xiaoya-usage-characters"),
        actual_usage: header(headers, "x-xiaoya-actual-usage"),
        audio_duration_ms: header(headers, "x-xiaoya-audio-duration-ms"),
        charged_points: header(headers, "x-xiaoya-charged-points"),
    }
}

/// `Retry-After`: delta-seconds or an HTTP date.
pub fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let raw = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(secs) = raw.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let when =
        time::OffsetDateTime::parse(raw, &time::format_description::well_known::Rfc2822).ok()?;
    let wait = when - time::OffsetDateTime::now_utc();
    Some(Duration::try_from(wait).unwrap_or(Duration::ZERO))
}

fn classify_status(status: StatusCode, retry_after: Option<Duration>, error: Error) -> Attempt {
    let code = match &error {
        Error::Platform { code, .. } => code.as_str(),
        Error::Unauthorized { .. } => return Attempt::Unauthorized(error),
        _ => "",
    };
    match (status.as_u16(), code) {
        (_, ALREADY_SETTLED) => Attempt::AlreadySettled(error),
        (_, ACTIVATION_IN_PROGRESS) => Attempt::Rejected {
            error,
            retryable: false,
        },
        (_, REQUEST_IN_PROGRESS) => Attempt::Unknown(error),
        (429, _) => Attempt::Retry {
            unknown: false,
            retry_after,
            error,
        },
        (502..=504, _) => Attempt::Retry {
            unknown: true,
            retry_after,
            error,
        },
        (402, _) => Attempt::Rejected {
            error,
            retryable: true,
        },
        (s, _) if s >= 500 => Attempt::Unknown(error),
        _ => Attempt::Rejected {
            error,
            retryable: false,
        },
    }
}

/// Sends the journaled body once under `request_id`.
pub async fn send_once(
    client: &PlatformClient,
    call: &ContextCall,
    request_id: &str,
    body: &str,
    policy: &RetryPolicy,
) -> Result<Attempt> {
    let url = PlatformClient::url(&call.origin, SPEECH_PATH)?;
    let mut req = client
        .http()
        .post(url)
        .timeout(policy.request_timeout)
        .bearer_auth(call.token.expose())
        .header("X-Request-ID", request_id)
        .header(CONTENT_TYPE, "application/json")
        .header(ACCEPT, "audio/mpeg, audio/wav, audio/*, application/json")
        .body(body.to_owned());
    if let Some(team) = call.team_id() {
        req = req.header("X-Xiaoya-Team-Id", team);
    }
    let response = match req.send().await {
        Ok(r) => r,
        Err(e) => {
            // A connect error never reached the platform; anything later may have.
            let unknown = !e.is_connect();
            return Ok(Attempt::Retry {
                unknown,
                retry_after: None,
                error: Error::Transport(e),
            });
        }
    };
    let status = response.status();
    if status.is_success() {
        let receipt = receipt_from(response.headers());
        return Ok(Attempt::Audio { receipt, response });
    }
    let wait = retry_after(response.headers());
    let error = match read_envelope::<serde_json::Value>(response).await {
        Err(e) => e,
        Ok(_) => Error::Decode(format!("HTTP {status} with a success envelope")),
    };
    if let Error::Transport(_) = error {
        // The error body broke off: the status still tells what happened.
        return Ok(Attempt::Retry {
            unknown: true,
            retry_after: wait,
            error,
        });
    }
    Ok(classify_status(status, wait, error))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn platform(status: u16, code: &str) -> Error {
        Error::Platform {
            status,
            code: code.into(),
            message: String::new(),
            request_id: None,
        }
    }

    #[test]
    fn only_the_listed_failures_are_retried_automatically() {
        let s = |n| StatusCode::from_u16(n).unwrap();
        assert!(matches!(
            classify_status(s(429), None, platform(429, "RATE_LIMITED")),
            Attempt::Retry { unknown: false, .. }
        ));
        for n in [502, 503, 504] {
            assert!(matches!(
                classify_status(s(n), None, platform(n, "X")),
                Attempt::Retry { unknown: true, .. }
            ));
        }
        assert!(matches!(
            classify_status(s(500), None, platform(500, "INTERNAL_ERROR")),
            Attempt::Unknown(_)
        ));
        assert!(matches!(
            classify_status(s(402), None, platform(402, "INSUFFICIENT_POINTS")),
            Attempt::Rejected {
                retryable: true,
                ..
            }
        ));
        assert!(matches!(
            classify_status(s(409), None, platform(409, ALREADY_SETTLED)),
            Attempt::AlreadySettled(_)
        ));
        assert!(matches!(
            classify_status(s(409), None, platform(409, ACTIVATION_IN_PROGRESS)),
            Attempt::Rejected {
                retryable: false,
                ..
            }
        ));
        assert!(matches!(
            classify_status(s(422), None, platform(422, "HTTP_422")),
            Attempt::Rejected {
                retryable: false,
                ..
            }
        ));
    }

    #[test]
    fn backoff_grows_and_respects_retry_after() {
        let p = RetryPolicy::default();
        assert_eq!(p.delay(1, None), Duration::from_millis(500));
        assert_eq!(p.delay(2, None), Duration::from_secs(1));
        assert_eq!(p.delay(10, None), Duration::from_secs(8));
        assert_eq!(
            p.delay(1, Some(Duration::from_secs(3))),
            Duration::from_secs(3)
        );
        let mut h = HeaderMap::new();
        h.insert(RETRY_AFTER, "7".parse().unwrap());
        assert_eq!(retry_after(&h), Some(Duration::from_secs(7)));
        h.insert(
            RETRY_AFTER,
            "Sun, 06 Nov 1994 08:49:37 GMT".parse().unwrap(),
        );
        assert_eq!(
            retry_after(&h),
            Some(Duration::ZERO),
            "a date in the past means now"
        );
    }
}
