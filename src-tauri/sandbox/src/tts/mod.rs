//! The TTS gateway: `GET /api/proxy/v1/tts/options` and `POST /api/proxy/v1/audio/speech`,
//! plus the voice-library page that `voiceLibraryUrl` points to.

mod encode;
mod input;
mod options;
mod pricing;
mod speech;
mod synth;

use std::sync::Arc;

use axum::routing::{get, post};
use axum::Router;
use time::OffsetDateTime;

use crate::seed::{SeedVoice, TtsConfig};
use crate::state::Shared;
use crate::world::{AccountKey, OwnedVoice, VoiceLifecycle, World, ACTIVATION_RECONCILE_AFTER};

pub(crate) fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/proxy/v1/tts/options", get(options::tts_options))
        .route("/api/proxy/v1/audio/speech", post(speech::create_speech))
        .route("/voices", get(options::voice_library_page))
}

/// A voice as one configuration offers it to one account context.
#[derive(Clone, Debug)]
pub(crate) enum OfferedVoice {
    Shared(SeedVoice),
    Owned(OwnedVoice),
}

impl OfferedVoice {
    pub fn voice_id(&self) -> &str {
        match self {
            OfferedVoice::Shared(v) => v.voice_id,
            OfferedVoice::Owned(v) => &v.voice_id,
        }
    }
}

/// Applies the sandbox clock to cloned voices: a missed first-use deadline expires a pending
/// voice; a settled-but-unconfirmed first use is reconciled (activated) after a while.
pub(crate) fn refresh_voice_lifecycles(world: &mut World, now: OffsetDateTime) {
    for voice in world.voices.values_mut().flatten() {
        let next = match &voice.lifecycle {
            VoiceLifecycle::PendingActivation { activation: Some(a), .. } => match a.settled_at {
                Some(settled) if now >= settled + ACTIVATION_RECONCILE_AFTER => Some(VoiceLifecycle::Active),
                _ => None,
            },
            VoiceLifecycle::PendingActivation { expires_at, activation: None, .. } if now >= *expires_at => {
                Some(VoiceLifecycle::Expired { expired_at: *expires_at })
            }
            _ => None,
        };
        if let Some(next) = next {
            voice.lifecycle = next;
        }
    }
}

/// Shared voices of the configuration plus the account's own voices on its channel. Another
/// account's voices never appear.
pub(crate) fn offered_voices(world: &World, account: &AccountKey, config: &TtsConfig) -> Vec<OfferedVoice> {
    let mut voices: Vec<OfferedVoice> =
        config.shared_voices.iter().cloned().map(OfferedVoice::Shared).collect();
    if let Some(owned) = world.voices.get(account) {
        voices.extend(
            owned.iter().filter(|v| v.channel_id == config.channel_id).cloned().map(OfferedVoice::Owned),
        );
    }
    voices
}

pub(crate) fn lifecycle_state(lifecycle: &VoiceLifecycle) -> &'static str {
    match lifecycle {
        VoiceLifecycle::Active => "active",
        VoiceLifecycle::PendingActivation { .. } => "pending_activation",
        VoiceLifecycle::Expired { .. } => "expired",
    }
}

/// The catalog state of a voice (for `SandboxControl::voice_state`).
#[cfg_attr(not(feature = "control"), allow(dead_code))]
pub(crate) fn voice_state(shared: &Shared, team_id: Option<&str>, voice_id: &str) -> Option<&'static str> {
    let account = team_id.map_or(AccountKey::Personal, |t| AccountKey::Team(t.to_string()));
    let now = shared.now();
    let world = &mut *shared.world();
    refresh_voice_lifecycles(world, now);
    if let Some(owned) = world.voices.get(&account).and_then(|v| v.iter().find(|v| v.voice_id == voice_id)) {
        return Some(lifecycle_state(&owned.lifecycle));
    }
    let shared_voice = shared.tts.iter().flat_map(|c| c.shared_voices.iter()).any(|v| v.voice_id == voice_id);
    shared_voice.then_some("active")
}
