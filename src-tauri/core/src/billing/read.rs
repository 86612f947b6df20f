//! The billing answers read tolerantly, in one place each: the Team balance in both
//! documented shapes, the Personal balance, and usage; amounts in every JSON number form.
//! Pass `data` as `reading::exact_json` (or `Auth::context_get_exact`) returns it. Each
//! reader returns a `ReadReport` (shape, missing fields, values not recognised).

use serde_json::{Map, Value};

use super::platform::{personal_snapshot, team_snapshot, text, PersonalBalanceData, TeamBalanceData};
use super::points::Points;
use super::wire::{ModelUsage, PersonalUsage};
use crate::billing::store::SnapshotRow;
use crate::foundation::error::{Error, Result};
use crate::foundation::reading::{describe, field, ReadReport};

/// `GET /api/v1/open/teams/{team_id}/balance` as the snapshot it becomes.
pub fn read_team_balance(data: &Value) -> Result<(SnapshotRow, ReadReport)> {
    let (balance, report) = team_balance_data(data)?;
    Ok((team_snapshot(&balance)?, report))
}

/// `GET /api/v1/open/balance` as the snapshot it becomes.
pub fn read_personal_balance(data: &Value) -> Result<(SnapshotRow, ReadReport)> {
    let (balance, report) = personal_balance_data(data)?;
    Ok((personal_snapshot(&balance), report))
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
fn amount(map: &Map<String, Value>, names: &[&'static str], report: &mut ReadReport) -> Option<Points> {
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

/// An amount written without a fraction (`860`, `"860"`): an integer field the platform may
/// have rounded. `859.75` and `2500.0` (through `exact_json`, text) carry their fraction.
fn written_whole(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.is_i64() || n.is_u64(),
        Value::String(s) => !s.trim().contains(['.', 'e', 'E']),
        _ => false,
    }
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
pub(super) fn team_balance_data(data: &Value) -> Result<(TeamBalanceData, ReadReport)> {
    let mut known: Vec<&str> = TEAM_FIELDS.to_vec();
    known.extend(LEGACY_TEAM_FIELDS);
    let mut report = ReadReport::new("");
    let map = holder(data, &known, &["balance", "data", "item"], &mut report).ok_or_else(|| {
        Error::Decode(format!("the Team balance has no balance fields: {}", describe(data)))
    })?;
    let team_id = map.get("teamId").and_then(Value::as_str).map(str::to_owned);
    let documented = TEAM_FIELDS.iter().any(|k| map.contains_key(*k));
    let data = if documented {
        report.shape = format!("{}balancePoints/walletBalancePoints/quota* (API reference)", report.shape);
        let decimal = field(map, &["balancePointsDecimal"]).map(|(_, v)| v);
        let balance_may_be_rounded =
            decimal.is_none() && field(map, &["balancePoints"]).is_some_and(|(_, v)| written_whole(v));
        if balance_may_be_rounded {
            report.missing("balancePointsDecimal (balancePoints is whole: it may be rounded)");
        }
        TeamBalanceData {
            team_id,
            member_id: map.get("memberId").and_then(Value::as_str).map(str::to_owned),
            role: map.get("role").and_then(Value::as_str).map(str::to_owned),
            balance_points: amount(map, &["balancePoints"], &mut report),
            balance_points_decimal: decimal.map(|v| match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            }),
            wallet_balance_points: amount(map, &["walletBalancePoints"], &mut report),
            quota_limit: field(map, &["quotaLimit"]).and_then(|(_, v)| Points::from_json(v)),
            quota_used: field(map, &["quotaUsed"]).and_then(|(_, v)| Points::from_json(v)),
            quota_remaining: field(map, &["quotaRemaining"]).and_then(|(_, v)| Points::from_json(v)),
            balance_may_be_rounded,
        }
    } else {
        report.shape = format!("{}total/memberQuota/memberRemaining (older Team page)", report.shape);
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
            // The older shape has no decimal field to miss: its amounts are taken as sent.
            balance_may_be_rounded: false,
        }
    };
    Ok((data, report))
}

const PERSONAL_FIELDS: [&str; 5] = ["subscription", "gift_card", "giftCard", "recharge", "total"];

/// Reads `GET /api/v1/open/balance` data (snake case in the docs; camel case accepted).
pub(super) fn personal_balance_data(data: &Value) -> Result<(PersonalBalanceData, ReadReport)> {
    let mut report = ReadReport::new("");
    let map = holder(data, &PERSONAL_FIELDS, &["balance", "data"], &mut report)
        .ok_or_else(|| Error::Decode(format!("the balance has no balance fields: {}", describe(data))))?;
    report.shape = format!("{}subscription/gift_card/recharge/total", report.shape);
    let balance = PersonalBalanceData {
        subscription: amount(map, &["subscription"], &mut report).unwrap_or_default(),
        gift_card: amount(map, &["gift_card", "giftCard"], &mut report).unwrap_or_default(),
        recharge: amount(map, &["recharge"], &mut report).unwrap_or_default(),
        total: field(map, &["total"]).and_then(|(_, v)| Points::from_json(v)),
    };
    Ok((balance, report))
}

const USAGE_FIELDS: [&str; 6] =
    ["chargedPoints", "charged_points", "refundedPoints", "netPoints", "modelUsage", "model_usage"];

fn count(map: &Map<String, Value>, names: &[&'static str], report: &mut ReadReport) -> String {
    match field(map, names) {
        Some((_, Value::Number(n))) if n.is_u64() => n.to_string(),
        Some((_, Value::String(s))) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => s.clone(),
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

const MODEL_USAGE_FIELDS: [&str; 7] = [
    "requestCount",
    "inputTokens",
    "outputTokens",
    "chargedPoints",
    "request_count",
    "charged_points",
    "imageCount",
];

/// A `modelUsage` object that holds one object per model (`{"othan-2.0": {...}}`) instead of
/// the counters themselves.
fn is_per_model(m: &Map<String, Value>) -> bool {
    !m.is_empty()
        && !MODEL_USAGE_FIELDS.iter().any(|f| m.contains_key(*f))
        && m.values().all(Value::is_object)
}

fn model_usage_of(m: &Map<String, Value>, report: &mut ReadReport) -> ModelUsage {
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
    ModelUsage {
        request_count: count(m, &["requestCount", "request_count"], report),
        input_tokens: count(m, &["inputTokens", "input_tokens"], report),
        output_tokens: count(m, &["outputTokens", "output_tokens"], report),
        cache_read_tokens: count(m, &["cacheReadTokens", "cache_read_tokens"], report),
        cache_write_tokens: count(m, &["cacheWriteTokens", "cache_write_tokens"], report),
        image_count: count(m, &["imageCount", "image_count"], report),
        charged_points: text(charged_points),
    }
}

/// The model usage of every model, added up: the card and the balance explanation need the
/// totals. A count that is not a whole number is flagged and left out of the sum.
fn summed<'a>(entries: impl Iterator<Item = &'a Value>, report: &mut ReadReport) -> Option<ModelUsage> {
    let mut total = ModelUsage {
        request_count: "0".into(),
        input_tokens: "0".into(),
        output_tokens: "0".into(),
        cache_read_tokens: "0".into(),
        cache_write_tokens: "0".into(),
        image_count: "0".into(),
        charged_points: "0".into(),
    };
    let add = |a: &str, b: &str| {
        let sum = a.parse::<u64>().unwrap_or(0).saturating_add(b.parse::<u64>().unwrap_or(0));
        sum.to_string()
    };
    let mut models = 0;
    for entry in entries.filter_map(Value::as_object) {
        let one = model_usage_of(entry, report);
        total.request_count = add(&total.request_count, &one.request_count);
        total.input_tokens = add(&total.input_tokens, &one.input_tokens);
        total.output_tokens = add(&total.output_tokens, &one.output_tokens);
        total.cache_read_tokens = add(&total.cache_read_tokens, &one.cache_read_tokens);
        total.cache_write_tokens = add(&total.cache_write_tokens, &one.cache_write_tokens);
        total.image_count = add(&total.image_count, &one.image_count);
        let points = Points::parse(&total.charged_points).unwrap_or_default()
            + Points::parse(&one.charged_points).unwrap_or_default();
        total.charged_points = text(points);
        models += 1;
    }
    report.shape = format!("{} (modelUsage per model: {models}, summed)", report.shape);
    Some(total)
}

/// Reads `GET /api/v1/open/usage` data; amounts in every JSON number form, exactly.
/// (The report is also in `PersonalUsage::reading`.)
pub fn read_usage(data: &Value, fetched_at: i64) -> Result<(PersonalUsage, ReadReport)> {
    let mut report = ReadReport::new("");
    let map = holder(data, &USAGE_FIELDS, &["usage", "summary", "data"], &mut report)
        .ok_or_else(|| Error::Decode(format!("the usage answer has no usage fields: {}", describe(data))))?;
    report.shape = format!("{}chargedPoints/refundedPoints/netPoints/modelUsage", report.shape);
    let charged = amount(map, &["chargedPoints", "charged_points"], &mut report).unwrap_or_default();
    let refunded = match field(map, &["refundedPoints", "refunded_points"]) {
        None => Points::ZERO,
        Some((name, v)) => Points::from_json(v).unwrap_or_else(|| {
            report.unrecognised(format!("{name} = {v}"));
            Points::ZERO
        }),
    };
    let net = amount(map, &["netPoints", "net_points"], &mut report).unwrap_or(charged - refunded);
    let model_usage = match field(map, &["modelUsage", "model_usage"]) {
        Some((_, Value::Object(m))) if !is_per_model(m) => Some(model_usage_of(m, &mut report)),
        // Per model (readings audit J2): a map by model code or a list of entries, summed.
        Some((_, Value::Object(m))) => summed(m.values(), &mut report),
        Some((_, Value::Array(list))) if !list.is_empty() && list.iter().all(Value::is_object) => {
            summed(list.iter(), &mut report)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::foundation::reading::exact_json;

    #[test]
    fn the_older_team_balance_of_the_chinese_team_page_is_read() {
        let v = exact_json(r#"{"teamId":"team_01","total":12500,"memberQuota":1000,"memberRemaining":860}"#)
            .unwrap();
        let (data, report) = team_balance_data(&v).unwrap();
        assert!(report.shape.contains("older Team page"), "{report:?}");
        let row = team_snapshot(&data).unwrap();
        assert_eq!(row.spendable, "860");
        assert_eq!(row.wallet.as_deref(), Some("12500"));
        assert_eq!(
            (row.quota_limit.as_deref(), row.quota_used.as_deref(), row.quota_remaining.as_deref()),
            (Some("1000"), Some("140"), Some("860"))
        );
    }

    #[test]
    fn fractional_json_numbers_are_exact_amounts() {
        let v = exact_json(r#"{"teamId":"t","balancePoints":859.75,"walletBalancePoints":12500,"quotaLimit":1000,"quotaUsed":140.25,"quotaRemaining":859.75}"#).unwrap();
        let (data, report) = team_balance_data(&v).unwrap();
        assert!(report.unrecognised.is_empty(), "{report:?}");
        let row = team_snapshot(&data).unwrap();
        assert_eq!((row.spendable.as_str(), row.quota_used.as_deref()), ("859.75", Some("140.25")));
        let u = exact_json(r#"{"chargedPoints":12.5,"refundedPoints":0,"netPoints":12.5,"modelUsage":{"requestCount":1,"inputTokens":3,"outputTokens":4,"cacheReadTokens":0,"cacheWriteTokens":0,"imageCount":0,"chargedPoints":2.5}}"#).unwrap();
        let (usage, _) = read_usage(&u, 0).unwrap();
        assert_eq!(usage.charged_points, "12.5");
        assert_eq!(usage.model_usage.unwrap().charged_points, "2.5");
    }
}
