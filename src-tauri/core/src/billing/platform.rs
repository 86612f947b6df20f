//! The platform's balance, usage and Team context answers, parsed into exact values, and
//! the snapshot rows made from them.

use serde::Deserialize;

use super::points::Points;
use super::wire::{BalanceDetail, BillingContext, TeamContextView, TeamQuota};
use crate::auth::store::SessionRecord;
use crate::billing::store::SnapshotRow;
use crate::foundation::error::{Error, Result};

/// `GET /api/v1/open/balance` data. The documented example uses snake case.
#[derive(Debug, Deserialize)]
pub(super) struct PersonalBalanceData {
    pub subscription: Points,
    #[serde(alias = "giftCard")]
    pub gift_card: Points,
    pub recharge: Points,
    pub total: Option<Points>,
}

/// `GET /api/v1/open/teams/{team_id}/balance` data. Integer fields are whole points (the
/// platform rounds them down); `balancePointsDecimal` is the exact member balance.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct TeamBalanceData {
    pub team_id: Option<String>,
    pub member_id: Option<String>,
    pub role: Option<String>,
    pub balance_points: Option<Points>,
    pub balance_points_decimal: Option<String>,
    pub wallet_balance_points: Option<Points>,
    pub quota_limit: Option<Points>,
    pub quota_used: Option<Points>,
    pub quota_remaining: Option<Points>,
    /// `balancePoints` was written as a whole number and no `balancePointsDecimal` came with
    /// it: the platform may have rounded it (READINGS I2).
    #[serde(default)]
    pub balance_may_be_rounded: bool,
}

/// `GET /api/v1/open/teams/{team_id}/context` data.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct TeamContextData {
    pub team_id: String,
    pub name: Option<String>,
    pub member_id: Option<String>,
    pub role: Option<String>,
    pub member_status: Option<String>,
    #[serde(default, deserialize_with = "crate::foundation::reading::lenient_whole")]
    pub team_context_version: Option<i64>,
}

pub(super) fn text(p: Points) -> String {
    p.to_string()
}

pub(super) fn personal_snapshot(data: &PersonalBalanceData) -> SnapshotRow {
    let total = data.total.unwrap_or(data.subscription + data.gift_card + data.recharge);
    SnapshotRow {
        spendable: text(total),
        subscription: Some(text(data.subscription)),
        gift_card: Some(text(data.gift_card)),
        recharge: Some(text(data.recharge)),
        ..SnapshotRow::default()
    }
}

pub(super) fn team_snapshot(data: &TeamBalanceData) -> Result<SnapshotRow> {
    // The exact decimal wins; the integer field is rounded down by the platform.
    let member_balance = match (&data.balance_points_decimal, data.balance_points) {
        (Some(decimal), _) => Points::parse(decimal.trim())
            .ok_or_else(|| Error::Decode(format!("balancePointsDecimal is not a decimal: {decimal:?}")))?,
        (None, Some(whole)) => whole,
        (None, None) => return Err(Error::Decode("the Team balance has no balancePoints".into())),
    };
    let quota_remaining = match (data.quota_remaining, data.quota_limit, data.quota_used) {
        (Some(r), _, _) => Some(r),
        (None, Some(limit), Some(used)) => Some((limit - used).max(Points::ZERO)),
        _ => None,
    };
    let limited = data.quota_limit.is_some();
    Ok(SnapshotRow {
        spendable: text(member_balance),
        spendable_rounded: data.balance_points_decimal.is_none() && data.balance_may_be_rounded,
        member_id: data.member_id.clone(),
        role: data.role.clone(),
        wallet: data.wallet_balance_points.map(text),
        quota_limit: data.quota_limit.map(text),
        quota_used: if limited { Some(text(data.quota_used.unwrap_or_default())) } else { None },
        quota_remaining: if limited { quota_remaining.map(text) } else { None },
        ..SnapshotRow::default()
    })
}

fn stored(value: &Option<String>) -> Points {
    value.as_deref().and_then(Points::parse).unwrap_or_default()
}

/// The detail shown for a snapshot of this session's context.
pub(super) fn detail_of(session: &SessionRecord, row: &SnapshotRow) -> BalanceDetail {
    match session.team_id() {
        None => BalanceDetail::Personal {
            subscription: text(stored(&row.subscription)),
            gift_card: text(stored(&row.gift_card)),
            recharge: text(stored(&row.recharge)),
            total: row.spendable.clone(),
        },
        Some(team_id) => {
            let quota = row.quota_limit.as_deref().and_then(Points::parse).map(|limit| {
                let used = stored(&row.quota_used);
                let remaining = row
                    .quota_remaining
                    .as_deref()
                    .and_then(Points::parse)
                    .unwrap_or_else(|| (limit - used).max(Points::ZERO));
                TeamQuota {
                    limit: text(limit),
                    used: text(used),
                    remaining: text(remaining),
                    // A zero limit with nothing left reads as a full bar.
                    used_permille: used.permille_of(limit).unwrap_or(1000),
                }
            });
            BalanceDetail::Team {
                team_id: team_id.to_owned(),
                member_id: row.member_id.clone(),
                role: row.role.clone().or_else(|| session.role.clone()),
                member_balance: row.spendable.clone(),
                wallet: row.wallet.clone(),
                quota,
            }
        }
    }
}

pub(super) fn context_of(session: &SessionRecord) -> BillingContext {
    match session.team_id() {
        None => BillingContext::Personal,
        Some(team_id) => BillingContext::Team {
            team_id: team_id.to_owned(),
            team_name: session.team_name.clone().unwrap_or_else(|| team_id.to_owned()),
        },
    }
}

pub(super) fn team_context_view(session: &SessionRecord, data: TeamContextData) -> TeamContextView {
    let signed_in = session.team_context_version;
    TeamContextView {
        team_name: data.name.or_else(|| session.team_name.clone()).unwrap_or_else(|| data.team_id.clone()),
        team_id: data.team_id,
        member_id: data.member_id,
        role: data.role,
        member_status: data.member_status,
        context_version: data.team_context_version.map(|v| v.to_string()),
        signed_in_version: signed_in.map(|v| v.to_string()),
        version_changed: matches!((data.team_context_version, signed_in), (Some(now), Some(then)) if now != then),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_team_balance_parses_exactly() {
        let data: TeamBalanceData = serde_json::from_str(
            r#"{"teamId":"team_01","memberId":"member_01","role":"member","balancePoints":860,
                "balancePointsDecimal":"859.75","walletBalancePoints":9007199254740993,"quotaLimit":1000,
                "quotaUsed":140,"quotaRemaining":860}"#,
        )
        .unwrap();
        let row = team_snapshot(&data).unwrap();
        assert_eq!(row.spendable, "859.75");
        assert_eq!(row.wallet.as_deref(), Some("9007199254740993"));
        assert_eq!(row.quota_limit.as_deref(), Some("1000"));
    }

    #[test]
    fn an_unlimited_quota_has_no_quota_columns() {
        let data: TeamBalanceData = serde_json::from_str(
            r#"{"teamId":"t","balancePoints":12,"balancePointsDecimal":"12","walletBalancePoints":12,
                "quotaLimit":null,"quotaUsed":0,"quotaRemaining":null}"#,
        )
        .unwrap();
        let row = team_snapshot(&data).unwrap();
        assert_eq!((row.quota_limit, row.quota_used, row.quota_remaining), (None, None, None));
    }

    #[test]
    fn the_documented_personal_balance_and_usage_parse() {
        let b: PersonalBalanceData =
            serde_json::from_str(r#"{"subscription":80,"gift_card":20,"recharge":100,"total":200}"#).unwrap();
        assert_eq!(personal_snapshot(&b).spendable, "200");
        let u = crate::foundation::reading::exact_json(
            r#"{"chargedPoints":100,"refundedPoints":20,"netPoints":80,"modelUsage":{"requestCount":3,
                "inputTokens":1200,"outputTokens":360,"cacheReadTokens":0,"cacheWriteTokens":0,"imageCount":0,
                "chargedPoints":12}}"#,
        )
        .unwrap();
        let (view, report) = crate::billing::read::read_usage(&u, 0).unwrap();
        assert!(report.is_clean(), "{report:?}");
        assert_eq!(view.net_points, "80");
        assert_eq!(view.model_usage.map(|m| m.input_tokens).as_deref(), Some("1200"));
    }
}
