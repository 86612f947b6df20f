//! The local points ledger: what the app saw being charged, per context. Chat and TTS
//! write to it; Balances reads it to explain how a balance changed.

use crate::auth::store::SessionRecord;
use crate::foundation::context::RequestedContext;
use crate::foundation::error::Result;
use crate::store::Db;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChargeKind {
    Tts,
    Chat,
}

impl ChargeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ChargeKind::Tts => "tts",
            ChargeKind::Chat => "chat",
        }
    }
}

/// One charge as written by a feature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCharge {
    pub kind: ChargeKind,
    pub request_id: String,
    /// Exact decimal text from the platform (`X-Xiaoya-Charged-Points`), if it said.
    pub points: Option<String>,
    pub input_tokens: Option<i64>,
    pub output_tokens: Option<i64>,
    pub receipt_ref: String,
    /// A short human description ("TTS · narrator (warm) v2 · 120 chars").
    pub summary: String,
    pub created_at: i64,
}

/// A context label as people read it: "Personal" or the Team's name.
pub fn context_label(session: &SessionRecord) -> String {
    match &session.context {
        RequestedContext::Personal => "Personal".to_owned(),
        RequestedContext::Team { team_id } => session.team_name.clone().unwrap_or_else(|| team_id.clone()),
    }
}

impl Db {
    /// Records a charge once: the same request in the same context is recorded a single
    /// time however often it is retried. Returns whether a new row was written.
    pub async fn record_charge(&self, session: &SessionRecord, charge: &NewCharge) -> Result<bool> {
        let mut conn = self.pool().acquire().await?;
        insert_charge(&mut conn, session, charge).await
    }
}

/// Writes `charge` (when there is one) in the transaction that settled what it pays for,
/// then commits both (S4). Returns whether a new ledger row was written.
pub(crate) async fn commit_with_charge(
    mut tx: sqlx::Transaction<'_, sqlx::Sqlite>,
    charge: Option<(&SessionRecord, &NewCharge)>,
) -> Result<bool> {
    let recorded = match charge {
        Some((session, charge)) => insert_charge(&mut tx, session, charge).await?,
        None => false,
    };
    tx.commit().await?;
    Ok(recorded)
}

/// [`Db::record_charge`] on one connection, so a caller can make it part of the
/// transaction that settles what was charged (S4: no settled work without its ledger row).
pub(crate) async fn insert_charge(
    conn: &mut sqlx::SqliteConnection,
    session: &SessionRecord,
    charge: &NewCharge,
) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO points_ledger (id, origin, client_id, subject, context_kind, team_id, context_label,
            kind, request_id, points, input_tokens, output_tokens, receipt_ref, summary, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (kind, request_id, context_kind, team_id) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(&session.origin)
    .bind(&session.client_id)
    .bind(&session.subject)
    .bind(session.context.kind())
    .bind(session.context.team_id())
    .bind(context_label(session))
    .bind(charge.kind.as_str())
    .bind(&charge.request_id)
    .bind(&charge.points)
    .bind(charge.input_tokens)
    .bind(charge.output_tokens)
    .bind(&charge.receipt_ref)
    .bind(&charge.summary)
    .bind(charge.created_at)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
