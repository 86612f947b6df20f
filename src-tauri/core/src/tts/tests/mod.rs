//! TTS against the sandbox: one test per documented behaviour.

mod catalog_tests;
mod cost_tests;
mod full_disk_tests;
mod ledger_tests;
mod resume_tests;
mod retry_tests;
mod security_tests;

use std::time::Duration;

use xiaoya_sandbox as sb;

use super::send::RetryPolicy;
use super::wire::{SpeechParams, SpeechRequest};
use crate::auth::wire::ContextRequest;
use crate::testing::Rig;

pub fn req(config: &str, voice: &str, text: &str, format: &str) -> SpeechRequest {
    SpeechRequest {
        tts_config_id: config.into(),
        voice_id: voice.into(),
        input: text.into(),
        response_format: format.into(),
        params: SpeechParams::default(),
        batch_id: None,
    }
}

pub fn standard(text: &str) -> SpeechRequest {
    req(sb::TTS_CONFIG_STANDARD, sb::VOICE_NARRATOR_WARM, text, "mp3")
}

/// Short delays so retry tests stay quick (Retry-After is still honoured).
pub fn fast_policy() -> RetryPolicy {
    RetryPolicy {
        max_attempts: 4,
        base_delay: Duration::from_millis(20),
        max_delay: Duration::from_millis(200),
        max_retry_after: Duration::from_secs(5),
        request_timeout: Duration::from_secs(20),
        idle_timeout: Duration::from_secs(5),
    }
}

/// A rig signed in to Personal with the TTS catalog loaded and fast retries.
pub async fn personal() -> Rig {
    let rig = Rig::new().await;
    rig.sign_in(ContextRequest::Personal).await;
    rig.core.tts().state().set_policy(fast_policy());
    rig.core.tts().tts_catalog().await.expect("catalog");
    rig
}

/// Rows of the local points ledger for a request id: (context_kind, team_id, kind, points).
pub async fn ledger_rows(rig: &Rig, request_id: &str) -> Vec<(String, String, String, Option<String>)> {
    sqlx::query_as("SELECT context_kind, team_id, kind, points FROM points_ledger WHERE request_id = ?")
        .bind(request_id)
        .fetch_all(rig.core.db().pool())
        .await
        .unwrap()
}

pub fn charged(rig: &Rig, request_id: &str) -> usize {
    rig.control().charges_for(request_id).len()
}
