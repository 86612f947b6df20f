//! Cloned-voice activation: the first-use tariff, unconfirmed first uses, deadlines.

mod common;

use std::time::Duration;

use common::speech::*;
use common::*;
use reqwest::StatusCode;
use serde_json::json;
use xiaoya_sandbox::*;

#[tokio::test]
async fn first_use_of_a_pending_clone_charges_activation_and_activates_it() {
    let h = harness(true).await;
    let token = h.personal().await;
    let first = speak(&h, &token, "clone-1", standard(VOICE_PENDING_CLONE, "My own voice.")).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.number("x-xiaoya-charged-points"), 2 + VOICE_PENDING_ACTIVATION_POINTS as u64);
    assert_eq!(h.control.voice_state(None, VOICE_PENDING_CLONE), Some("active"));
    let charge = h.control.charges_for("clone-1").remove(0);
    assert_eq!(charge.activation_points, Some(VOICE_PENDING_ACTIVATION_POINTS));
    // Same channel, other configuration: no second cloning tariff.
    let again = speak(
        &h,
        &token,
        "clone-2",
        json!({ "tts_config_id": TTS_CONFIG_SECONDS, "voice": VOICE_PENDING_CLONE, "input": "Again." }),
    )
    .await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.number("x-xiaoya-charged-points"), 1);
}

#[tokio::test]
async fn an_unconfirmed_first_use_blocks_other_activations_until_reconciled() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.inject(Fault::once(Route::Speech, FaultKind::ResetAfterCommit));
    let lost = h
        .http
        .post(h.url(SPEECH))
        .bearer_auth(&token)
        .header("X-Request-ID", "lost-1")
        .json(&standard(VOICE_PENDING_CLONE, "Did it work?"))
        .send()
        .await;
    assert!(lost.is_err(), "the connection drops without a response");
    assert_eq!(h.control.charges_for("lost-1").len(), 1, "the charge was committed");
    assert_eq!(h.control.voice_state(None, VOICE_PENDING_CLONE), Some("pending_activation"));

    let other = speak(&h, &token, "other-2", standard(VOICE_PENDING_CLONE, "Try again")).await;
    assert_eq!(
        (other.status, error_code(&other.json()).to_string()),
        (StatusCode::CONFLICT, "TTS_VOICE_ACTIVATION_IN_PROGRESS".to_string())
    );
    let retry = speak(&h, &token, "lost-1", standard(VOICE_PENDING_CLONE, "Did it work?")).await;
    assert_eq!(
        (retry.status, error_code(&retry.json()).to_string()),
        (StatusCode::CONFLICT, "TTS_REQUEST_ALREADY_SETTLED".to_string())
    );
    assert_eq!(h.control.charges().len(), 1);

    h.control.advance_clock(Duration::from_secs(10 * 60));
    assert_eq!(h.control.voice_state(None, VOICE_PENDING_CLONE), Some("active"));
    let later = speak(&h, &token, "later-3", standard(VOICE_PENDING_CLONE, "Now")).await;
    assert_eq!((later.status, later.number("x-xiaoya-charged-points")), (StatusCode::OK, 2));
}

#[tokio::test]
async fn a_pending_clone_expires_at_its_deadline() {
    let h = harness(true).await;
    let token = h.personal().await;
    h.control.advance_clock(Duration::from_secs(5 * 24 * 3600));
    assert_eq!(h.control.voice_state(None, VOICE_PENDING_CLONE), Some("expired"));
    let speech = speak(&h, &token, "too-late", standard(VOICE_PENDING_CLONE, "Hello")).await;
    assert_eq!(
        (speech.status, error_code(&speech.json()).to_string()),
        (StatusCode::GONE, "TTS_VOICE_EXPIRED".to_string())
    );
}
