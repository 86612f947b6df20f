//! Balance snapshots, reads of the points ledger, and the low-balance threshold.

use crate::context_matches;
use crate::foundation::context::ContextColumns;
use crate::foundation::error::Result;
use crate::store::context_sql::BindContext;
use crate::store::Db;

const LOW_BALANCE_THRESHOLD: &str = "billing.low_balance_threshold";
/// Snapshots kept per context; older ones are pruned on insert (`attribution.rs`).
pub(super) const SNAPSHOTS_KEPT: i64 = 2000;

/// A balance as stored: exact decimal text throughout.
#[derive(Debug, Clone, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct SnapshotRow {
    pub id: i64,
    pub spendable: String,
    pub subscription: Option<String>,
    pub gift_card: Option<String>,
    pub recharge: Option<String>,
    pub member_id: Option<String>,
    pub role: Option<String>,
    pub wallet: Option<String>,
    pub quota_limit: Option<String>,
    pub quota_used: Option<String>,
    pub quota_remaining: Option<String>,
    pub ledger_mark: i64,
    pub taken_at: i64,
    /// Personal only: the usage counter of model charges read with this refresh.
    pub model_charged: Option<String>,
    /// `spendable` is a whole number the platform may have rounded (a Team balance sent
    /// without `balancePointsDecimal`, READINGS I2).
    pub spendable_rounded: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LedgerRow {
    pub rowid: i64,
    pub id: String,
    pub context_kind: String,
    pub team_id: String,
    pub context_label: String,
    pub kind: String,
    pub request_id: String,
    pub points: Option<String>,
    pub input_tokens: Option<i64>,
    pub output_tokens: Option<i64>,
    pub receipt_ref: String,
    pub summary: String,
    pub created_at: i64,
    /// What the usage counter says it cost (`counter_reading` = `attributed`).
    pub counter_points: Option<String>,
    /// How a charge without a reported amount was settled (`attribution.rs`); NULL: not yet.
    pub counter_reading: Option<String>,
}

macro_rules! snapshot_columns {
    () => {
        "id, spendable, subscription, gift_card, recharge, member_id, role, wallet, quota_limit, quota_used,
         quota_remaining, ledger_mark, taken_at, model_charged, spendable_rounded"
    };
}

macro_rules! ledger_columns {
    () => {
        "rowid, id, context_kind, team_id, context_label, kind, request_id, points, input_tokens, output_tokens,
         receipt_ref, summary, created_at, counter_points, counter_reading"
    };
}

impl Db {
    /// The highest ledger rowid so far (0 when empty). Rowids only grow: rows are never
    /// deleted, so a later charge always has a higher rowid.
    pub async fn ledger_mark(&self) -> Result<i64> {
        Ok(sqlx::query_scalar("SELECT COALESCE(MAX(rowid), 0) FROM points_ledger")
            .fetch_one(self.pool())
            .await?)
    }

    pub async fn latest_balance_snapshot(&self, key: &ContextColumns) -> Result<Option<SnapshotRow>> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            snapshot_columns!(),
            " FROM balance_snapshots WHERE ",
            context_matches!(),
            " ORDER BY id DESC LIMIT 1"
        ))
        .bind_context(key)
        .fetch_optional(self.pool())
        .await?)
    }

    /// The most recent `limit` snapshots of a context, oldest first.
    pub async fn balance_snapshots(&self, key: &ContextColumns, limit: i64) -> Result<Vec<SnapshotRow>> {
        let mut rows: Vec<SnapshotRow> = sqlx::query_as(concat!(
            "SELECT ",
            snapshot_columns!(),
            " FROM balance_snapshots WHERE ",
            context_matches!(),
            " ORDER BY id DESC LIMIT ?"
        ))
        .bind_context(key)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.reverse();
        Ok(rows)
    }

    /// The charge a request id made in one context: its kind (`chat`, `tts`) and the chat
    /// message or clip it points at ("Copy as curl" of a billable check).
    pub async fn charge_ref(
        &self,
        key: &ContextColumns,
        request_id: &str,
    ) -> Result<Option<(String, String)>> {
        Ok(sqlx::query_as(concat!(
            "SELECT kind, receipt_ref FROM points_ledger WHERE ",
            context_matches!(),
            " AND request_id = ? LIMIT 1"
        ))
        .bind_context(key)
        .bind(request_id)
        .fetch_optional(self.pool())
        .await?)
    }

    /// Ledger rows of one context recorded after `after_mark`, oldest first.
    pub async fn ledger_after(&self, key: &ContextColumns, after_mark: i64) -> Result<Vec<LedgerRow>> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            ledger_columns!(),
            " FROM points_ledger WHERE ",
            context_matches!(),
            " AND rowid > ? ORDER BY rowid"
        ))
        .bind_context(key)
        .bind(after_mark)
        .fetch_all(self.pool())
        .await?)
    }

    /// A page of the ledger, newest first: one context (`Some`) or every context of the
    /// user on this platform (`None`).
    pub async fn ledger_page(
        &self,
        user: &ContextColumns,
        only_this_context: bool,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<LedgerRow>> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            ledger_columns!(),
            " FROM points_ledger
             WHERE origin = ? AND client_id = ? AND subject = ?
               AND (? = 0 OR (context_kind = ? AND team_id = ?))
             ORDER BY rowid DESC LIMIT ? OFFSET ?"
        ))
        .bind(&user.origin)
        .bind(&user.client_id)
        .bind(&user.subject)
        .bind(only_this_context as i64)
        .bind(&user.context_kind)
        .bind(&user.team_id)
        .bind(limit)
        .bind(offset)
        .fetch_all(self.pool())
        .await?)
    }

    /// Every ledger row of the user on this platform, newest first, capped. The chart
    /// buckets them by day in Rust: `created_at` is stamped by each feature.
    pub async fn ledger_of_user(&self, user: &ContextColumns, cap: i64) -> Result<Vec<LedgerRow>> {
        Ok(sqlx::query_as(concat!(
            "SELECT ",
            ledger_columns!(),
            " FROM points_ledger WHERE origin = ? AND client_id = ? AND subject = ?
             ORDER BY rowid DESC LIMIT ?"
        ))
        .bind(&user.origin)
        .bind(&user.client_id)
        .bind(&user.subject)
        .bind(cap)
        .fetch_all(self.pool())
        .await?)
    }

    /// The saved threshold text, if one was set.
    pub async fn low_balance_threshold(&self) -> Result<Option<String>> {
        self.setting(LOW_BALANCE_THRESHOLD).await
    }

    pub async fn set_low_balance_threshold(&self, value: &str) -> Result<()> {
        self.put_setting(LOW_BALANCE_THRESHOLD, value).await
    }
}
