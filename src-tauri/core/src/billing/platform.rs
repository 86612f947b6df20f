//! The platform's balance, usage and Team context answers, parsed into exact values, and
//! the snapshot rows made from them.

use serde::Deserialize;
use serde_json::{Map, Value};

use super::points::Points;
use super::wire::{
    BalanceDetail, BillingContext, ModelUsage, PersonalUsage, TeamContextView, TeamQuota,
};
use crate::error::{Error, Result};
use crate::reading::{describe, field, ReadReport};
use crate::store::billing::SnapshotRow;
use crate::store::sessions::SessionRecord;

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
    pub team_context_version: Option<i64>,
}

fn text(p: Points) -> String {
    p.to_string()
}

/// The object holding the fields: `data` itself, or one wrapper deeper when `data` has
/// none of `known` (`{balance: {...}}`, `{usage: {...}}`, `{data: {...}}`).
fn holder<'a>(
    data: &'a Value,
    known: &[&str],
    wrappers: &[&str],
    report: &mut ReadReport,
) -> Option<&'a Map<String, Value>> {
    let map = data.as_object()?;
    if known.iter().any(|k| map.contains_key(*k)) {
        return Some(map);
    }
    for w in wrappers {
        if let Some(Value::Object(inner)) = map.get(*w) {
            if known.iter().any(|k| inner.contains_key(*k)) {
                report.shape = format!("data.{w}: {}", report.shape);
                return Some(inner);
            }
        }
    }
    None
}

/// An amount under the first of `names`; reported when missing or not an amount.
fn amount(
    map: &Map<String, Value>,
    names: &[&'static str],
    report: &mut ReadReport,
) -> Option<Points> {
    let Some((name, value)) = field(map, names) else {
        if !names.iter().any(|n| map.contains_key(*n)) {
            report.missing(names[0]);
        }
        return None;
    };
    let points = Points::from_json(value);
    if points.is_none() {
        report.unrecognised(format!("{name} = {value}"));
    }
    points
}

const TEAM_FIELDS: [&str; 7] = [
    "balancePoints",
    "balancePointsDecimal",
    "walletBalancePoints",
    "quotaLimit",
    "quotaUsed",
    "quotaRemaining",
    "memberId",
];
const LEGACY_TEAM_FIELDS: [&str; 3] = ["total", "memberQuota", "memberRemaining"];

/// Reads `GET /api/v1/open/teams/{team_id}/balance` data (already through
/// `reading::exact_json`) in both shapes the docs show: the API reference's
/// `balancePoints`/`walletBalancePoints`/`quota*` and the Chinese Team page's older
/// `{teamId, total, memberQuota, memberRemaining}` (total = the Team wallet,
/// memberQuota/memberRemaining = this member's quota and what is left of it).
pub(super) fn read_team_balance(data: &Value) -> Result<(TeamBalanceData, ReadReport)> {
    let mut known: Vec<&str> = TEAM_FIELDS.to_vec();
    known.extend(LEGACY_TEAM_FIELDS);
    let mut report = ReadReport::new("");
    let map = holder(data, &known, &["balance", "data", "item"], &mut report).ok_or_else(|| {
        Error::Decode(format!(
            "the Team balance has no balance fields: {}",
            describe(data)
        ))
    })?;
    let team_id = map.get("teamId").and_then(Value::as_str).map(str::to_owned);
    let documented = TEAM_FIELDS.iter().any(|k| map.contains_key(*k));
    let data = if documented {
        report.shape = format!(
            "{}balancePoints/walletBalancePoints/quota* (API reference)",
            report.shape
        );
        let decimal = field(map, &["balancePointsDecimal"]).map(|(_, v)| v);
        TeamBalanceData {
            team_id,
            member_id: map
                .get("memberId")
                .and_then(Value::as_str)
                .map(str::to_owned),
            role: map.get("role").and_then(Value::as_str).map(str::to_owned),
            balance_points: amount(map, &["balancePoints"], &mut report),
            balance_points_decimal: decimal.map(|v| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            }),
            wallet_balance_points: amount(map, &["walletBalancePoints"], &mut report),
            quota_limit: field(map, &["quotaLimit"]).and_then(|(_, v)| Points::from_json(v)),
            quota_used: field(map, &["quotaUsed"]).and_then(|(_, v)| Points::from_json(v)),
            quota_remaining: field(map, &["quotaRemaining"])
                .and_then(|(_, v)| Points::from_json(v)),
        }
    } else {
        report.shape = format!(
            "{}total/memberQuota/memberRemaining (older Team page)",
            report.shape
        );
        let wallet = amount(map, &["total"], &mut report);
        // A null or absent memberQuota reads as unlimited, as `quotaLimit: null` does.
        let quota = field(map, &["memberQuota"]).and_then(|(_, v)| Points::from_json(v));
        let remaining = amount(map, &["memberRemaining"], &mut report);
        let member = match (remaining, wallet) {
            (Some(r), Some(w)) => Some(r.min(w)),
            (Some(r), None) => Some(r),
            (None, w) => w.filter(|_| quota.is_none()),
        };
        report.missing("memberId");
        report.missing("role");
        TeamBalanceData {
            team_id,
            member_id: None,
            role: None,
            balance_points: member,
            balance_points_decimal: None,
            wallet_balance_points: wallet,
            quota_limit: quota,
            quota_used: match (quota, remaining) {
                (Some(q), Some(r)) => Some((q - r).max(Points::ZERO)),
                _ => None,
            },
            quota_remaining: remaining.filter(|_| quota.is_some()),
        }
    };
    Ok((data, report))
}

const PERSONAL_FIELDS: [&str; 5] = ["subscription", "gift_card", "giftCard", "recharge", "total"];

/// Reads `GET /api/v1/open/balance` data (snake case in the docs; camel case accepted).
pub(super) fn read_personal_balance(data: &Value) -> Result<(PersonalBalanceData, ReadReport)> {
    let mut report = ReadReport::new("");
    let map =
        holder(data, &PERSONAL_FIELDS, &["balance", "data"], &mut report).ok_or_else(|| {
            Error::Decode(format!(
                "the balance has no balance fields: {}",
                describe(data)
            ))
        })?;
    report.shape = format!("{}subscription/gift_card/recharge/total", report.shape);
    let balance = PersonalBalanceData {
        subscription: amount(map, &["subscription"], &mut report).unwrap_or_default(),
        gift_card: amount(map, &["gift_card", "giftCard"], &mut report).unwrap_or_default(),
        recharge: amount(map, &["recharge"], &mut report).unwrap_or_default(),
        total: field(map, &["total"]).and_then(|(_, v)| Points::from_json(v)),
    };
    Ok((balance, report))
}

const USAGE_FIELDS: [&str; 6] = [
    "chargedPoints",
    "charged_points",
    "refundedPoints",
    "netPoints",
    "modelUsage",
    "model_usage",
];

fn count(map: &Map<String, Value>, names: &[&'static str], report: &mut ReadReport) -> String {
    match field(map, names) {
        Some((_, Value::Number(n))) if n.is_u64() => n.to_string(),
        Some((_, Value::String(s))) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.clone()
        }
        Some((name, other)) => {
            // Shown as sent, flagged.
            report.unrecognised(format!("modelUsage.{name} = {other}"));
            match other {
                Value::String(s) => s.clone(),
                v => v.to_string(),
            }
        }
        None => {
            report.missing(format!("modelUsage.{}", names[0]));
            "0".to_owned()
        }
    }
}

/// Reads `GET /api/v1/open/usage` data; amounts in every JSON number form, exactly.
pub(super) fn read_usage(data: &Value, fetched_at: i64) -> Result<(PersonalUsage, ReadReport)> {
    let mut report = ReadReport::new("");
    let map = holder(
        data,
        &USAGE_FIELDS,
        &["usage", "summary", "data"],
        &mut report,
    )
    .ok_or_else(|| {
        Error::Decode(format!(
            "the usage answer has no usage fields: {}",
            describe(data)
        ))
    })?;
    report.shape = format!(
        "{}chargedPoints/refundedPoints/netPoints/modelUsage",
        report.shape
    );
    let charged =
        amount(map, &["chargedPoints", "charged_points"], &mut report).unwrap_or_default();
    let refunded = match field(map, &["refundedPoints", "refunded_points"]) {
        None => Points::ZERO,
        Some((name, v)) => Points::from_json(v).unwrap_or_else(|| {
            report.unrecognised(format!("{name} = {v}"));
            Points::ZERO
        }),
    };
    let net = amount(map, &["netPoints", "net_points"], &mut report).unwrap_or(charged - refunded);
    let model_usage = match field(map, &["modelUsage", "model_usage"]) {
        Some((_, Value::Object(m))) => {
            let charged_points = {
                let mut inner = ReadReport::default();
                let p = amount(m, &["chargedPoints", "charged_points"], &mut inner);
                for u in inner.unrecognised {
                    report.unrecognised(format!("modelUsage.{u}"));
                }
                for u in inner.missing {
                    report.missing(format!("modelUsage.{u}"));
                }
                p.unwrap_or_default()
            };
            Some(ModelUsage {
                request_count: count(m, &["requestCount", "request_count"], &mut report),
                input_tokens: count(m, &["inputTokens", "input_tokens"], &mut report),
                output_tokens: count(m, &["outputTokens", "output_tokens"], &mut report),
                cache_read_tokens: count(m, &["cacheReadTokens", "cache_read_tokens"], &mut report),
                cache_write_tokens: count(
                    m,
                    &["cacheWriteTokens", "cache_write_tokens"],
                    &mut report,
                ),
                image_count: count(m, &["imageCount", "image_count"], &mut report),
                charged_points: text(charged_points),
            })
        }
        Some((name, other)) => {
            report.unrecognised(format!("{name} = {other}"));
            None
        }
        None => {
            report.missing("modelUsage");
            None
        }
    };
    Ok((
        PersonalUsage {
            charged_points: text(charged),
            refunded_points: text(refunded),
            net_points: text(net),
            model_usage,
            fetched_at,
            reading: report.clone(),
        },
        report,
    ))
}

pub(super) fn personal_snapshot(data: &PersonalBalanceData) -> SnapshotRow {
    let total = data
        .total
        .unwrap_or(data.subscription + data.gift_card + data.recharge);
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
        (Some(decimal), _) => Points::parse(decimal.trim()).ok_or_else(|| {
            Error::Decode(format!(
                "balancePointsDecimal is not a decimal: {decimal:?}"
            ))
        })?,
        (None, Some(whole)) => whole,
        (None, None) => {
            return Err(Error::Decode(
                "the Team balance has no balancePoints".into(),
            ))
        }
    };
    let quota_remaining = match (data.quota_remaining, data.quota_limit, data.quota_used) {
        (Some(r), _, _) => Some(r),
        (None, Some(limit), Some(used)) => Some((limit - used).max(Points::ZERO)),
        _ => None,
    };
    let limited = data.quota_limit.is_some();
    Ok(SnapshotRow {
        spendable: text(member_balance),
        member_id: data.member_id.clone(),
        role: data.role.clone(),
        wallet: data.wallet_balance_points.map(text),
        quota_limit: data.quota_limit.map(text),
        quota_used: if limited {
            Some(text(data.quota_used.unwrap_or_default()))
        } else {
            None
        },
        quota_remaining: if limited {
            quota_remaining.map(text)
        } else {
            None
        },
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
            let quota = row
                .quota_limit
                .as_deref()
                .and_then(Points::parse)
                .map(|limit| {
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
            team_name: session
                .team_name
                .clone()
                .unwrap_or_else(|| team_id.to_owned()),
        },
    }
}

pub(super) fn team_context_view(session: &SessionRecord, data: TeamContextData) -> TeamContextView {
    let signed_in = session.team_context_version;
    TeamContextView {
        team_name: data
            .name
            .or_else(|| session.team_name.clone())
            .unwrap_or_else(|| data.team_id.clone()),
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
    use crate::reading::exact_json;

    #[test]
    fn the_older_team_balance_of_the_chinese_team_page_is_read() {
        let v = exact_json(
            r#"{"teamId":"team_01","total":12500,"memberQuota":1000,"memberRemaining":860}"#,
        )
        .unwrap();
        let (data, report) = read_team_balance(&v).unwrap();
        assert!(report.shape.contains("older Team page"), "{report:?}");
        let row = team_snapshot(&data).unwrap();
        assert_eq!(row.spendable, "860");
        assert_eq!(row.wallet.as_deref(), Some("12500"));
        assert_eq!(
            (
                row.quota_limit.as_deref(),
                row.quota_used.as_deref(),
                row.quota_remaining.as_deref()
            ),
            (Some("1000"), Some("140"), Some("860"))
        );
    }

    #[test]
    fn fractional_json_numbers_are_exact_amounts() {
        let v = exact_json(r#"{"teamId":"t","balancePoints":859.75,"walletBalancePoints":12500,"quotaLimit":1000,"quotaUsed":140.25,"quotaRemaining":859.75}"#).unwrap();
        let (data, report) = read_team_balance(&v).unwrap();
        assert!(report.unrecognised.is_empty(), "{report:?}");
        let row = team_snapshot(&data).unwrap();
        assert_eq!(
            (row.spendable.as_str(), row.quota_used.as_deref()),
            ("859.75", Some("140.25"))
        );
        let u = exact_json(r#"{"chargedPoints":12.5,"refundedPoints":0,"netPoints":12.5,"modelUsage":{"requestCount":1,"inputTokens":3,"outputTokens":4,"cacheReadTokens":0,"cacheWriteTokens":0,"imageCount":0,"chargedPoints":2.5}}"#).unwrap();
        let (usage, _) = read_usage(&u, 0).unwrap();
        assert_eq!(usage.charged_points, "12.5");
        assert_eq!(usage.model_usage.unwrap().charged_points, "2.5");
    }

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
        assert_eq!(
            (row.quota_limit, row.quota_used, row.quota_remaining),
            (None, None, None)
        );
    }

    #[test]
    fn the_documented_personal_balance_and_usage_parse() {
        let b: PersonalBalanceData = serde_json::from_str(
            r#"{"subscription":80,"gift_card":20,"recharge":100,"total":200}"#,
        )
        .unwrap();
        assert_eq!(personal_snapshot(&b).spendable, "200");
        let u = crate::reading::exact_json(
            r#"{"chargedPoints":100,"refundedPoints":20,"netPoints":80,"modelUsage":{"requestCount":3,
                "inputTokens":1200,"outputTokens":360,"cacheReadTokens":0,"cacheWriteTokens":0,"imageCount":0,
                "chargedPoints":12}}"#,
        )
        .unwrap();
        let (view, report) = read_usage(&u, 0).unwrap();
        assert!(report.is_clean(), "{report:?}");
        assert_eq!(view.net_points, "80");
        assert_eq!(
            view.model_usage.map(|m| m.input_tokens).as_deref(),
            Some("1200")
        );
    }
}
