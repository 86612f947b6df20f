//! The `Tts` service: the catalog of the active context, estimates, synthesis (journal,
//! send, settle), the audio ledger and its totals. It owns the area's state (`state.rs`)
//! and reaches sessions, balances and playback through the services it is given.

use std::sync::Arc;

use super::state::TtsState;
use super::wire::SettledClip;
use crate::audio::wire::PlaybackState;
use crate::audio::Audio;
use crate::auth::Auth;
use crate::billing::Billing;
use crate::foundation::emitter::Emitter;
use crate::foundation::error::Result;
use crate::shared::Shared;

pub struct Tts {
    pub(crate) shared: Arc<Shared>,
    auth: Arc<Auth>,
    billing: Arc<Billing>,
    audio: Arc<Audio>,
    /// Catalogs per session, requests in flight, running totals, the retry policy.
    state: Arc<TtsState>,
    /// Where a clip that reached a settled status is announced.
    pub(super) events: Emitter<SettledClip>,
}

impl Tts {
    pub fn new(
        shared: Arc<Shared>,
        auth: Arc<Auth>,
        billing: Arc<Billing>,
        audio: Arc<Audio>,
        events: Emitter<SettledClip>,
    ) -> Self {
        Tts { shared, auth, billing, audio, state: Arc::default(), events }
    }

    pub fn state(&self) -> &Arc<TtsState> {
        &self.state
    }

    pub(crate) fn auth(&self) -> &Auth {
        &self.auth
    }

    pub(crate) fn billing(&self) -> &Arc<Billing> {
        &self.billing
    }

    /// Plays a saved clip of the active context from the start. No network, no charge.
    #[tracing::instrument(skip(self), err)]
    pub async fn play_clip(&self, clip_id: &str) -> Result<PlaybackState> {
        let session = self.auth().active_session().await?;
        let (row, path) = self.clip_audio_in(&super::store::ClipContext::of(&session), clip_id).await?;
        self.audio.play_file(row.id, path, row.format, session.id).await
    }

    pub(super) fn stop_if_playing(&self, clip_id: &str) {
        self.audio.stop_if_playing(clip_id);
    }
}
