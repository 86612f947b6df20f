//! The audio ledger as people use it: list and search the active context's clips, replay
//! and export them without the network, delete them, and the running totals.

use std::path::PathBuf;

use super::estimate::{check, code_points};
use super::files::audio_dir;
use super::wire::{Clip, ClipFilter, ClipStatus, CostEstimate, SpeechParams, SpeechReceipt, TtsTotals};
use crate::billing::points::Points;
use crate::foundation::error::{Error, ErrorCode, IpcError, Result};
use crate::tts::store::{ClipContext, ClipRow};
use crate::tts::Tts;

const LIST_LIMIT: i64 = 500;

use crate::foundation::clock::rfc3339_ms;

fn error_code(raw: &str) -> ErrorCode {
    serde_json::from_value(serde_json::Value::String(raw.to_owned())).unwrap_or(ErrorCode::Internal)
}

impl Tts {
    pub(crate) async fn clip_view(&self, row: ClipRow) -> Result<Clip> {
        let status = ClipStatus::parse(&row.status)
            .ok_or_else(|| Error::Corrupt { what: "clip status", value: row.status.clone() })?;
        let estimate: CostEstimate = serde_json::from_str(&row.estimate)
            .map_err(|source| Error::Json { what: "stored estimate", source })?;
        let params: SpeechParams = serde_json::from_str(&row.params).unwrap_or_default();
        let receipt: Option<SpeechReceipt> =
            row.receipt.as_deref().and_then(|r| serde_json::from_str(r).ok());
        let settled = matches!(status, ClipStatus::Complete | ClipStatus::SettledNoAudio);
        let cost = match (&receipt, settled) {
            (Some(r), true) => Some(check(&estimate, r, &row.tts_config_id, &row.voice_id)),
            (None, true) => {
                Some(check(&estimate, &SpeechReceipt::default(), &row.tts_config_id, &row.voice_id))
            }
            _ => None,
        };
        let has_audio = match &row.audio_file {
            Some(name) if status == ClipStatus::Complete => {
                tokio::fs::try_exists(audio_dir(self.shared.data_dir()).join(name)).await.unwrap_or(false)
            }
            _ => false,
        };
        let error = row.error_code.as_deref().map(|code| IpcError {
            code: error_code(code),
            message: row.error_message.clone().unwrap_or_default(),
            platform_code: row.error_platform_code.clone(),
            request_id: row.error_request_id.clone(),
            retry_after_secs: None,
            outcome_unknown: status == ClipStatus::Unknown,
        });
        let retryable = match status {
            ClipStatus::Pending | ClipStatus::Unknown => true,
            ClipStatus::Failed => row.retryable != 0,
            _ => false,
        };
        let audio_kept = !has_audio && self.state().kept_audio(&row.id).is_some();
        Ok(Clip {
            audio_kept,
            input_characters: code_points(&row.input),
            id: row.id,
            request_id: row.request_id,
            batch_id: row.batch_id,
            context_label: row.context_label,
            status,
            tts_config_id: row.tts_config_id,
            config_name: row.config_name,
            voice_id: row.voice_id,
            voice_name: row.voice_name,
            input: row.input,
            params,
            format: row.format,
            estimate,
            receipt,
            cost,
            has_audio,
            audio_bytes: row.audio_bytes,
            attempts: u32::try_from(row.attempts).unwrap_or(0),
            error,
            retryable,
            created_at: rfc3339_ms(row.created_at_ms),
            completed_at: row.completed_at_ms.map(rfc3339_ms),
        })
    }

    async fn active_clip_context(&self) -> Result<ClipContext> {
        Ok(ClipContext::of(&self.auth().active_session().await?))
    }

    /// A clip of the active context (clips of other contexts are not reachable from here).
    pub(super) async fn own_clip(&self, id: &str) -> Result<ClipRow> {
        self.clip_in(&self.active_clip_context().await?, id).await
    }

    /// A clip of `ctx`.
    async fn clip_in(&self, ctx: &ClipContext, id: &str) -> Result<ClipRow> {
        match self.shared.db().clip(id).await? {
            Some(row) if row.context().matches_key(ctx) => Ok(row),
            _ => Err(Error::InvalidInput("no such clip in this context".into())),
        }
    }

    pub async fn tts_clip(&self, id: &str) -> Result<Clip> {
        let row = self.own_clip(id).await?;
        self.clip_view(row).await
    }

    /// The active context's clips, newest first. Local only: no network.
    pub async fn tts_clips(&self, filter: ClipFilter) -> Result<Vec<Clip>> {
        let ctx = self.active_clip_context().await?;
        let query = filter.query.as_deref().map(str::trim).filter(|q| !q.is_empty());
        let status = filter.status.map(ClipStatus::as_str);
        let rows = self
            .shared
            .db()
            .list_clips(&ctx, query, status, filter.tts_config_id.as_deref(), LIST_LIMIT)
            .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            out.push(self.clip_view(row).await?);
        }
        Ok(out)
    }

    /// Where a complete clip's audio is, for playback and export.
    pub(crate) async fn clip_audio(&self, id: &str) -> Result<(ClipRow, PathBuf)> {
        self.clip_audio_in(&self.active_clip_context().await?, id).await
    }

    /// A clip of `ctx` that has audio, and where its file is.
    pub(crate) async fn clip_audio_in(&self, ctx: &ClipContext, id: &str) -> Result<(ClipRow, PathBuf)> {
        let row = self.clip_in(ctx, id).await?;
        let name = row
            .audio_file
            .clone()
            .filter(|_| row.status == ClipStatus::Complete.as_str())
            .ok_or_else(|| Error::InvalidInput("this clip has no audio".into()))?;
        let path = audio_dir(self.shared.data_dir()).join(name);
        if !tokio::fs::try_exists(&path).await.unwrap_or(false) {
            return Err(Error::InvalidInput("this clip's audio file is missing".into()));
        }
        Ok((row, path))
    }

    /// Removes a clip and its audio. The points ledger keeps the charge it recorded.
    pub async fn delete_clip(&self, id: &str) -> Result<()> {
        let row = self.own_clip(id).await?;
        if self.state().claim(id).is_none() {
            return Err(Error::InvalidInput("this clip is being sent".into()));
        }
        self.stop_if_playing(id);
        self.shared.db().delete_clip(id).await?;
        self.state().forget_kept_audio(id);
        if let Some(name) = row.audio_file {
            let _ = tokio::fs::remove_file(audio_dir(self.shared.data_dir()).join(name)).await;
        }
        Ok(())
    }

    /// Points charged for speech in the active context: since the app started and all time.
    pub async fn tts_totals(&self) -> Result<TtsTotals> {
        self.totals_in(self.active_clip_context().await?).await
    }

    /// The totals of one context (the active one, or the one a clip just settled in).
    pub(crate) async fn totals_in(&self, ctx: ClipContext) -> Result<TtsTotals> {
        let charges = self.shared.db().settled_charges(&ctx).await?;
        let unreported =
            charges.iter().filter(|c| c.as_deref().and_then(Points::read_reported).is_none()).count();
        let total: Points = charges.iter().filter_map(|c| c.as_deref().and_then(Points::read_reported)).sum();
        let (session_points, session_clips) = self.state().session_total(&ctx.key());
        Ok(TtsTotals {
            context_label: ctx.label,
            session_points: session_points.to_string(),
            session_clips,
            context_points: total.to_string(),
            context_clips: u32::try_from(charges.len()).unwrap_or(u32::MAX),
            unreported_clips: u32::try_from(unreported).unwrap_or(u32::MAX),
        })
    }
}

impl ClipContext {
    /// Same context, whatever label it was shown under when the clip was made.
    pub fn matches_key(&self, other: &ClipContext) -> bool {
        self.columns == other.columns
    }
}
