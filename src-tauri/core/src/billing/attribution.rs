//! What a charge cost when its receipt named no points. A balance refresh settles each such
//! charge recorded since the refresh before it, once: when it was the only charge between
//! the two refreshes, the Personal usage counter's change (`modelUsage.chargedPoints`) is its
//! cost ("from the usage counter"); when other charges share the interval, or there is no
//! counter, it stays "not reported by the platform", with that reason. The verdicts are pure
//! functions; `Db::insert_balance_snapshot` writes them in the transaction that records the
//! refresh.

use super::points::Points;
use super::store::{LedgerRow, SnapshotRow, SNAPSHOTS_KEPT};
use super::wire::{ChargeCost, ChargeSource, NotReportedWhy, SettledCharge};
use crate::context_matches;
use crate::foundation::context::ContextColumns;
use crate::foundation::error::Result;
use crate::store::context_sql::BindContext;
use crate::store::Db;

/// The columns of [`LedgerRow`], as `billing/store.rs` reads them.
macro_rules! ledger_columns {
    () => {
        "rowid, id, context_kind, team_id, context_label, kind, request_id, points, input_tokens, output_tokens,
         receipt_ref, summary, created_at, counter_points, counter_reading"
    };
}

/// How a charge without a reported amount was settled (the `counter_reading` column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CounterReading {
    Attributed(Points),
    Shared,
    Unavailable,
    /// The counter went backwards: it restarted (a new period) between the two refreshes.
    Restarted,
}

impl CounterReading {
    pub fn column(&self) -> &'static str {
        match self {
            CounterReading::Attributed(_) => "attributed",
            CounterReading::Shared => "shared",
            CounterReading::Unavailable => "unavailable",
            CounterReading::Restarted => "restarted",
        }
    }
}

/// The amount the platform reported on the answer, read as TTS reads it.
pub fn reported(row: &LedgerRow) -> Option<Points> {
    row.points.as_deref().and_then(Points::read_reported)
}

/// What the usage counter did between two readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CounterChange {
    /// Not read at both ends (a Team, no `usage` access, a failed read, the first refresh).
    Missing,
    /// It went backwards: the platform counts a period (READINGS J4) and a new one began, so
    /// the change says nothing about what was spent.
    Restarted,
    Moved(Points),
}

impl CounterChange {
    pub fn between(before: Option<&str>, after: Option<&str>) -> CounterChange {
        let read = |v: Option<&str>| v.and_then(|t| Points::parse(t.trim()));
        match (read(before), read(after)) {
            (Some(before), Some(after)) if after < before => CounterChange::Restarted,
            (Some(before), Some(after)) => CounterChange::Moved(after - before),
            _ => CounterChange::Missing,
        }
    }

    pub fn moved(self) -> Option<Points> {
        match self {
            CounterChange::Moved(points) => Some(points),
            _ => None,
        }
    }
}

/// The usage counter's change between two readings; `None` without both, or when it went
/// backwards (it restarted: nothing is claimed).
pub fn counter_change(before: Option<&str>, after: Option<&str>) -> Option<Points> {
    CounterChange::between(before, after).moved()
}

/// The verdict for each charge of one interval that has no reported amount and was not
/// settled before. `interval` holds every charge of the context between the two refreshes
/// (priced ones too: they make the interval shared); `change` is the counter's change.
pub fn settle(interval: &[LedgerRow], change: CounterChange) -> Vec<(i64, CounterReading)> {
    let open = interval.iter().filter(|r| reported(r).is_none() && r.counter_reading.is_none());
    open.map(|row| {
        let reading = match change {
            CounterChange::Missing => CounterReading::Unavailable,
            CounterChange::Restarted => CounterReading::Restarted,
            // The counter counts model calls: a clip without a number is not measured by it.
            CounterChange::Moved(_) if row.kind != "chat" => CounterReading::Unavailable,
            CounterChange::Moved(points) if interval.len() == 1 => CounterReading::Attributed(points),
            CounterChange::Moved(_) => CounterReading::Shared,
        };
        (row.rowid, reading)
    })
    .collect()
}

/// What a ledger row cost, as far as anyone knows.
pub fn cost_of(row: &LedgerRow) -> ChargeCost {
    if let Some(points) = reported(row) {
        return ChargeCost::Reported { points: points.to_string() };
    }
    cost_from_columns(row.counter_reading.as_deref(), row.counter_points.as_deref())
}

/// A charge without a reported amount, from its two settlement columns.
pub fn cost_from_columns(reading: Option<&str>, points: Option<&str>) -> ChargeCost {
    let why = match reading {
        Some("attributed") => match points.and_then(|p| Points::parse(p.trim())) {
            Some(points) => return ChargeCost::FromUsageCounter { points: points.to_string() },
            None => NotReportedWhy::NoUsageCounter,
        },
        Some("shared") => NotReportedWhy::OtherCharges,
        Some("restarted") => NotReportedWhy::CounterRestarted,
        Some(_) => NotReportedWhy::NoUsageCounter,
        None => NotReportedWhy::AwaitingRefresh,
    };
    ChargeCost::NotReported { why }
}

/// The amount of a charge when anyone knows it: reported, or attributed from the counter.
pub fn known_amount(row: &LedgerRow) -> Option<Points> {
    match cost_of(row) {
        ChargeCost::Reported { points } | ChargeCost::FromUsageCounter { points } => Points::parse(&points),
        ChargeCost::NotReported { .. } => None,
    }
}

/// The settled charges as announced with the refresh.
pub fn announced(interval: &[LedgerRow], verdicts: &[(i64, CounterReading)]) -> Vec<SettledCharge> {
    verdicts
        .iter()
        .filter_map(|(rowid, reading)| {
            let row = interval.iter().find(|r| r.rowid == *rowid)?;
            let (column, points) = match reading {
                CounterReading::Attributed(p) => ("attributed", Some(p.to_string())),
                other => (other.column(), None),
            };
            Some(SettledCharge {
                source: if row.kind == "tts" { ChargeSource::Tts } else { ChargeSource::Chat },
                request_id: row.request_id.clone(),
                receipt_ref: row.receipt_ref.clone(),
                cost: cost_from_columns(Some(column), points.as_deref()),
            })
        })
        .collect()
}

impl Db {
    /// Stores a snapshot (its `id` is ignored), prunes the oldest beyond the cap, and settles
    /// in the same transaction what the charges recorded since the previous refresh cost
    /// where their receipts named no amount (`attribution.rs`). Returns the new id and what
    /// it settled.
    pub async fn insert_balance_snapshot(
        &self,
        key: &ContextColumns,
        s: &SnapshotRow,
    ) -> Result<(i64, Vec<SettledCharge>)> {
        let mut tx = self.begin_write().await?;
        let previous: Option<(i64, Option<String>)> = sqlx::query_as(concat!(
            "SELECT ledger_mark, model_charged FROM balance_snapshots WHERE ",
            context_matches!(),
            " ORDER BY id DESC LIMIT 1"
        ))
        .bind_context(key)
        .fetch_optional(&mut *tx)
        .await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO balance_snapshots (origin, client_id, subject, context_kind, team_id, spendable,
                subscription, gift_card, recharge, member_id, role, wallet, quota_limit, quota_used,
                quota_remaining, ledger_mark, taken_at, model_charged, spendable_rounded)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             RETURNING id",
        )
        .bind_context(key)
        .bind(&s.spendable)
        .bind(&s.subscription)
        .bind(&s.gift_card)
        .bind(&s.recharge)
        .bind(&s.member_id)
        .bind(&s.role)
        .bind(&s.wallet)
        .bind(&s.quota_limit)
        .bind(&s.quota_used)
        .bind(&s.quota_remaining)
        .bind(s.ledger_mark)
        .bind(s.taken_at)
        .bind(&s.model_charged)
        .bind(s.spendable_rounded)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(concat!("DELETE FROM balance_snapshots WHERE ", context_matches!(), " AND id <= ?"))
            .bind_context(key)
            .bind(id - SNAPSHOTS_KEPT)
            .execute(&mut *tx)
            .await?;
        let (after, before_count) = match &previous {
            Some((mark, counter)) => (*mark, counter.clone()),
            None => (0, None),
        };
        let interval: Vec<LedgerRow> = sqlx::query_as(concat!(
            "SELECT ",
            ledger_columns!(),
            " FROM points_ledger WHERE ",
            context_matches!(),
            " AND rowid > ? AND rowid <= ? ORDER BY rowid"
        ))
        .bind_context(key)
        .bind(after)
        .bind(s.ledger_mark)
        .fetch_all(&mut *tx)
        .await?;
        // Without an earlier refresh there is no interval to measure: no counter change.
        let change = match previous {
            Some(_) => CounterChange::between(before_count.as_deref(), s.model_charged.as_deref()),
            None => CounterChange::Missing,
        };
        let verdicts = settle(&interval, change);
        for (rowid, reading) in &verdicts {
            let points = match reading {
                CounterReading::Attributed(p) => Some(p.to_string()),
                _ => None,
            };
            sqlx::query("UPDATE points_ledger SET counter_reading = ?, counter_points = ? WHERE rowid = ?")
                .bind(reading.column())
                .bind(points)
                .bind(rowid)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok((id, announced(&interval, &verdicts)))
    }

    /// What the charge whose receipt is `receipt_ref` (a message or clip id) cost, as far as
    /// anyone knows; `None` without a ledger row.
    pub async fn charge_cost(&self, receipt_ref: &str) -> Result<Option<ChargeCost>> {
        let row: Option<LedgerRow> = sqlx::query_as(concat!(
            "SELECT ",
            ledger_columns!(),
            " FROM points_ledger WHERE receipt_ref = ? ORDER BY rowid DESC LIMIT 1"
        ))
        .bind(receipt_ref)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(cost_of))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rowid: i64, points: Option<&str>) -> LedgerRow {
        LedgerRow {
            rowid,
            id: format!("c{rowid}"),
            context_kind: "personal".into(),
            team_id: String::new(),
            context_label: "Personal".into(),
            kind: "chat".into(),
            request_id: format!("req-{rowid}"),
            points: points.map(str::to_owned),
            input_tokens: None,
            output_tokens: None,
            receipt_ref: format!("m{rowid}"),
            summary: String::new(),
            created_at: 1,
            counter_points: None,
            counter_reading: None,
        }
    }

    fn p(text: &str) -> Points {
        Points::parse(text).unwrap()
    }

    #[test]
    fn the_only_charge_between_two_refreshes_gets_the_counters_change() {
        let verdicts = settle(&[row(1, None)], CounterChange::Moved(p("2")));
        assert_eq!(verdicts, [(1, CounterReading::Attributed(p("2")))]);
        let settled = announced(&[row(1, None)], &verdicts);
        assert_eq!(settled[0].cost, ChargeCost::FromUsageCounter { points: "2".into() });
        assert_eq!(settled[0].receipt_ref, "m1");
    }

    #[test]
    fn shared_intervals_and_missing_counters_say_why_there_is_no_number() {
        // Two replies (or a reply and a clip with its own number) between the same refreshes.
        assert_eq!(
            settle(&[row(1, None), row(2, None)], CounterChange::Moved(p("4"))),
            [(1, CounterReading::Shared), (2, CounterReading::Shared)]
        );
        assert_eq!(
            settle(&[row(1, Some("2")), row(2, None)], CounterChange::Moved(p("4"))),
            [(2, CounterReading::Shared)]
        );
        // No counter (a Team, no usage access) or one that went backwards.
        assert_eq!(settle(&[row(1, None)], CounterChange::Missing), [(1, CounterReading::Unavailable)]);
        // READINGS J4: a counter that went backwards restarted; that is said, not "no counter".
        assert_eq!(settle(&[row(1, None)], CounterChange::Restarted), [(1, CounterReading::Restarted)]);
        assert_eq!(CounterChange::between(Some("40"), Some("10")), CounterChange::Restarted);
        assert_eq!(
            cost_from_columns(Some("restarted"), None),
            ChargeCost::NotReported { why: NotReportedWhy::CounterRestarted }
        );
        assert_eq!(counter_change(Some("40"), Some("10")), None);
        assert_eq!(counter_change(Some("40"), Some("47")), Some(p("7")));
        assert_eq!(counter_change(None, Some("47")), None);
        // A reported amount or an earlier verdict is never settled again.
        let mut done = row(3, None);
        done.counter_reading = Some("shared".into());
        assert!(settle(&[row(1, Some("1")), done], CounterChange::Moved(p("1"))).is_empty());
    }

    #[test]
    fn a_rows_cost_names_where_the_number_came_from() {
        assert_eq!(cost_of(&row(1, Some("6"))), ChargeCost::Reported { points: "6".into() });
        assert_eq!(cost_of(&row(1, None)), ChargeCost::NotReported { why: NotReportedWhy::AwaitingRefresh });
        let mut r = row(1, None);
        r.counter_reading = Some("attributed".into());
        r.counter_points = Some("3".into());
        assert_eq!(cost_of(&r), ChargeCost::FromUsageCounter { points: "3".into() });
        assert_eq!(known_amount(&r), Some(p("3")));
        r.counter_reading = Some("unavailable".into());
        assert_eq!(cost_of(&r), ChargeCost::NotReported { why: NotReportedWhy::NoUsageCounter });
        assert_eq!(known_amount(&r), None);
    }
}
