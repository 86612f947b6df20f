//! Settling a clip: the audio saved (or the platform's word that it settled without audio
//! reaching this app) and its charge written to the points ledger in one transaction (S4),
//! or the attempt given up as failed or of unknown outcome, keeping its request id.

use std::path::PathBuf;

use super::files::{audio_dir, clip_file_name, write_atomic};
use super::now_ms;
use super::wire::{Clip, ClipStatus, SettledClip, SpeechReceipt};
use crate::auth::flow::now_unix;
use crate::auth::store::SessionRecord;
use crate::billing::ledger::{ChargeKind, NewCharge};
use crate::foundation::error::{Error, IpcError, Result};
use crate::tts::store::{ClipError, ClipRow, ReceiptColumns};
use crate::tts::Tts;

pub(super) fn clip_error(err: &Error) -> ClipError {
    let ipc = IpcError::from(err);
    ClipError {
        code: serde_json::to_value(ipc.code)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        platform_code: ipc.platform_code,
        message: ipc.message,
        request_id: ipc.request_id,
    }
}

impl Tts {
    /// `TTS_REQUEST_ALREADY_SETTLED`: the audio saved when it first arrived is the clip. Its
    /// charge is the receipt this run saw, else the one stored by an earlier run.
    pub(super) async fn settled_before(
        &self,
        session: &SessionRecord,
        row: &ClipRow,
        seen: Option<&SeenReceipt>,
        err: Error,
    ) -> Result<Clip> {
        let (charged, unsaved) = match seen {
            Some(got) => (got.receipt.charged_points.clone(), got.unsaved()?),
            None => (row.charged_points.clone(), None),
        };
        let path = audio_dir(self.shared.data_dir()).join(clip_file_name(&row.id, &row.format));
        match tokio::fs::metadata(&path).await {
            Ok(meta) if meta.is_file() && meta.len() > 0 => {
                self.finish(session, row, charged, unsaved, Some(path), meta.len(), None).await
            }
            _ => self.finish(session, row, charged, unsaved, None, 0, Some(err)).await,
        }
    }

    /// Marks the clip settled (complete, or settled without audio) and records the charge:
    /// `charged` is the receipt's amount, `unsaved` the receipt when it is not on the row yet
    /// (one write then carries both). The settled row comes back from that write; nothing is
    /// read back.
    #[allow(clippy::too_many_arguments)] // one settle: the clip, its receipt, its audio or why not
    pub(super) async fn finish(
        &self,
        session: &SessionRecord,
        row: &ClipRow,
        charged: Option<String>,
        unsaved: Option<ReceiptColumns>,
        audio: Option<PathBuf>,
        bytes: u64,
        err: Option<Error>,
    ) -> Result<Clip> {
        let now = now_ms();
        // The charge goes to the ledger in the same transaction that settles the clip (S4).
        let charge = NewCharge {
            kind: ChargeKind::Tts,
            request_id: row.request_id.clone(),
            points: charged,
            input_tokens: None,
            output_tokens: None,
            receipt_ref: row.id.clone(),
            summary: format!("TTS · {} · {} chars", row.voice_name, super::estimate::code_points(&row.input)),
            created_at: now_unix(),
        };
        let ledger = Some((session, &charge));
        let receipt = unsaved.as_ref();
        let (fresh, recorded) = match (&audio, &err) {
            (Some(path), _) => {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
                let bytes = i64::try_from(bytes).unwrap_or(i64::MAX);
                self.shared.db().complete_clip(&row.id, &name, bytes, receipt, now, ledger).await?
            }
            (None, Some(e)) => {
                self.shared
                    .db()
                    .settle_clip_without_audio(&row.id, &clip_error(e), receipt, now, ledger)
                    .await?
            }
            (None, None) => return Err(Error::Invariant("a settled clip needs audio or a reason")),
        };
        if recorded {
            let points =
                fresh.charged_points.as_deref().and_then(crate::billing::points::Points::read_reported);
            self.state().add_session_charge(&fresh.context().key(), points);
        }
        tracing::info!(request_id = %fresh.request_id, status = %fresh.status, "speech request settled");
        // The audio's buffers (megabytes) were freed on worker threads (memory.rs).
        crate::foundation::memory::release_free_memory_soon();
        self.clip_view(fresh).await
    }

    pub(super) async fn give_up(
        &self,
        row: &ClipRow,
        unknown: bool,
        retryable: bool,
        err: &Error,
    ) -> Result<Clip> {
        let fresh = self
            .shared
            .db()
            .fail_clip(&row.id, unknown, &clip_error(err), retryable, now_ms())
            .await?
            .ok_or_else(|| Error::Invariant("clip vanished"))?;
        self.clip_view(fresh).await
    }

    /// "Save again": writes the audio of a charged clip that a full disk kept in memory.
    /// The charge was recorded when the clip settled (`settled_no_audio`) and is not
    /// recorded again; a clip whose database write failed too (still `pending`) gets its
    /// receipt and charge now, in the same order as a first save: audio, then rows.
    #[tracing::instrument(skip(self), err)]
    pub async fn retry_save_audio(&self, clip_id: &str) -> Result<Clip> {
        let row = self.own_clip(clip_id).await?;
        let kept = self
            .state()
            .kept_audio(clip_id)
            .ok_or_else(|| Error::InvalidInput("this clip's audio is no longer in memory".into()))?;
        let status = ClipStatus::parse(&row.status);
        if !matches!(status, Some(ClipStatus::SettledNoAudio | ClipStatus::Pending)) {
            return Err(Error::InvalidInput("this clip is not waiting for its audio".into()));
        }
        let _claim = self
            .state()
            .claim(clip_id)
            .ok_or_else(|| Error::InvalidInput("this clip is being sent".into()))?;
        let name = clip_file_name(&row.id, &row.format);
        let target = audio_dir(self.shared.data_dir()).join(&name);
        let path = write_atomic(target, &kept.bytes)
            .await
            .map_err(|source| Error::Io { action: "cannot save the audio", source })?;
        let bytes = kept.bytes.len() as u64;
        let session = self.session_for_context(&row.context()).await?;
        let clip = if status == Some(ClipStatus::SettledNoAudio) {
            let bytes = i64::try_from(bytes).unwrap_or(i64::MAX);
            let (fresh, _) =
                self.shared.db().complete_clip(&row.id, &name, bytes, None, now_ms(), None).await?;
            self.clip_view(fresh).await?
        } else {
            let session = session.as_ref().ok_or(Error::NotSignedIn)?;
            let charged = kept.receipt.charged_points.clone();
            let unsaved = Some(receipt_columns(&kept.receipt)?);
            self.finish(session, &row, charged, unsaved, Some(path), bytes, None).await?
        };
        self.state().forget_kept_audio(clip_id);
        tracing::info!(request_id = %row.request_id, "kept audio saved");
        match &session {
            Some(session) => self.events.emit(self.settled(clip.clone(), session).await),
            // Signed out of its context meanwhile: no page shows that context's totals.
            None => self.events.emit(SettledClip {
                clip: clip.clone(),
                session_id: String::new(),
                totals: None,
                counting: None,
            }),
        }
        Ok(clip)
    }
}

/// A receipt this run has received, and whether it is on the clip's row yet.
pub(super) struct SeenReceipt {
    pub(super) receipt: SpeechReceipt,
    pub(super) written: bool,
}

impl SeenReceipt {
    /// The columns the settling write must carry: none when the receipt is already stored.
    pub(super) fn unsaved(&self) -> Result<Option<ReceiptColumns>> {
        if self.written {
            Ok(None)
        } else {
            receipt_columns(&self.receipt).map(Some)
        }
    }
}

/// A receipt as stored: its headers as JSON and the charged points.
pub(super) fn receipt_columns(receipt: &SpeechReceipt) -> Result<ReceiptColumns> {
    let json = serde_json::to_string(receipt).map_err(|source| Error::Json { what: "receipt", source })?;
    Ok(ReceiptColumns { json, charged_points: receipt.charged_points.clone() })
}
