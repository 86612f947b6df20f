//! The read-only Team answers read tolerantly, in the `ReadReport` style of
//! `foundation/reading.rs`: the fields the platform docs name are read in every JSON form
//! a platform may send them in; everything else is kept as sent in a plain key–value list;
//! a shape that is not the one expected is flagged in the report, never refused. Amounts
//! arrive through `exact_json` and stay exact decimal text.

use serde_json::{Map, Value};

use super::wire::{
    EntitlementSource, PlainField, PlainList, TeamEntitlements, TeamMember, TeamMemberCredit,
    TeamMemberCredits, TeamMembership, TeamOverview, TeamPlan,
};
use crate::billing::Points;
use crate::foundation::reading::{describe, field, find_list, whole_number, ReadReport};

/// The names each Team list may have (beside the common wrappers), for its reader and for
/// reading it in pages.
pub const MEMBER_LISTS: &[&str] = &["members"];
pub const CREDIT_LISTS: &[&str] = &["members", "memberCredits"];
pub const ORDER_LISTS: &[&str] = &["orders"];
pub const PLAN_LISTS: &[&str] = &["plans"];

/// How deep nested objects are flattened into dotted keys before the rest is shown as JSON.
const FLATTEN_DEPTH: usize = 3;

/// `value` as plain fields under `prefix`, skipping the top-level keys in `skip`.
pub fn plain_fields(value: &Value, prefix: &str, skip: &[&str]) -> Vec<PlainField> {
    let mut out = Vec::new();
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if skip.contains(&key.as_str()) {
                    continue;
                }
                flatten(inner, &join(prefix, key), FLATTEN_DEPTH, &mut out);
            }
        }
        other => flatten(other, prefix, FLATTEN_DEPTH, &mut out),
    }
    out
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() {
        key.to_owned()
    } else {
        format!("{prefix}.{key}")
    }
}

fn flatten(value: &Value, key: &str, depth: usize, out: &mut Vec<PlainField>) {
    match value {
        Value::Object(map) if depth > 0 && !map.is_empty() => {
            for (k, v) in map {
                flatten(v, &join(key, k), depth - 1, out);
            }
        }
        other => out.push(PlainField { key: key.to_owned(), value: plain_text(other) }),
    }
}

/// A value's text for the plain view.
pub fn plain_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Array(list) if list.iter().all(|v| !v.is_object() && !v.is_array()) => {
            list.iter().map(plain_text).collect::<Vec<_>>().join(", ")
        }
        other => other.to_string(),
    }
}

fn text(map: &Map<String, Value>, names: &[&'static str]) -> Option<String> {
    match field(map, names) {
        Some((_, Value::String(s))) => Some(s.clone()),
        Some((_, Value::Number(n))) => Some(n.to_string()),
        _ => None,
    }
}

fn flag(map: &Map<String, Value>, name: &'static str, report: &mut ReadReport) -> Option<bool> {
    match map.get(name) {
        None | Some(Value::Null) => {
            report.missing(name);
            None
        }
        Some(Value::Bool(b)) => Some(*b),
        Some(Value::String(s)) if s.eq_ignore_ascii_case("true") => Some(true),
        Some(Value::String(s)) if s.eq_ignore_ascii_case("false") => Some(false),
        Some(other) => {
            report.unrecognised(format!("{name} = {other}"));
            None
        }
    }
}

/// The object to read: `data` itself, or one `data`/`item` wrapper deeper when it holds
/// none of `known`.
fn holder<'a>(data: &'a Value, known: &[&str], report: &mut ReadReport) -> Option<&'a Map<String, Value>> {
    let map = data.as_object()?;
    if known.iter().any(|k| map.contains_key(*k)) {
        return Some(map);
    }
    for wrapper in ["data", "item", "membership", "overview"] {
        if let Some(Value::Object(inner)) = map.get(wrapper) {
            if known.iter().any(|k| inner.contains_key(*k)) {
                report.shape = format!("data.{wrapper}");
                return Some(inner);
            }
        }
    }
    Some(map)
}

/// `/overview`: every field as sent.
pub fn read_overview(data: &Value) -> (TeamOverview, ReadReport) {
    let mut report = ReadReport::new("data");
    if !data.is_object() {
        report.unrecognised(format!("data = {}", describe(data)));
    }
    (TeamOverview { fields: plain_fields(data, "", &[]) }, report)
}

/// The report for an answer with no list where one was expected.
fn not_a_list(data: &Value) -> ReadReport {
    let mut report = ReadReport::new("not a list");
    report.unrecognised(format!("data = {}", describe(data)));
    report
}

/// Each object entry of `list` read by `read`; an entry that is no object is flagged as
/// `<label>[] = …` and skipped, never refused.
fn each_object<T>(
    list: &[Value],
    label: &str,
    report: &mut ReadReport,
    mut read: impl FnMut(&Map<String, Value>, &Value, &mut ReadReport) -> T,
) -> Vec<T> {
    let mut out = Vec::with_capacity(list.len());
    for entry in list {
        match entry.as_object() {
            Some(map) => out.push(read(map, entry, report)),
            None => report.unrecognised(format!("{label}[] = {}", describe(entry))),
        }
    }
    out
}

const MEMBER_ID: [&str; 3] = ["memberId", "member_id", "id"];
const MEMBER_NAME: [&str; 5] = ["name", "displayName", "nickname", "memberName", "userName"];

/// `/members`: a list in any of the usual wrappers; name, role and status read from the
/// names the Team context uses (`role`, `memberStatus`) and their common spellings.
pub fn read_members(data: &Value) -> (Vec<TeamMember>, ReadReport) {
    let Some((list, shape)) = find_list(data, MEMBER_LISTS) else {
        return (Vec::new(), not_a_list(data));
    };
    let mut report = ReadReport::new(shape);
    let known: Vec<&str> = MEMBER_ID
        .iter()
        .chain(&MEMBER_NAME)
        .chain(&["role", "memberRole", "status", "memberStatus"])
        .copied()
        .collect();
    let members = each_object(list, "members", &mut report, |map, entry, report| {
        let name = text(map, &MEMBER_NAME);
        if name.is_none() {
            report.missing("members[].name");
        }
        let role = text(map, &["role", "memberRole"]);
        if role.is_none() {
            report.missing("members[].role");
        }
        TeamMember {
            member_id: text(map, &MEMBER_ID),
            name,
            role,
            status: text(map, &["status", "memberStatus"]),
            other: plain_fields(entry, "", &known),
        }
    });
    (members, report)
}

fn amount(map: &Map<String, Value>, names: &[&'static str], report: &mut ReadReport) -> Option<String> {
    let (name, value) = field(map, names)?;
    match Points::from_json(value) {
        Some(points) => Some(points.to_string()),
        None => {
            report.unrecognised(format!("members[].{name} = {value}"));
            None
        }
    }
}

const QUOTA_LIMIT: [&str; 3] = ["quotaLimit", "quota_limit", "quota"];
const QUOTA_USED: [&str; 2] = ["quotaUsed", "quota_used"];
const QUOTA_REMAINING: [&str; 2] = ["quotaRemaining", "quota_remaining"];

/// `/member-credits`: a list of members with the Team balance's quota fields.
pub fn read_member_credits(data: &Value) -> (TeamMemberCredits, ReadReport) {
    let Some((list, shape)) = find_list(data, CREDIT_LISTS) else {
        return (
            TeamMemberCredits { members: Vec::new(), other: plain_fields(data, "", &[]) },
            not_a_list(data),
        );
    };
    let list_key = shape.rsplit('.').next().unwrap_or_default().to_owned();
    let mut report = ReadReport::new(shape.clone());
    let known: Vec<&str> = MEMBER_ID
        .iter()
        .chain(&MEMBER_NAME)
        .chain(&QUOTA_LIMIT)
        .chain(&QUOTA_USED)
        .chain(&QUOTA_REMAINING)
        .copied()
        .collect();
    let members = each_object(list, "members", &mut report, |map, entry, report| {
        if !QUOTA_USED.iter().any(|n| map.contains_key(*n)) {
            report.missing("members[].quotaUsed");
        }
        TeamMemberCredit {
            member_id: text(map, &MEMBER_ID),
            name: text(map, &MEMBER_NAME),
            quota_limit: amount(map, &QUOTA_LIMIT, report),
            quota_used: amount(map, &QUOTA_USED, report),
            quota_remaining: amount(map, &QUOTA_REMAINING, report),
            other: plain_fields(entry, "", &known),
        }
    });
    let other = if shape.starts_with("data.") && shape.matches('.').count() == 1 {
        plain_fields(data, "", &[list_key.as_str()])
    } else {
        Vec::new()
    };
    (TeamMemberCredits { members, other }, report)
}

fn bytes(map: &Map<String, Value>, name: &'static str, report: &mut ReadReport) -> Option<u64> {
    match map.get(name) {
        None | Some(Value::Null) => {
            report.missing(format!("entitlements.storage.{name}"));
            None
        }
        Some(value) => match whole_number(value).and_then(|n| u64::try_from(n).ok()) {
            Some(n) => Some(n),
            None => {
                report.unrecognised(format!("entitlements.storage.{name} = {value}"));
                None
            }
        },
    }
}

/// `/entitlements`: `accountType`, `accountId`, `entitlements` (`storage.maxFileBytes`,
/// `storage.totalBytes`, `memberLimit`, `planFeatures`; Personal: `byok`) and `sources`
/// (`startsAt`, `endsAt`; a null end never expires), as the docs describe them. The Team and
/// the Personal answer share this reader: what only one of them has is missing only there
/// (by `accountType`, Team when it is not sent).
pub fn read_entitlements(data: &Value) -> (TeamEntitlements, ReadReport) {
    let mut report = ReadReport::new("data");
    let Some(map) = holder(data, &["entitlements", "accountType", "sources"], &mut report) else {
        report.unrecognised(format!("data = {}", describe(data)));
        return (TeamEntitlements::default(), report);
    };
    let mut out = TeamEntitlements {
        account_type: text(map, &["accountType"]),
        account_id: text(map, &["accountId"]),
        ..TeamEntitlements::default()
    };
    for (name, got) in [("accountType", &out.account_type), ("accountId", &out.account_id)] {
        if got.is_none() {
            report.missing(name);
        }
    }
    let personal = out.account_type.as_deref().is_some_and(|t| t.eq_ignore_ascii_case("personal"));
    out.other = plain_fields(
        &Value::Object(map.clone()),
        "",
        &["accountType", "accountId", "entitlements", "sources"],
    );
    match map.get("entitlements") {
        Some(Value::Object(ent)) => {
            match ent.get("storage") {
                Some(Value::Object(storage)) => {
                    out.max_file_bytes = bytes(storage, "maxFileBytes", &mut report);
                    out.total_bytes = bytes(storage, "totalBytes", &mut report);
                    out.other.extend(plain_fields(
                        &Value::Object(storage.clone()),
                        "entitlements.storage",
                        &["maxFileBytes", "totalBytes"],
                    ));
                }
                Some(other) => report.unrecognised(format!("entitlements.storage = {}", describe(other))),
                None => report.missing("entitlements.storage"),
            }
            match ent.get("memberLimit") {
                None | Some(Value::Null) if personal => {}
                None | Some(Value::Null) => report.missing("entitlements.memberLimit"),
                Some(value) => match whole_number(value) {
                    Some(n) => out.member_limit = Some(n),
                    None => report.unrecognised(format!("entitlements.memberLimit = {value}")),
                },
            }
            match ent.get("planFeatures") {
                None | Some(Value::Null) if personal => {}
                None | Some(Value::Null) => report.missing("entitlements.planFeatures"),
                Some(Value::Array(list)) if list.iter().all(Value::is_string) => {
                    out.plan_features = list.iter().filter_map(Value::as_str).map(str::to_owned).collect();
                }
                Some(other) => out.plan_feature_fields = plain_fields(other, "planFeatures", &[]),
            }
            match ent.get("byok") {
                None | Some(Value::Null) if !personal => {}
                None | Some(Value::Null) => report.missing("entitlements.byok"),
                Some(_) => out.byok = flag(ent, "byok", &mut report),
            }
            out.other.extend(plain_fields(
                &Value::Object(ent.clone()),
                "entitlements",
                &["storage", "memberLimit", "planFeatures", "byok"],
            ));
        }
        Some(other) => report.unrecognised(format!("entitlements = {}", describe(other))),
        None => report.missing("entitlements"),
    }
    match map.get("sources") {
        Some(Value::Array(list)) => {
            out.sources = each_object(list, "sources", &mut report, |source, entry, report| {
                let starts_at = text(source, &["startsAt"]);
                if starts_at.is_none() {
                    report.missing("sources[].startsAt");
                }
                let ends_at = text(source, &["endsAt"]);
                let open_ended = matches!(source.get("endsAt"), Some(Value::Null));
                if ends_at.is_none() && !open_ended {
                    report.missing("sources[].endsAt");
                }
                EntitlementSource {
                    starts_at,
                    ends_at,
                    open_ended,
                    other: plain_fields(entry, "", &["startsAt", "endsAt"]),
                }
            });
        }
        Some(other) => report.unrecognised(format!("sources = {}", describe(other))),
        None => report.missing("sources"),
    }
    (out, report)
}

/// `/membership`: `canPurchaseCredits` and `accessActive`; the rest as sent.
pub fn read_membership(data: &Value) -> (TeamMembership, ReadReport) {
    let mut report = ReadReport::new("data");
    let Some(map) = holder(data, &["canPurchaseCredits", "accessActive"], &mut report) else {
        report.unrecognised(format!("data = {}", describe(data)));
        return (TeamMembership::default(), report);
    };
    let membership = TeamMembership {
        can_purchase_credits: flag(map, "canPurchaseCredits", &mut report),
        access_active: flag(map, "accessActive", &mut report),
        other: plain_fields(&Value::Object(map.clone()), "", &["canPurchaseCredits", "accessActive"]),
    };
    (membership, report)
}

/// `/membership/orders`: a list whose entries have no documented fields.
pub fn read_orders(data: &Value) -> (PlainList, ReadReport) {
    let Some((list, shape)) = find_list(data, ORDER_LISTS) else {
        return (PlainList { entries: Vec::new(), other: plain_fields(data, "", &[]) }, not_a_list(data));
    };
    let list_key = shape.rsplit('.').next().unwrap_or_default().to_owned();
    let other = if shape.matches('.').count() == 1 {
        plain_fields(data, "", &[list_key.as_str()])
    } else {
        Vec::new()
    };
    let report = ReadReport::new(shape);
    (PlainList { entries: list.iter().map(|e| plain_fields(e, "", &[])).collect(), other }, report)
}

/// `/membership/plans`: each plan's `seats` (`includedMembers`, `allowPurchase`,
/// `monthlyPriceMinor`) as the Team page documents it; the rest as sent.
pub fn read_plans(data: &Value) -> (Vec<TeamPlan>, ReadReport) {
    let Some((list, shape)) = find_list(data, PLAN_LISTS) else {
        return (Vec::new(), not_a_list(data));
    };
    let mut report = ReadReport::new(shape);
    let plans = each_object(list, "plans", &mut report, |map, entry, report| {
        let mut plan = TeamPlan { other: plain_fields(entry, "", &["seats"]), ..TeamPlan::default() };
        match map.get("seats") {
            Some(Value::Object(seats)) => {
                plan.included_members = seats.get("includedMembers").and_then(whole_number);
                plan.monthly_price_minor = seats.get("monthlyPriceMinor").and_then(whole_number);
                plan.allow_purchase = flag(seats, "allowPurchase", report);
                for (name, got) in [
                    ("includedMembers", plan.included_members.is_some()),
                    ("monthlyPriceMinor", plan.monthly_price_minor.is_some()),
                ] {
                    if !got {
                        report.missing(format!("plans[].seats.{name}"));
                    }
                }
                plan.other.extend(plain_fields(
                    &Value::Object(seats.clone()),
                    "seats",
                    &["includedMembers", "allowPurchase", "monthlyPriceMinor"],
                ));
            }
            Some(other) => {
                report.unrecognised(format!("plans[].seats = {}", describe(other)));
                plan.other.extend(plain_fields(other, "seats", &[]));
            }
            None => report.missing("plans[].seats"),
        }
        plan
    });
    (plans, report)
}
