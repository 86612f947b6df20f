//! One `POST /api/proxy/v1/audio/speech` attempt, classified for the retry rules (H1):
//! automatic retries only for connect errors, timeouts, 429 (honouring `Retry-After`), 502,
//! 503 and 504; a manual retry otherwise; never a new request id for an unknown outcome.

use std::time::Duration;

use reqwest::header::{HeaderMap, ACCEPT, CONTENT_TYPE};
use reqwest::StatusCode;

use super::wire::SpeechReceipt;
use crate::api::{read_envelope, PlatformClient};
use crate::auth::call::ContextCall;
use crate::foundation::error::{Error, Result};

pub const SPEECH_PATH: &str = "/api/proxy/v1/audio/speech";

pub const ALREADY_SETTLED: &str = "TTS_REQUEST_ALREADY_SETTLED";
pub const ACTIVATION_IN_PROGRESS: &str = "TTS_VOICE_ACTIVATION_IN_PROGRESS";
pub const REQUEST_IN_PROGRESS: &str = "TTS_REQUEST_IN_PROGRESS";

pub use super::state::RetryPolicy;

/// What one attempt came to.
#[allow(clippy::large_enum_variant, reason = "one value per send, consumed at once")]
pub enum Attempt {
    /// 2xx: the audio follows in the body.
    Audio { receipt: SpeechReceipt, response: reqwest::Response },
    /// Worth an automatic retry. `unknown`: the platform may have acted on it.
    Retry { unknown: bool, retry_after: Option<Duration>, error: Error },
    /// The platform settled this request id earlier.
    AlreadySettled(Error),
    /// The outcome is unknown and only the person should retry (same id).
    Unknown(Error),
    /// A definite answer that settled nothing.
    Rejected { error: Error, retryable: bool },
    /// 401: the session ended.
    Unauthorized(Error),
}

use crate::api::header_text as header;

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

pub use crate::foundation::retry_after::retry_after;

/// Platform codes the documentation names, for which a definite answer means what it says
/// even after an earlier attempt of the same request may have been acted on.
const DOCUMENTED_CODES: [&str; 4] = [
    "INSUFFICIENT_POINTS",
    "OPEN_AGENT_SCOPE_REQUIRED",
    "TEAM_CONTEXT_MISMATCH",
    "TEAM_OAUTH_AUTHORIZATION_REQUIRED",
];

/// `maybe_received`: an earlier send of this request id may have reached the platform. Then
/// a refusal the docs don't explain (409, 425, 429 once retries are spent, or an unlisted
/// code: the platform may still be reconciling the first attempt) leaves the outcome unknown,
/// with a later retry under the same id, never "failed" (which would leave only a new id).
fn classify_status(
    status: StatusCode,
    retry_after: Option<Duration>,
    error: Error,
    maybe_received: bool,
) -> Attempt {
    let code = match &error {
        Error::Platform { code, .. } => code.as_str(),
        Error::Unauthorized { .. } => return Attempt::Unauthorized(error),
        _ => "",
    };
    let s = status.as_u16();
    let documented = DOCUMENTED_CODES.contains(&code) || s == 422;
    match (s, code) {
        (_, ALREADY_SETTLED) => Attempt::AlreadySettled(error),
        // Our own first use may be the one being confirmed: wait for it, same id.
        (_, ACTIVATION_IN_PROGRESS) if maybe_received => Attempt::Unknown(error),
        (_, ACTIVATION_IN_PROGRESS) => Attempt::Rejected { error, retryable: false },
        (_, REQUEST_IN_PROGRESS) => Attempt::Unknown(error),
        (429, _) => Attempt::Retry { unknown: false, retry_after, error },
        (502..=504, _) => Attempt::Retry { unknown: true, retry_after, error },
        (s, _) if s >= 500 => Attempt::Unknown(error),
        (409 | 425, _) if maybe_received => Attempt::Unknown(error),
        _ if maybe_received && !documented => Attempt::Unknown(error),
        (402, _) => Attempt::Rejected { error, retryable: true },
        _ => Attempt::Rejected { error, retryable: false },
    }
}

/// The speech request for a journaled body, as sent and as copied ("Copy as curl").
pub fn speech_request(
    client: &PlatformClient,
    call: &ContextCall,
    request_id: &str,
    body: &str,
) -> Result<reqwest::RequestBuilder> {
    Ok(call
        .request(client, reqwest::Method::POST, SPEECH_PATH)?
        .header("X-Request-ID", request_id)
        .header(CONTENT_TYPE, "application/json")
        .header(ACCEPT, "audio/mpeg, audio/wav, audio/*, application/json")
        .body(body.to_owned()))
}

/// Sends the journaled body once under `request_id`.
pub async fn send_once(
    client: &PlatformClient,
    call: &ContextCall,
    request_id: &str,
    body: &str,
    policy: &RetryPolicy,
    maybe_received: bool,
) -> Result<Attempt> {
    let req = speech_request(client, call, request_id, body)?.timeout(policy.request_timeout);
    let response = match client.send(req).await {
        Ok(r) => r,
        // H1: only a connect error (never reached the platform) and a timeout (may have) are
        // retried by themselves; any other send error (a reset after sending, a broken
        // answer) may have been acted on, and the person decides when to retry (same id).
        Err(e) if e.is_connect() => {
            return Ok(Attempt::Retry { unknown: false, retry_after: None, error: Error::Transport(e) })
        }
        Err(e) if e.is_timeout() => {
            return Ok(Attempt::Retry { unknown: true, retry_after: None, error: Error::Transport(e) })
        }
        Err(e) => return Ok(Attempt::Unknown(Error::Transport(e))),
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
        // The error body broke off: not an answer to act on; the person decides (same id).
        return Ok(Attempt::Unknown(error));
    }
    Ok(classify_status(status, wait, error, maybe_received))
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::RETRY_AFTER;

    fn platform(status: u16, code: &str) -> Error {
        Error::Platform { status, code: code.into(), message: String::new(), request_id: None }
    }

    #[test]
    fn only_the_listed_failures_are_retried_automatically() {
        let s = |n| StatusCode::from_u16(n).unwrap();
        assert!(matches!(
            classify_status(s(429), None, platform(429, "RATE_LIMITED"), false),
            Attempt::Retry { unknown: false, .. }
        ));
        for n in [502, 503, 504] {
            assert!(matches!(
                classify_status(s(n), None, platform(n, "X"), false),
                Attempt::Retry { unknown: true, .. }
            ));
        }
        assert!(matches!(
            classify_status(s(500), None, platform(500, "INTERNAL_ERROR"), false),
            Attempt::Unknown(_)
        ));
        assert!(matches!(
            classify_status(s(402), None, platform(402, "INSUFFICIENT_POINTS"), false),
            Attempt::Rejected { retryable: true, .. }
        ));
        assert!(matches!(
            classify_status(s(409), None, platform(409, ALREADY_SETTLED), false),
            Attempt::AlreadySettled(_)
        ));
        assert!(matches!(
            classify_status(s(409), None, platform(409, ACTIVATION_IN_PROGRESS), false),
            Attempt::Rejected { retryable: false, .. }
        ));
        assert!(matches!(
            classify_status(s(422), None, platform(422, "HTTP_422"), false),
            Attempt::Rejected { retryable: false, .. }
        ));
    }

    /// Proves H1 (issue 11): once an earlier send may have reached the platform, a refusal
    /// the docs don't explain keeps the outcome unknown (retry later, same id); documented
    /// definite answers still mean what they say.
    #[test]
    fn after_an_unknown_outcome_an_unexplained_refusal_stays_unknown() {
        let s = |n| StatusCode::from_u16(n).unwrap();
        for (n, code) in
            [(409, "TTS_REQUEST_RECONCILING"), (425, "TOO_EARLY"), (400, "SOMETHING_NEW"), (409, "HTTP_409")]
        {
            assert!(
                matches!(classify_status(s(n), None, platform(n, code), true), Attempt::Unknown(_)),
                "{n} {code} after an unknown outcome"
            );
            assert!(
                matches!(
                    classify_status(s(n), None, platform(n, code), false),
                    Attempt::Rejected { retryable: false, .. }
                ),
                "{n} {code} on a first send is a refusal"
            );
        }
        assert!(matches!(
            classify_status(s(409), None, platform(409, ACTIVATION_IN_PROGRESS), true),
            Attempt::Unknown(_)
        ));
        assert!(matches!(
            classify_status(s(402), None, platform(402, "INSUFFICIENT_POINTS"), true),
            Attempt::Rejected { retryable: true, .. }
        ));
        assert!(matches!(
            classify_status(s(422), None, platform(422, "HTTP_422"), true),
            Attempt::Rejected { retryable: false, .. }
        ));
        assert!(matches!(
            classify_status(s(409), None, platform(409, ALREADY_SETTLED), true),
            Attempt::AlreadySettled(_)
        ));
    }

    #[test]
    fn backoff_grows_and_respects_retry_after() {
        let p = RetryPolicy::default();
        assert_eq!(p.delay(1, None), Duration::from_millis(500));
        assert_eq!(p.delay(2, None), Duration::from_secs(1));
        assert_eq!(p.delay(10, None), Duration::from_secs(8));
        assert_eq!(p.delay(1, Some(Duration::from_secs(3))), Duration::from_secs(3));
        let mut h = HeaderMap::new();
        h.insert(RETRY_AFTER, "7".parse().unwrap());
        assert_eq!(retry_after(&h), Some(Duration::from_secs(7)));
        h.insert(RETRY_AFTER, "Sun, 06 Nov 1994 08:49:37 GMT".parse().unwrap());
        assert_eq!(retry_after(&h), Some(Duration::ZERO), "a date in the past means now");
    }
}
