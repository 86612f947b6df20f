//! The local points ledger as people read it: the list of charges, "why did my balance
//! change" between refreshes, and points spent per day and context.

use std::collections::{BTreeMap, BTreeSet};

use tracing::instrument;

use super::points::Points;
use super::wire::{
    BalanceChanges, BalanceInterval, BalancePoint, BillingContext, ChargeSource, LedgerEntry, LedgerPage,
    LedgerQuery, LedgerScope, SpendingChart, SpendingQuery, SpendingSeries,
};
use super::{now_ms, platform};
use crate::billing::store::{LedgerRow, SnapshotRow};
use crate::billing::Billing;
use crate::foundation::context::ContextColumns;
use crate::foundation::error::{Error, Result};

/// Refreshes looked at for "why did my balance change".
const SNAPSHOTS_EXPLAINED: i64 = 400;
/// Intervals returned, newest first.
const INTERVALS_SHOWN: usize = 30;
/// Rows the chart reads at most.
const CHART_ROWS: i64 = 50_000;
const DAY_MS: i64 = 86_400_000;

/// `created_at` is stamped by the feature that recorded the charge. Sessions use Unix
/// seconds; a value too large for seconds (after the year 5000) is read as milliseconds.
pub(super) fn ledger_time_ms(created_at: i64) -> i64 {
    if created_at.abs() < 100_000_000_000 {
        created_at.saturating_mul(1000)
    } else {
        created_at
    }
}

/// What a charge cost when anyone knows it: the platform's number, or the usage counter's
/// change when it was the only charge between two refreshes (`attribution.rs`).
fn amount(row: &LedgerRow) -> Option<Points> {
    super::attribution::known_amount(row)
}

fn context_of_row(row: &LedgerRow) -> BillingContext {
    if row.context_kind == "team" {
        BillingContext::Team { team_id: row.team_id.clone(), team_name: row.context_label.clone() }
    } else {
        BillingContext::Personal
    }
}

pub(super) fn entry(row: &LedgerRow) -> LedgerEntry {
    LedgerEntry {
        id: row.id.clone(),
        context: context_of_row(row),
        source: if row.kind == "tts" { ChargeSource::Tts } else { ChargeSource::Chat },
        request_id: row.request_id.clone(),
        points: super::attribution::reported(row).map(|p| p.to_string()),
        cost: super::attribution::cost_of(row),
        input_tokens: row.input_tokens.map(|t| t.to_string()),
        output_tokens: row.output_tokens.map(|t| t.to_string()),
        receipt_ref: row.receipt_ref.clone(),
        summary: row.summary.clone(),
        at: ledger_time_ms(row.created_at),
    }
}

fn point(row: &SnapshotRow) -> BalancePoint {
    BalancePoint { at: row.taken_at, spendable: row.spendable.clone() }
}

/// What the Personal usage counter (`modelUsage.chargedPoints`) counts. The docs say
/// "Agent-attributed Personal usage" and leave open whether speech is in it (READINGS J3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CounterScope {
    /// Nothing has shown it yet.
    Unknown,
    ChatOnly,
    ChatAndSpeech,
}

/// What the refreshes show the counter counts: an interval whose only charges are clips
/// with known amounts tells it. A counter that did not move counts chat only; one that moved
/// by exactly their sum counts speech too. The latest such interval wins.
fn counter_scope(snapshots: &[SnapshotRow], ledger: &[LedgerRow]) -> CounterScope {
    for pair in snapshots.windows(2).rev() {
        let (from, to) = (&pair[0], &pair[1]);
        let charges: Vec<&LedgerRow> =
            ledger.iter().filter(|r| r.rowid > from.ledger_mark && r.rowid <= to.ledger_mark).collect();
        if charges.is_empty() || charges.iter().any(|r| r.kind == "chat") {
            continue;
        }
        let Some(speech) = charges.iter().map(|r| amount(r)).sum::<Option<Points>>() else { continue };
        let change =
            super::attribution::counter_change(from.model_charged.as_deref(), to.model_charged.as_deref());
        match change {
            _ if speech.is_zero() => {}
            Some(c) if c.is_zero() => return CounterScope::ChatOnly,
            Some(c) if c == speech => return CounterScope::ChatAndSpeech,
            _ => {}
        }
    }
    CounterScope::Unknown
}

/// What model calls cost between two Personal refreshes by the platform's own usage
/// counter, less every amount already known in between that the counter counts (reported,
/// or attributed to a lone reply): the points of replies whose amounts are not known one by
/// one. Speech receipts are taken off only from a counter shown to count speech; while
/// nothing shows what it counts, an interval with clips claims nothing (`Err(())`: it can't
/// tell). `Ok(None)` without both readings, or when the counter went backwards (it
/// restarted: nothing is claimed).
fn chat_by_usage(
    from: &SnapshotRow,
    to: &SnapshotRow,
    charges: &[&LedgerRow],
    scope: CounterScope,
) -> Result<Option<Points>, ()> {
    let Some(spent) =
        super::attribution::counter_change(from.model_charged.as_deref(), to.model_charged.as_deref())
    else {
        return Ok(None);
    };
    let known =
        |chat: bool| charges.iter().filter(move |r| (r.kind == "chat") == chat).filter_map(|r| amount(r));
    let speech = match scope {
        CounterScope::ChatOnly => Points::ZERO,
        CounterScope::ChatAndSpeech => known(false).sum(),
        CounterScope::Unknown if charges.iter().all(|r| r.kind == "chat") => Points::ZERO,
        CounterScope::Unknown => return Err(()),
    };
    Ok(Some((spent - known(true).sum::<Points>() - speech).max(Points::ZERO)))
}

/// Lines up consecutive refreshes with the charges recorded between them (pure), newest
/// first and at most [`INTERVALS_SHOWN`], with the charges after the last refresh.
/// `ledger` holds the context's rows after the first snapshot's mark, oldest first.
pub(super) fn explain(
    snapshots: &[SnapshotRow],
    ledger: &[LedgerRow],
) -> (Vec<BalanceInterval>, Vec<LedgerEntry>) {
    let mut intervals = intervals_of(snapshots, ledger);
    let last_mark = snapshots.last().map(|s| s.ledger_mark).unwrap_or_default();
    let pending = ledger.iter().filter(|r| r.rowid > last_mark).map(entry).collect();
    intervals.reverse();
    intervals.truncate(INTERVALS_SHOWN);
    (intervals, pending)
}

/// Every interval between consecutive refreshes where something moved, oldest first.
fn intervals_of(snapshots: &[SnapshotRow], ledger: &[LedgerRow]) -> Vec<BalanceInterval> {
    let Some(first) = snapshots.first() else {
        return Vec::new();
    };
    let scope = counter_scope(snapshots, ledger);
    let mut intervals = Vec::new();
    let mut anchor = first;
    for next in &snapshots[1..] {
        let charges: Vec<&LedgerRow> =
            ledger.iter().filter(|r| r.rowid > anchor.ledger_mark && r.rowid <= next.ledger_mark).collect();
        let from = Points::parse(&anchor.spendable).unwrap_or_default();
        let to = Points::parse(&next.spendable).unwrap_or_default();
        let change = to - from;
        if change.is_zero() && charges.is_empty() {
            // Nothing happened: the later refresh becomes the start of the next window.
            anchor = next;
            continue;
        }
        let explained: Points = charges.iter().filter_map(|r| amount(r)).sum();
        let unpriced = charges.iter().filter(|r| amount(r).is_none()).count();
        let by_usage = chat_by_usage(anchor, next, &charges, scope);
        let chat_usage = by_usage.ok().flatten();
        let counter = super::attribution::CounterChange::between(
            anchor.model_charged.as_deref(),
            next.model_charged.as_deref(),
        );
        intervals.push(BalanceInterval {
            from: point(anchor),
            to: point(next),
            change: change.to_string(),
            charges: charges.iter().map(|r| entry(r)).collect(),
            explained: explained.to_string(),
            unpriced: u32::try_from(unpriced).unwrap_or(u32::MAX),
            unexplained: (change + explained + chat_usage.unwrap_or_default()).to_string(),
            chat_by_usage: chat_usage.map(|p| p.to_string()),
            counter_restarted: counter == super::attribution::CounterChange::Restarted,
            counter_scope_unknown: by_usage.is_err(),
        });
        anchor = next;
    }
    intervals
}

/// What the usage counter adds to the chart: per interval, the points it shows beyond the
/// known amounts (at the refresh that read them), and the charges it covers (pure).
pub(super) fn counted_by_usage(
    snapshots: &[SnapshotRow],
    ledger: &[LedgerRow],
) -> (Vec<(i64, Points)>, BTreeSet<String>) {
    let mut extra = Vec::new();
    let mut covered = BTreeSet::new();
    for interval in intervals_of(snapshots, ledger) {
        let Some(points) = interval.chat_by_usage.as_deref().and_then(Points::parse) else { continue };
        covered.extend(interval.charges.iter().map(|c| c.id.clone()));
        if !points.is_zero() {
            extra.push((interval.to.at, points));
        }
    }
    (extra, covered)
}

fn date_text(local_day: i64) -> String {
    match time::OffsetDateTime::from_unix_timestamp(local_day.saturating_mul(86_400)) {
        Ok(t) => format!("{:04}-{:02}-{:02}", t.year(), u8::from(t.month()), t.day()),
        Err(_) => String::new(),
    }
}

fn series_order(c: &BillingContext) -> (u8, String) {
    match c {
        BillingContext::Personal => (0, String::new()),
        BillingContext::Team { team_name, team_id } => {
            (1, format!("{}\u{0}{team_id}", team_name.to_lowercase()))
        }
    }
}

/// Buckets charges by local day and context (pure): every known amount, and the points the
/// usage counter shows for replies whose amounts are not known one by one (`by_usage`, in
/// `context`'s series, at the refresh that read them). A charge the counter covers is not
/// counted as unpriced.
pub(super) fn chart(
    rows: &[LedgerRow],
    by_usage: (&BillingContext, &[(i64, Points)], &BTreeSet<String>),
    now: i64,
    query: &SpendingQuery,
) -> SpendingChart {
    let (usage_context, usage_points, covered) = by_usage;
    let days = i64::from(query.days.clamp(1, 90));
    let offset = i64::from(query.utc_offset_minutes.clamp(-14 * 60, 14 * 60)) * 60_000;
    let today = (now + offset).div_euclid(DAY_MS);
    let first = today - days + 1;
    let mut by_context: BTreeMap<(u8, String), (BillingContext, Vec<Points>)> = BTreeMap::new();
    let mut unpriced = 0u32;
    for row in rows {
        let day = (ledger_time_ms(row.created_at) + offset).div_euclid(DAY_MS);
        if day < first || day > today {
            continue;
        }
        let Some(points) = amount(row) else {
            if !covered.contains(&row.id) {
                unpriced = unpriced.saturating_add(1);
            }
            continue;
        };
        let context = context_of_row(row);
        let slot = by_context
            .entry(series_order(&context))
            .or_insert_with(|| (context, vec![Points::ZERO; days as usize]));
        let index = (day - first) as usize;
        slot.1[index] = slot.1[index] + points;
    }
    let mut counted = Points::ZERO;
    for (at, points) in usage_points {
        let day = (at + offset).div_euclid(DAY_MS);
        if day < first || day > today {
            continue;
        }
        let slot = by_context
            .entry(series_order(usage_context))
            .or_insert_with(|| (usage_context.clone(), vec![Points::ZERO; days as usize]));
        let index = (day - first) as usize;
        slot.1[index] = slot.1[index] + *points;
        counted = counted + *points;
    }
    let max = by_context.values().flat_map(|(_, v)| v.iter().copied()).max().unwrap_or_default();
    SpendingChart {
        days: (first..=today).map(date_text).collect(),
        series: by_context
            .into_values()
            .map(|(context, values)| SpendingSeries {
                context,
                total: values.iter().copied().sum::<Points>().to_string(),
                permille: values.iter().map(|v| v.permille_of(max).unwrap_or(0)).collect(),
                values: values.iter().map(|v| v.to_string()).collect(),
            })
            .collect(),
        max: max.to_string(),
        unpriced,
        by_usage_counter: counted.to_string(),
    }
}

impl Billing {
    /// A page of charges the app saw, newest first.
    #[instrument(skip(self), err)]
    pub async fn points_ledger(&self, query: LedgerQuery) -> Result<LedgerPage> {
        let session = self.auth().active_session().await?;
        let limit = i64::from(query.limit.clamp(1, 200));
        let only_this = query.scope == LedgerScope::ActiveContext;
        let mut rows = self
            .shared
            .db()
            .ledger_page(&ContextColumns::of(&session), only_this, limit + 1, i64::from(query.offset))
            .await?;
        let has_more = rows.len() as i64 > limit;
        rows.truncate(limit as usize);
        Ok(LedgerPage { entries: rows.iter().map(entry).collect(), has_more })
    }

    /// How the active context's balance moved between refreshes, and which charges the
    /// app saw in each window.
    #[instrument(skip(self), err)]
    pub async fn balance_changes(&self) -> Result<BalanceChanges> {
        let session = self.auth().active_session().await?;
        let key = ContextColumns::of(&session);
        let snapshots = self.shared.db().balance_snapshots(&key, SNAPSHOTS_EXPLAINED).await?;
        let after = snapshots.first().map(|s| s.ledger_mark).unwrap_or(0);
        let ledger = self.shared.db().ledger_after(&key, after).await?;
        let (intervals, since_last_refresh) = explain(&snapshots, &ledger);
        Ok(BalanceChanges {
            context: platform::context_of(&session),
            intervals,
            since_last_refresh,
            last_refresh: snapshots.last().map(point),
            shared_wallet: session.team_id().is_some(),
        })
    }

    /// Points spent per local day by the active context over the last `days` days (the
    /// context on screen; the ledger's "all accounts" view lists the others).
    #[instrument(skip(self), err)]
    pub async fn spending_chart(&self, query: SpendingQuery) -> Result<SpendingChart> {
        if !(1..=90).contains(&query.days) {
            return Err(Error::InvalidInput(format!("days must be 1–90, not {}", query.days)));
        }
        let session = self.auth().active_session().await?;
        self.spending_chart_of(&session, &query).await
    }

    /// The chart for one session's context (the tray's "spent today" reads it without the
    /// active-session checks, which could end a session and announce it).
    pub(super) async fn spending_chart_of(
        &self,
        session: &crate::auth::store::SessionRecord,
        query: &SpendingQuery,
    ) -> Result<SpendingChart> {
        let key = ContextColumns::of(session);
        let mut rows = self
            .shared
            .db()
            .ledger_of_user(&key, CHART_ROWS)
            .await?
            .into_iter()
            .filter(|r| {
                r.context_kind == session.context.kind() && r.team_id == session.team_id().unwrap_or_default()
            })
            .collect::<Vec<_>>();
        // The usage counter's points for replies without their own amount count too.
        let snapshots = self.shared.db().balance_snapshots(&key, SNAPSHOTS_EXPLAINED).await?;
        rows.reverse();
        let (extra, covered) = counted_by_usage(&snapshots, &rows);
        let context = platform::context_of(session);
        Ok(chart(&rows, (&context, &extra, &covered), now_ms(), query))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::billing::wire::{ChargeCost, NotReportedWhy};

    fn snap(spendable: &str, mark: i64, at: i64) -> SnapshotRow {
        SnapshotRow { spendable: spendable.into(), ledger_mark: mark, taken_at: at, ..SnapshotRow::default() }
    }

    fn charge(rowid: i64, points: Option<&str>, created_at: i64) -> LedgerRow {
        LedgerRow {
            rowid,
            id: format!("c{rowid}"),
            context_kind: "personal".into(),
            team_id: String::new(),
            context_label: "Personal".into(),
            kind: if points.is_some() { "tts".into() } else { "chat".into() },
            request_id: format!("req-{rowid}"),
            points: points.map(str::to_owned),
            input_tokens: None,
            output_tokens: None,
            receipt_ref: format!("clip-{rowid}"),
            summary: String::new(),
            created_at,
            counter_points: None,
            counter_reading: None,
        }
    }

    fn counted(spendable: &str, mark: i64, model_charged: Option<&str>) -> SnapshotRow {
        SnapshotRow { model_charged: model_charged.map(str::to_owned), ..snap(spendable, mark, mark) }
    }

    #[test]
    fn the_usage_counter_explains_what_no_receipt_named_and_never_more() {
        // 5 chat points without a receipt; the counter moved 5.
        let ledger = [charge(1, None, 11)];
        let snapshots = [counted("100", 0, Some("40")), counted("95", 1, Some("45"))];
        let (intervals, _) = explain(&snapshots, &ledger);
        assert_eq!(intervals[0].chat_by_usage.as_deref(), Some("5"));
        assert_eq!(intervals[0].unexplained, "0");
        // A counter that went backwards (it restarted) or wasn't read claims nothing.
        for (a, b) in
            [(Some("40"), Some("10")), (None, Some("47")), (Some("40"), None), (Some("x"), Some("47"))]
        {
            let snapshots = [counted("100", 0, a), counted("95", 1, b)];
            let (intervals, _) = explain(&snapshots, &ledger);
            assert_eq!(intervals[0].chat_by_usage, None);
            assert_eq!(intervals[0].unexplained, "-5");
            assert_eq!(intervals[0].counter_restarted, a == Some("40") && b == Some("10"));
        }
    }

    /// READINGS J3: whether the counter counts speech is learned from an interval with clips
    /// only; until then an interval with a clip and a reply without its amount claims nothing
    /// from the counter (it can't tell), and then speech receipts are taken off only from a
    /// counter that counts speech.
    #[test]
    fn speech_receipts_come_off_the_counter_only_when_it_counts_speech() {
        // 2 speech points with a receipt, 5 chat points without one.
        let ledger = [charge(1, Some("2"), 10), charge(2, Some("2"), 11), charge(3, None, 12)];
        // Nothing shows what it counts: the mixed interval claims nothing.
        let unknown = [counted("100", 1, Some("40")), counted("93", 3, Some("47"))];
        let (intervals, _) = explain(&unknown, &ledger);
        let i = &intervals[0];
        assert_eq!((i.chat_by_usage.as_deref(), i.counter_scope_unknown), (None, true));
        assert_eq!(i.unexplained, "-5");
        // A clip alone moved the counter by its 2 points: it counts speech, 7 - 2 = 5 chat.
        let both =
            [counted("102", 0, Some("38")), counted("100", 1, Some("40")), counted("93", 3, Some("47"))];
        let (intervals, _) = explain(&both, &ledger);
        let i = &intervals[0];
        assert_eq!(
            (i.chat_by_usage.as_deref(), i.counter_scope_unknown, i.unexplained.as_str()),
            (Some("5"), false, "0")
        );
        // A clip alone left it where it was: chat only, so all 5 it moved are chat.
        let chat_only =
            [counted("102", 0, Some("40")), counted("100", 1, Some("40")), counted("93", 3, Some("45"))];
        let (intervals, _) = explain(&chat_only, &ledger);
        let i = &intervals[0];
        assert_eq!(
            (i.chat_by_usage.as_deref(), i.counter_scope_unknown, i.unexplained.as_str()),
            (Some("5"), false, "0")
        );
    }

    fn settled(rowid: i64, reading: &str, points: Option<&str>) -> LedgerRow {
        LedgerRow {
            counter_reading: Some(reading.into()),
            counter_points: points.map(str::to_owned),
            ..charge(rowid, None, 10 + rowid)
        }
    }

    /// Issue 26, item 1: a reply the usage counter priced is a known amount; "fully
    /// explained" needs every amount known, not only a zero remainder.
    #[test]
    fn a_reply_priced_by_the_counter_is_known_and_shared_ones_are_not() {
        // One reply between two refreshes: the counter's 1 point is its cost.
        let snapshots = [counted("100", 0, Some("40")), counted("99", 1, Some("41"))];
        let (intervals, _) = explain(&snapshots, &[settled(1, "attributed", Some("1"))]);
        let i = &intervals[0];
        assert_eq!((i.explained.as_str(), i.unpriced, i.unexplained.as_str()), ("1", 0, "0"));
        assert_eq!(i.charges[0].cost, ChargeCost::FromUsageCounter { points: "1".into() });
        assert_eq!(i.charges[0].points, None, "`points` stays the platform's own number");
        // Two replies between the same refreshes: the counter explains the total (2), but
        // neither amount is known, so the interval is not "fully explained".
        let snapshots = [counted("100", 0, Some("40")), counted("98", 2, Some("42"))];
        let ledger = [settled(1, "shared", None), settled(2, "shared", None)];
        let (intervals, _) = explain(&snapshots, &ledger);
        let i = &intervals[0];
        assert_eq!((i.unexplained.as_str(), i.unpriced, i.chat_by_usage.as_deref()), ("0", 2, Some("2")));
        assert_eq!(i.charges[0].cost, ChargeCost::NotReported { why: NotReportedWhy::OtherCharges });
    }

    /// Issue 26, item 1: the chart counts every point the counter shows ("2 points in all"
    /// while 4 were spent, before).
    #[test]
    fn the_chart_counts_every_point_the_usage_counter_shows() {
        let now = 20_000 * DAY_MS + 12 * 3_600_000;
        let at = |rowid: i64| (now - 3_600_000 + rowid * 60_000) / 1000;
        let snapshots = [
            SnapshotRow { taken_at: now - 2 * 3_600_000, ..counted("100", 0, Some("10")) },
            SnapshotRow { taken_at: now - 1_800_000, ..counted("99", 1, Some("11")) },
            SnapshotRow { taken_at: now - 1_200_000, ..counted("97", 3, Some("13")) },
            SnapshotRow { taken_at: now - 600_000, ..counted("96", 4, Some("13")) },
        ];
        let ledger = [
            LedgerRow { created_at: at(1), ..settled(1, "attributed", Some("1")) },
            LedgerRow { created_at: at(2), ..settled(2, "shared", None) },
            LedgerRow { created_at: at(3), ..settled(3, "shared", None) },
            charge(4, Some("1"), at(4)),
        ];
        let (extra, covered) = counted_by_usage(&snapshots, &ledger);
        let query = SpendingQuery { days: 1, utc_offset_minutes: 0 };
        let chart = chart(&ledger, (&BillingContext::Personal, &extra, &covered), now, &query);
        assert_eq!(
            chart.series[0].total, "4",
            "1 by the counter alone, 2 by the counter in total, 1 reported"
        );
        assert_eq!((chart.unpriced, chart.by_usage_counter.as_str()), (0, "2"));
        // Without the counter's readings the same charges leave 2 unpriced and 2 points in all.
        let chart = super::chart(&ledger, (&BillingContext::Personal, &[], &BTreeSet::new()), now, &query);
        assert_eq!((chart.series[0].total.as_str(), chart.unpriced), ("2", 2));
    }

    #[test]
    fn charges_between_refreshes_explain_the_difference_and_the_rest_is_unexplained() {
        let snapshots = [snap("2500", 0, 1), snap("2500", 0, 2), snap("2488", 2, 3), snap("2400", 3, 4)];
        let ledger = [
            charge(1, Some("4"), 10),
            charge(2, Some("8"), 11),
            charge(3, None, 12),
            charge(4, Some("2"), 13),
        ];
        let (intervals, pending) = explain(&snapshots, &ledger);
        assert_eq!(intervals.len(), 2, "the unchanged refresh is merged away");
        let newest = &intervals[0];
        assert_eq!((newest.change.as_str(), newest.explained.as_str()), ("-88", "0"));
        assert_eq!((newest.unpriced, newest.unexplained.as_str()), (1, "-88"));
        let older = &intervals[1];
        assert_eq!(older.from.at, 2, "starts at the last refresh that still had the old balance");
        assert_eq!(
            (older.change.as_str(), older.explained.as_str(), older.unexplained.as_str()),
            ("-12", "12", "0")
        );
        assert_eq!(
            older.charges.iter().map(|c| c.receipt_ref.as_str()).collect::<Vec<_>>(),
            ["clip-1", "clip-2"]
        );
        assert_eq!(pending.len(), 1, "a charge after the last refresh waits for the next one");
    }

    #[test]
    fn a_top_up_shows_as_positive_unexplained() {
        let (intervals, _) = explain(&[snap("859.75", 0, 1), snap("1000.5", 0, 2)], &[]);
        assert_eq!(intervals[0].unexplained, "140.75");
    }

    #[test]
    fn the_chart_buckets_by_local_day_exactly() {
        let now = 20_000 * DAY_MS + 3_600_000; // 01:00 UTC
        let query = SpendingQuery { days: 3, utc_offset_minutes: -120 }; // 23:00 the day before locally
        let rows = [
            charge(1, Some("0.25"), (now - 60_000) / 1000),
            charge(2, Some("9007199254740993"), (now - DAY_MS) / 1000),
            charge(3, None, now / 1000),
            charge(4, Some("1"), (now - 10 * DAY_MS) / 1000),
        ];
        let chart = chart(&rows, (&BillingContext::Personal, &[], &BTreeSet::new()), now, &query);
        assert_eq!(chart.days.len(), 3);
        assert_eq!(chart.series.len(), 1);
        let s = &chart.series[0];
        assert_eq!(s.values, ["0", "9007199254740993", "0.25"]);
        assert_eq!(s.permille, [0, 1000, 0]);
        assert_eq!(s.total, "9007199254740993.25");
        assert_eq!(chart.unpriced, 1);
    }

    #[test]
    fn ledger_times_in_seconds_or_milliseconds_both_read_as_milliseconds() {
        assert_eq!(ledger_time_ms(1_764_000_000), 1_764_000_000_000);
        assert_eq!(ledger_time_ms(1_764_000_000_000), 1_764_000_000_000);
    }
}
