//! The audio ledger (`tts_clips`): one row per speech request, written before the first
//! send and moved through its statuses as answers arrive.

use crate::auth::store::SessionRecord;
use crate::billing::ledger::{commit_with_charge, context_label, NewCharge};
use crate::context_matches;
use crate::foundation::context::ContextColumns;
use crate::foundation::error::Result;
use crate::store::context_sql::BindContext;
use crate::store::Db;

/// Which account context a clip belongs to (copied from the session that paid), and the
/// label shown with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClipContext {
    pub columns: ContextColumns,
    pub label: String,
}

impl ClipContext {
    pub fn of(session: &SessionRecord) -> Self {
        ClipContext { columns: ContextColumns::of(session), label: context_label(session) }
    }

    /// The key of running totals: the same for every session of one context.
    pub fn key(&self) -> String {
        self.columns.key()
    }

    /// Whether this session pays for clips of this context.
    pub fn matches(&self, session: &SessionRecord) -> bool {
        self.columns.matches(session)
    }
}

/// A row as stored; JSON columns stay text here and are parsed by the TTS service.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClipRow {
    pub id: String,
    pub request_id: String,
    pub batch_id: Option<String>,
    pub origin: String,
    pub client_id: String,
    pub subject: String,
    pub context_kind: String,
    pub team_id: String,
    pub context_label: String,
    pub status: String,
    pub tts_config_id: String,
    pub config_name: String,
    pub voice_id: String,
    pub voice_name: String,
    pub input: String,
    pub body: String,
    pub params: String,
    pub format: String,
    pub estimate: String,
    pub receipt: Option<String>,
    pub charged_points: Option<String>,
    pub audio_file: Option<String>,
    pub audio_bytes: Option<i64>,
    pub attempts: i64,
    pub error_code: Option<String>,
    pub error_platform_code: Option<String>,
    pub error_message: Option<String>,
    pub error_request_id: Option<String>,
    pub retryable: i64,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub completed_at_ms: Option<i64>,
}

impl ClipRow {
    pub fn context(&self) -> ClipContext {
        ClipContext {
            columns: ContextColumns {
                origin: self.origin.clone(),
                client_id: self.client_id.clone(),
                subject: self.subject.clone(),
                context_kind: self.context_kind.clone(),
                team_id: self.team_id.clone(),
            },
            label: self.context_label.clone(),
        }
    }
}

/// Everything known before the first send.
#[derive(Debug, Clone)]
pub struct NewClip {
    pub id: String,
    pub request_id: String,
    pub batch_id: Option<String>,
    pub context: ClipContext,
    pub tts_config_id: String,
    pub config_name: String,
    pub voice_id: String,
    pub voice_name: String,
    pub input: String,
    pub body: String,
    pub params: String,
    pub format: String,
    pub estimate: String,
    pub created_at_ms: i64,
}

/// Why a request did not complete, as recorded on the clip.
#[derive(Debug, Clone, Default)]
pub struct ClipError {
    pub code: String,
    pub platform_code: Option<String>,
    pub message: String,
    pub request_id: Option<String>,
}

/// A receipt as its two columns: the headers as sent (JSON) and the charged points.
#[derive(Debug, Clone)]
pub struct ReceiptColumns {
    pub json: String,
    pub charged_points: Option<String>,
}

/// Binds the four placeholders of `receipt = CASE WHEN ? THEN ? ELSE receipt END,
/// charged_points = CASE WHEN ? THEN ? ELSE charged_points END`: the columns are kept as
/// they are when there is no receipt to write.
trait BindReceipt {
    fn bind_receipt(self, receipt: Option<&ReceiptColumns>) -> Self;
}

impl<O> BindReceipt for sqlx::query::QueryAs<'_, sqlx::Sqlite, O, sqlx::sqlite::SqliteArguments> {
    fn bind_receipt(self, receipt: Option<&ReceiptColumns>) -> Self {
        let json = receipt.map(|r| r.json.clone());
        let charged = receipt.and_then(|r| r.charged_points.clone());
        self.bind(receipt.is_some()).bind(json).bind(receipt.is_some()).bind(charged)
    }
}

macro_rules! clip_columns {
    () => {
        "id, request_id, batch_id, origin, client_id, subject, context_kind, team_id, context_label, status,
         tts_config_id, config_name, voice_id, voice_name, input, body, params, format, estimate, receipt,
         charged_points, audio_file, audio_bytes, attempts, error_code, error_platform_code, error_message,
         error_request_id, retryable, created_at_ms, updated_at_ms, completed_at_ms"
    };
}

fn like_pattern(query: &str) -> String {
    let escaped = query.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

impl Db {
    /// Journals a request before it is sent, and returns the row as stored (one trip: the
    /// send loop starts from it instead of reading it back).
    pub async fn insert_clip(&self, c: &NewClip) -> Result<ClipRow> {
        Ok(sqlx::query_as(concat!(
            "INSERT INTO tts_clips (id, request_id, batch_id, origin, client_id, subject, context_kind, team_id,
                context_label, status, tts_config_id, config_name, voice_id, voice_name, input, body, params,
                format, estimate, created_at_ms, updated_at_ms)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             RETURNING ",
            clip_columns!()
        ))
        .bind(&c.id)
        .bind(&c.request_id)
        .bind(&c.batch_id)
        .bind_context(&c.context.columns)
        .bind(&c.context.label)
        .bind(&c.tts_config_id)
        .bind(&c.config_name)
        .bind(&c.voice_id)
        .bind(&c.voice_name)
        .bind(&c.input)
        .bind(&c.body)
        .bind(&c.params)
        .bind(&c.format)
        .bind(&c.estimate)
        .bind(c.created_at_ms)
        .bind(c.created_at_ms)
        .fetch_one(self.pool())
        .await?)
    }

    pub async fn clip(&self, id: &str) -> Result<Option<ClipRow>> {
        Ok(sqlx::query_as(concat!("SELECT ", clip_columns!(), " FROM tts_clips WHERE id = ?"))
            .bind(id)
            .fetch_optional(self.pool())
            .await?)
    }

    /// Back to `pending` for another send under the same request id; counts the attempt.
    pub async fn begin_clip_attempt(&self, id: &str, now_ms: i64) -> Result<()> {
        sqlx::query(
            "UPDATE tts_clips SET status = 'pending', attempts = attempts + 1, updated_at_ms = ?
             WHERE id = ? AND status IN ('pending', 'unknown', 'failed')",
        )
        .bind(now_ms)
        .bind(id)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The receipt headers, kept as soon as they arrive (before the audio body).
    pub async fn set_clip_receipt(
        &self,
        id: &str,
        receipt_json: &str,
        charged: Option<&str>,
        now_ms: i64,
    ) -> Result<()> {
        sqlx::query("UPDATE tts_clips SET receipt = ?, charged_points = ?, updated_at_ms = ? WHERE id = ?")
            .bind(receipt_json)
            .bind(charged)
            .bind(now_ms)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(())
    }

    /// Marks a clip complete — called only after its audio file is durably in place — and
    /// writes its charge to the points ledger in the same transaction (S4): a kill leaves
    /// either both or neither, and a clip that is not complete is resumed on the next start.
    /// `receipt` is written with it when it could not be written as it arrived. Returns the
    /// row as it now stands and whether a new ledger row was written.
    pub async fn complete_clip(
        &self,
        id: &str,
        audio_file: &str,
        bytes: i64,
        receipt: Option<&ReceiptColumns>,
        now_ms: i64,
        charge: Option<(&SessionRecord, &NewCharge)>,
    ) -> Result<(ClipRow, bool)> {
        let mut tx = self.begin_write().await?;
        let row: ClipRow = sqlx::query_as(concat!(
            "UPDATE tts_clips SET status = 'complete', audio_file = ?, audio_bytes = ?, retryable = 0,
                error_code = NULL, error_platform_code = NULL, error_message = NULL, error_request_id = NULL,
                receipt = CASE WHEN ? THEN ? ELSE receipt END,
                charged_points = CASE WHEN ? THEN ? ELSE charged_points END,
                completed_at_ms = ?, updated_at_ms = ?
             WHERE id = ? RETURNING ",
            clip_columns!()
        ))
        .bind(audio_file)
        .bind(bytes)
        .bind_receipt(receipt)
        .bind(now_ms)
        .bind(now_ms)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        Ok((row, commit_with_charge(tx, charge).await?))
    }

    /// The platform settled the request, but no audio reached this app; its charge goes to
    /// the ledger in the same transaction, as in [`Db::complete_clip`].
    pub async fn settle_clip_without_audio(
        &self,
        id: &str,
        err: &ClipError,
        receipt: Option<&ReceiptColumns>,
        now_ms: i64,
        charge: Option<(&SessionRecord, &NewCharge)>,
    ) -> Result<(ClipRow, bool)> {
        let mut tx = self.begin_write().await?;
        let row: ClipRow = sqlx::query_as(concat!(
            "UPDATE tts_clips SET status = 'settled_no_audio', retryable = 0, error_code = ?,
                error_platform_code = ?, error_message = ?, error_request_id = ?,
                receipt = CASE WHEN ? THEN ? ELSE receipt END,
                charged_points = CASE WHEN ? THEN ? ELSE charged_points END,
                completed_at_ms = ?, updated_at_ms = ?
             WHERE id = ? RETURNING ",
            clip_columns!()
        ))
        .bind(&err.code)
        .bind(&err.platform_code)
        .bind(&err.message)
        .bind(&err.request_id)
        .bind_receipt(receipt)
        .bind(now_ms)
        .bind(now_ms)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        Ok((row, commit_with_charge(tx, charge).await?))
    }

    /// `unknown` (outcome unknown) or `failed` (a definite answer that settled nothing).
    /// Returns the row as it now stands; a clip that settled meanwhile keeps its status and
    /// is read as it is.
    pub async fn fail_clip(
        &self,
        id: &str,
        unknown: bool,
        err: &ClipError,
        retryable: bool,
        now_ms: i64,
    ) -> Result<Option<ClipRow>> {
        let failed = sqlx::query_as(concat!(
            "UPDATE tts_clips SET status = ?, retryable = ?, error_code = ?, error_platform_code = ?,
                error_message = ?, error_request_id = ?, updated_at_ms = ?
             WHERE id = ? AND status NOT IN ('complete', 'settled_no_audio') RETURNING ",
            clip_columns!()
        ))
        .bind(if unknown { "unknown" } else { "failed" })
        .bind(i64::from(retryable))
        .bind(&err.code)
        .bind(&err.platform_code)
        .bind(&err.message)
        .bind(&err.request_id)
        .bind(now_ms)
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        match failed {
            Some(row) => Ok(Some(row)),
            None => self.clip(id).await,
        }
    }

    /// Clips the app stopped sending before any answer (a crash, a kill): resumed on start.
    /// `unknown` clips are not: the person decides when to retry those (H1).
    pub async fn open_clips(&self) -> Result<Vec<ClipRow>> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            clip_columns!(),
            " FROM tts_clips WHERE status = 'pending' ORDER BY created_at_ms"
        ))
        .fetch_all(self.pool())
        .await?)
    }

    /// The newest clips of one context, filtered.
    pub async fn list_clips(
        &self,
        ctx: &ClipContext,
        query: Option<&str>,
        status: Option<&str>,
        config_id: Option<&str>,
        limit: i64,
    ) -> Result<Vec<ClipRow>> {
        let pattern = query.map(like_pattern);
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            clip_columns!(),
            " FROM tts_clips
             WHERE origin = ?1 AND client_id = ?2 AND subject = ?3 AND context_kind = ?4 AND team_id = ?5
               AND (?6 IS NULL OR status = ?6)
               AND (?7 IS NULL OR tts_config_id = ?7)
               AND (?8 IS NULL OR input LIKE ?8 ESCAPE '\\' OR voice_name LIKE ?8 ESCAPE '\\'
                    OR voice_id LIKE ?8 ESCAPE '\\' OR config_name LIKE ?8 ESCAPE '\\'
                    OR request_id LIKE ?8 ESCAPE '\\')
             ORDER BY created_at_ms DESC
             LIMIT ?9"
        ))
        .bind_context(&ctx.columns)
        .bind(status)
        .bind(config_id)
        .bind(pattern)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    /// Charged points of every settled clip of one context (exact text; NULL when unreported).
    pub async fn settled_charges(&self, ctx: &ClipContext) -> Result<Vec<Option<String>>> {
        Ok(sqlx::query_scalar(concat!(
            "SELECT charged_points FROM tts_clips WHERE ",
            context_matches!(),
            " AND status IN ('complete', 'settled_no_audio')"
        ))
        .bind_context(&ctx.columns)
        .fetch_all(self.pool())
        .await?)
    }

    /// Text, receipt and creation time of the settled clips of one configuration in one
    /// context that have a receipt, newest first: what its counting rule is learned from.
    pub async fn settled_receipts(
        &self,
        ctx: &ClipContext,
        tts_config_id: &str,
        limit: i64,
    ) -> Result<Vec<(String, String, i64)>> {
        Ok(sqlx::query_as(concat!(
            "SELECT input, receipt, created_at_ms FROM tts_clips WHERE ",
            context_matches!(),
            " AND tts_config_id = ? AND receipt IS NOT NULL
               AND status IN ('complete', 'settled_no_audio')
             ORDER BY created_at_ms DESC
             LIMIT ?"
        ))
        .bind_context(&ctx.columns)
        .bind(tts_config_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    pub async fn delete_clip(&self, id: &str) -> Result<bool> {
        let done = sqlx::query("DELETE FROM tts_clips WHERE id = ?").bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }
}
