//! Recorded demos (cassettes): a presenter records what the app exchanges with the platform in
//! the active context once (`api/record.rs` keeps each exchange, secrets removed as it is
//! kept), saves it, and at the venue replays it through the built-in sandbox
//! (`xiaoya_sandbox::Replay`): the real screens, no network, no real points.
//!
//! A recording reads the context's identity, catalogs, TTS options, balance and usage when it
//! starts and the balance and usage again when it stops, so a replay has the "before" and
//! "after" a presenter shows.

pub mod wire;

use std::path::Path;
use std::sync::{Arc, Mutex};

use xiaoya_sandbox::cassette::{Cassette, CassetteError, MAX_FILE_BYTES};

use crate::auth::Auth;
use crate::billing::Billing;
use crate::documents::{Document, DocumentKind};
use crate::foundation::clock;
use crate::foundation::config::PlatformInfo;
use crate::foundation::error::{Error, Result};
use crate::models::Models;
use crate::shared::Shared;
use crate::tts::Tts;
use wire::{CassetteSummary, RecordingState};

pub struct Cassettes {
    shared: Arc<Shared>,
    auth: Arc<Auth>,
    billing: Arc<Billing>,
    models: Arc<Models>,
    tts: Arc<Tts>,
    /// The last finished recording, until it is saved.
    last: Mutex<Option<Cassette>>,
}

impl Cassettes {
    pub fn new(
        shared: Arc<Shared>,
        auth: Arc<Auth>,
        billing: Arc<Billing>,
        models: Arc<Models>,
        tts: Arc<Tts>,
    ) -> Cassettes {
        Cassettes { shared, auth, billing, models, tts, last: Mutex::new(None) }
    }

    /// Starts recording the active context (an unfinished recording is dropped). Refused in a
    /// replay: a recording of a recording would hold nothing new.
    #[tracing::instrument(skip(self), err)]
    pub async fn start_recording(&self) -> Result<RecordingState> {
        if self.shared.platform().replay.is_some() {
            return Err(Error::InvalidInput("a replay cannot be recorded".to_owned()));
        }
        let call = self.auth.context_call(None).await?;
        let team = call.team_id().is_some();
        let context = match (&call.session.team_name, team) {
            (Some(name), true) if !name.is_empty() => name.clone(),
            (_, true) => "Team".to_owned(),
            _ => "Personal".to_owned(),
        };
        let recorded_at = clock::rfc3339_ms(clock::now_ms());
        self.shared.client().recorder().start(recorded_at, context);
        // The "before": what the screens read first. A read that fails is simply not in the
        // recording (the replay then says so where it is asked).
        let _ = self.auth.context_get::<serde_json::Value>(&call, "/api/v1/open/me").await;
        if let Some(team_id) = call.team_id() {
            // A replay signs in as the presenter did: Personal first (its identity and the Team
            // list, read with the Personal session), then the Team (its context).
            if let Ok(personal) = self.auth.personal_call().await {
                let _ = self.auth.context_get::<serde_json::Value>(&personal, "/api/v1/open/me").await;
            }
            let _ = self.auth.list_teams().await;
            let path = format!("/api/v1/open/teams/{}/context", crate::api::segment(team_id));
            let _ = self.auth.context_get::<serde_json::Value>(&call, &path).await;
        }
        let _ = self.models.model_catalog(true).await;
        let _ = self.tts.tts_catalog().await;
        let _ = self.billing.refresh_balance().await;
        if !team {
            let _ = self.billing.personal_usage().await;
        }
        Ok(self.state())
    }

    /// Stops the recording after reading the balance and usage once more (the "after"), and
    /// keeps the cassette until it is saved.
    #[tracing::instrument(skip(self), err)]
    pub async fn stop_recording(&self) -> Result<CassetteSummary> {
        let recorder = self.shared.client().recorder().clone();
        if !recorder.is_on() {
            return Err(Error::InvalidInput("nothing is being recorded".to_owned()));
        }
        let _ = self.billing.refresh_balance().await;
        let _ = self.billing.personal_usage().await;
        let cassette = recorder.stop().ok_or(Error::Invariant("the recording ended twice"))?;
        let summary = CassetteSummary::of(&cassette);
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(cassette);
        Ok(summary)
    }

    pub fn state(&self) -> RecordingState {
        let last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        RecordingState {
            recording: self.shared.client().recorder().is_on(),
            last: last.as_ref().map(CassetteSummary::of),
        }
    }

    /// The last recording as a file to save (the save dialog asks where).
    pub fn recorded_document(&self) -> Result<Document> {
        let last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        let cassette = last.as_ref().ok_or_else(|| Error::InvalidInput("nothing was recorded".to_owned()))?;
        let day = cassette.recorded_at.get(..10).unwrap_or("demo");
        Ok(Document {
            name: format!("xiaoya-demo-{day}.json"),
            kind: DocumentKind::Cassette,
            bytes: cassette.to_file(),
        })
    }

    /// Replays the cassette at `path` (chosen in the open dialog) at `speed` (0.5–2): the
    /// built-in sandbox serves it and the app switches to it. A file that is not a cassette
    /// this app reads changes nothing.
    #[tracing::instrument(skip(self, path), err)]
    pub async fn replay(&self, path: &Path, speed: f64) -> Result<PlatformInfo> {
        let cassette = read(path).await?;
        self.shared.start_replay(xiaoya_sandbox::Replay::new(cassette, speed)).await
    }
}

/// Reads a cassette file: damaged, foreign and newer files are told apart.
pub async fn read(path: &Path) -> Result<Cassette> {
    let meta = tokio::fs::metadata(path)
        .await
        .map_err(|source| Error::Io { action: "read the cassette", source })?;
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(Error::Cassette(CassetteError::Damaged(format!("larger than {MAX_FILE_BYTES} bytes"))));
    }
    let bytes =
        tokio::fs::read(path).await.map_err(|source| Error::Io { action: "read the cassette", source })?;
    Ok(Cassette::parse(&bytes)?)
}

#[cfg(test)]
mod tests;
