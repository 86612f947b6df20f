//! Balances, usage and the points ledger as they cross IPC. Every amount is exact decimal
//! text ("859.75", "9007199254740993", "-12"): the UI formats it without ever turning it
//! into a JavaScript number. Times are Unix milliseconds (well below 2^53).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Which account a balance, usage or charge belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum BillingContext {
    Personal,
    Team { team_id: String, team_name: String },
}

/// The balance of the active context at its last refresh.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BalanceOverview {
    /// The local session this balance was read with (compare with the active session).
    pub session_id: String,
    pub context: BillingContext,
    /// What can be spent now: the Personal total, or the Team member's exact balance
    /// (`balancePointsDecimal`: the wallet constrained by the member quota).
    pub spendable: String,
    /// `spendable` is a whole number the platform may have rounded: a Team balance sent
    /// without its exact `balancePointsDecimal` (READINGS I2). Shown as "about", never as exact.
    pub spendable_rounded: bool,
    pub detail: BalanceDetail,
    /// When the platform answered (Unix ms).
    #[ts(type = "number")]
    pub refreshed_at: i64,
    /// `spendable` is below the low-balance threshold.
    pub low: bool,
    pub low_threshold: String,
    /// The charges whose cost this reading settled (from the usage counter, or why not).
    pub settled: Vec<SettledCharge>,
    /// How the platform's answer was read, when this overview comes from a fresh read
    /// (`None` for one rebuilt from a stored snapshot).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reading: Option<crate::foundation::reading::ReadReport>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum BalanceDetail {
    /// `GET /api/v1/open/balance`: display-only; charges are settled by the platform.
    Personal { subscription: String, gift_card: String, recharge: String, total: String },
    /// `GET /api/v1/open/teams/{team_id}/balance`.
    Team {
        team_id: String,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        member_id: Option<String>,
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        role: Option<String>,
        /// The member's exact balance (what `spendable` shows).
        member_balance: String,
        /// The Team's shared wallet, when the platform reported it.
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        wallet: Option<String>,
        /// `None`: this member's quota is unlimited.
        #[ts(optional)]
        #[serde(skip_serializing_if = "Option::is_none")]
        quota: Option<TeamQuota>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamQuota {
    pub limit: String,
    pub used: String,
    pub remaining: String,
    /// `used / limit` in thousandths (0–1000), computed exactly, for the quota bar.
    pub used_permille: u16,
}

/// `GET /api/v1/open/usage`, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum UsageView {
    Personal {
        usage: Box<PersonalUsage>,
    },
    /// The platform rejects Team tokens on Personal usage, so the app never asks.
    NotForTeam,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PersonalUsage {
    pub charged_points: String,
    pub refunded_points: String,
    pub net_points: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_usage: Option<ModelUsage>,
    #[ts(type = "number")]
    pub fetched_at: i64,
    /// How the answer was read: shape, missing fields, values not recognised.
    pub reading: crate::foundation::reading::ReadReport,
}

/// Counts are decimal text too: token totals have no upper bound in the contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct ModelUsage {
    pub request_count: String,
    pub input_tokens: String,
    pub output_tokens: String,
    pub cache_read_tokens: String,
    pub cache_write_tokens: String,
    pub image_count: String,
    pub charged_points: String,
}

/// `GET /api/v1/open/teams/{team_id}/context`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamContextView {
    pub team_id: String,
    pub team_name: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member_id: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member_status: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context_version: Option<String>,
    /// The version the session was signed in with.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signed_in_version: Option<String>,
    /// The platform reports another version than the session's: the Team's context
    /// changed since sign-in, and the platform may end this session.
    pub version_changed: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ChargeSource {
    Tts,
    Chat,
}

/// What one charge cost, and how the app knows: the platform's own number, the usage
/// counter's change when the charge was the only one between two refreshes, or why there is
/// no number. Shared by chat replies, clips and the billable checks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
#[ts(export)]
pub enum ChargeCost {
    /// `X-Xiaoya-Charged-Points` on the answer.
    Reported { points: String },
    /// Personal: the platform's usage counter (`modelUsage.chargedPoints`) moved by this much
    /// between the refreshes before and after the charge, and it was the only charge between them.
    FromUsageCounter { points: String },
    /// The platform named no amount for it, and why the app cannot tell either.
    NotReported { why: NotReportedWhy },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum NotReportedWhy {
    /// The balance (and usage counter) has not been read since the charge yet.
    AwaitingRefresh,
    /// Other charges were made between the same two refreshes: the counter's change is
    /// their sum and cannot be split.
    OtherCharges,
    /// No usage counter to read: a Team (the platform keeps none for Team tokens), no
    /// `usage` access, or the read failed.
    NoUsageCounter,
    /// The usage counter went backwards between the two refreshes: it counts a period and a
    /// new one began (READINGS J4), so its change says nothing about this charge.
    CounterRestarted,
}

/// A charge whose cost a balance refresh just settled (announced with the balance).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SettledCharge {
    pub source: ChargeSource,
    pub request_id: String,
    /// A chat message id or a clip id.
    pub receipt_ref: String,
    pub cost: ChargeCost,
}

/// One charge the app saw, from the local points ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LedgerEntry {
    pub id: String,
    pub context: BillingContext,
    pub source: ChargeSource,
    pub request_id: String,
    /// Exact points as the platform reported them; none when it reported usage only.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_tokens: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_tokens: Option<String>,
    /// What it cost and how that is known (`points` is only the platform's own number).
    pub cost: ChargeCost,
    /// What the receipt link opens on the Chat or Voices screen.
    pub receipt_ref: String,
    pub summary: String,
    #[ts(type = "number")]
    pub at: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum LedgerScope {
    /// Only the active context.
    ActiveContext,
    /// Every context of the signed-in user on this platform, signed-out ones included.
    AllContexts,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LedgerQuery {
    pub scope: LedgerScope,
    pub limit: u32,
    pub offset: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct LedgerPage {
    pub entries: Vec<LedgerEntry>,
    pub has_more: bool,
}

/// A balance at one refresh.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BalancePoint {
    #[ts(type = "number")]
    pub at: i64,
    pub spendable: String,
}

/// Between two refreshes: how the balance moved, the charges the app saw, and what
/// remains unexplained. Signs: `change` is `to - from` (negative when points were spent);
/// `explained` is the sum of the charges seen (positive); `unexplained` is
/// `change + explained` — zero when the charges account for the whole change, negative
/// when more went out than the app saw, positive when more came in (a top-up, a refund).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BalanceInterval {
    pub from: BalancePoint,
    pub to: BalancePoint,
    pub change: String,
    pub charges: Vec<LedgerEntry>,
    pub explained: String,
    /// Charges whose amount is still not known: neither reported by the platform nor
    /// attributed from the usage counter. "Fully explained" needs this to be 0.
    pub unpriced: u32,
    pub unexplained: String,
    /// Personal: the chat points the platform's usage counter shows for this interval
    /// beyond what chat receipts named (part of the explanation, not "unexplained").
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_by_usage: Option<String>,
    /// Personal: the usage counter went backwards in this interval (it counts a period and a
    /// new one began, READINGS J4), so it explains nothing here.
    pub counter_restarted: bool,
    /// Personal: the interval has clips and nothing has shown yet whether the usage counter
    /// counts speech (READINGS J3), so the counter explains nothing here.
    pub counter_scope_unknown: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BalanceChanges {
    pub context: BillingContext,
    /// Newest first; refreshes where nothing moved and nothing was charged are merged away.
    pub intervals: Vec<BalanceInterval>,
    /// Charges seen after the last refresh: refresh to see them in the balance.
    pub since_last_refresh: Vec<LedgerEntry>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_refresh: Option<BalancePoint>,
    /// A Team wallet shared with other members: their spending shows as unexplained.
    pub shared_wallet: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SpendingQuery {
    /// How many days back from today (1–90).
    pub days: u32,
    /// The UI's offset from UTC in minutes, east positive (days are local days).
    pub utc_offset_minutes: i32,
}

/// Points spent per day and context, from the local ledger.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SpendingChart {
    /// Local days, oldest first, as `YYYY-MM-DD`.
    pub days: Vec<String>,
    pub series: Vec<SpendingSeries>,
    /// The largest day of any series (the chart's top).
    pub max: String,
    /// Charges in the period whose amount no one knows (not in the chart): neither reported,
    /// nor attributed, nor covered by the usage counter of their interval.
    pub unpriced: u32,
    /// Points in the chart that only the usage counter shows (spent on replies whose
    /// amounts are not known one by one), in all series.
    pub by_usage_counter: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct SpendingSeries {
    pub context: BillingContext,
    pub total: String,
    /// One per day of `days`.
    pub values: Vec<String>,
    /// Each value as thousandths of `max` (0–1000), computed exactly, for bar heights.
    pub permille: Vec<u16>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BillingSettings {
    /// Below this, the balance shows as low and actions warn first ("0" turns it off).
    pub low_balance_threshold: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum BalanceVerdict {
    /// Enough left, and still above the low-balance threshold afterwards.
    Enough,
    /// Enough left, but the balance will be below the threshold afterwards.
    Low,
    /// The estimate is more than what is left: warn, the platform will likely refuse.
    Exceeds,
    /// No balance known (no `balance` scope, or it could not be read).
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum BalanceLimit {
    /// The Personal balance.
    Balance,
    /// The Team's shared wallet.
    Wallet,
    /// The member's quota in the Team.
    Quota,
}

/// Before an action: does the estimate fit what is left? A warning, never a block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BalanceCheck {
    pub verdict: BalanceVerdict,
    pub estimate: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining: Option<String>,
    /// `remaining - estimate` (negative when it exceeds).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limited_by: Option<BalanceLimit>,
    pub low_threshold: String,
    /// When the balance checked against was read (Unix ms).
    #[ts(optional)]
    #[ts(type = "number")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance_at: Option<i64>,
    /// The balance could not be refreshed just now; the check used an older reading.
    pub stale: bool,
}
