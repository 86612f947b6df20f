//! `GET /api/v1/open/balance`, `/teams/{id}/balance`, `/usage` and `/account/entitlements`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;

use crate::auth::authenticate;
use crate::billing::{usage_summary, UsageCounting};
use serde_json::{json, Value};

use crate::envelope::{success, PlatformError};
use crate::readings::{Reading, Readings};
use crate::scope::Scope;
use crate::state::Shared;

pub(super) async fn personal_balance(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Balance)?;
    caller.require_personal()?;
    let balance = shared.world().personal_balance;
    if shared.settings().readings.has(Reading::FieldNamesOtherCase) {
        let mut data = balance.to_json();
        rename_key(&mut data, "gift_card", "giftCard");
        return Ok(success(data));
    }
    if shared.settings().readings.has(Reading::PointsFractional) {
        return Ok(success(json!({
            "subscription": Readings::fractional_number(crate::Points::whole(balance.subscription)),
            "gift_card": Readings::fractional_number(crate::Points::whole(balance.gift_card)),
            "recharge": Readings::fractional_number(crate::Points::whole(balance.recharge)),
            "total": Readings::fractional_number(crate::Points::whole(balance.total())),
        })));
    }
    Ok(success(balance.to_json()))
}

pub(super) async fn team_balance(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Balance)?;
    caller.require_team(&team_id)?;
    let world = shared.world();
    let team = world.teams.get(&team_id).ok_or(PlatformError::TeamNotFound)?;
    let readings = shared.settings().readings;
    let view = team.balance_view();
    let amount = |p: crate::Points| {
        if readings.has(Reading::PointsFractional) {
            Readings::fractional_number(p)
        } else if p.is_whole() {
            json!(p.floor_whole())
        } else {
            json!(p.to_string())
        }
    };
    if readings.has(Reading::TeamBalanceLegacy) {
        return Ok(success(json!({
            "teamId": view.team_id,
            "total": amount(view.wallet),
            "memberQuota": view.quota_limit.map(amount),
            "memberRemaining": view.quota_remaining().map(amount),
        })));
    }
    let mut data = view.to_json();
    if readings.has(Reading::QuotaUnlimitedAbsent) && view.quota_limit.is_none() {
        data.as_object_mut().map(|d| {
            d.remove("quotaLimit");
            d.remove("quotaRemaining")
        });
    }
    if readings.has(Reading::TeamBalanceWholeNumbers) {
        let whole = |p: crate::Points| json!(p.round_whole());
        data["balancePoints"] = whole(view.balance());
        data["walletBalancePoints"] = whole(view.wallet);
        data["quotaUsed"] = whole(view.quota_used);
        if let Some(limit) = view.quota_limit {
            data["quotaLimit"] = whole(limit);
        }
        if let Some(remaining) = view.quota_remaining() {
            data["quotaRemaining"] = whole(remaining);
        }
        data.as_object_mut().map(|d| d.remove("balancePointsDecimal"));
    }
    if readings.has(Reading::PointsFractional) {
        // Exact amounts as numbers with a fraction instead of `balancePointsDecimal` text.
        data["balancePoints"] = amount(view.balance());
        data["walletBalancePoints"] = amount(view.wallet);
        data["quotaLimit"] = view.quota_limit.map_or(Value::Null, amount);
        data["quotaUsed"] = amount(view.quota_used);
        data["quotaRemaining"] = view.quota_remaining().map_or(Value::Null, amount);
        data.as_object_mut().map(|d| d.remove("balancePointsDecimal"));
    }
    Ok(success(data))
}

pub(super) async fn usage(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Usage)?;
    caller.require_personal()?;
    let counting = UsageCounting::under(&shared.settings().readings, shared.clock.now());
    let mut data = usage_summary(&shared.world(), &caller.token.client_id, &counting);
    if shared.settings().readings.has(Reading::UsagePerModel) {
        data["modelUsage"] = crate::billing::model_usage_per_model(&shared.world(), &caller.token.client_id);
    }
    if shared.settings().readings.has(Reading::PointsFractional) {
        for path in
            [&["chargedPoints"][..], &["refundedPoints"], &["netPoints"], &["modelUsage", "chargedPoints"]]
        {
            let mut at = &mut data;
            for key in &path[..path.len() - 1] {
                at = &mut at[*key];
            }
            let key = path[path.len() - 1];
            if let Some(whole) = at[key].as_i64() {
                at[key] = Readings::fractional_number(crate::Points::whole(whole));
            }
        }
    }
    if shared.settings().readings.has(Reading::FieldNamesOtherCase) {
        for (camel, snake) in [
            ("chargedPoints", "charged_points"),
            ("refundedPoints", "refunded_points"),
            ("netPoints", "net_points"),
            ("modelUsage", "model_usage"),
        ] {
            rename_key(&mut data, camel, snake);
        }
        if let Some(inner) = data.get_mut("model_usage") {
            rename_key(inner, "chargedPoints", "charged_points");
        }
    }
    Ok(success(data))
}

/// Moves `from` to `to` in a JSON object (the `field-names-other-case` reading).
fn rename_key(data: &mut Value, from: &str, to: &str) {
    if let Some(map) = data.as_object_mut() {
        if let Some(value) = map.remove(from) {
            map.insert(to.to_owned(), value);
        }
    }
}

/// `GET /api/v1/open/account/entitlements`: the `account` scope, Personal tokens only ("Team
/// tokens cannot read Personal"). `accountId` is the client's isolated subject; `sources` are
/// a free base that never ends and a membership with an end date.
pub(super) async fn personal_entitlements(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let caller = authenticate(&shared, &headers)?;
    caller.require(Scope::Account)?;
    caller.require_personal()?;
    let subject = shared.world().client(&caller.token.client_id).map(|c| c.subject).unwrap_or_default();
    Ok(success(personal_entitlements_json(subject)))
}

fn personal_entitlements_json(subject: &str) -> Value {
    use crate::seed::*;
    let storage = |max: u64, total: u64| json!({ "maxFileBytes": max, "totalBytes": total });
    json!({
        "accountType": "personal",
        "accountId": subject,
        "entitlements": {
            "storage": storage(PERSONAL_MAX_FILE_BYTES, PERSONAL_TOTAL_BYTES),
            "byok": PERSONAL_BYOK,
        },
        "sources": [
            {
                "sourceType": "base",
                "entitlements": { "storage": storage(PERSONAL_BASE_MAX_FILE_BYTES, PERSONAL_BASE_TOTAL_BYTES), "byok": false },
                "startsAt": PERSONAL_BASE_STARTS_AT,
                "endsAt": null,
            },
            {
                "sourceType": "membership",
                "planId": "plan_personal_pro",
                "entitlements": { "storage": storage(PERSONAL_MAX_FILE_BYTES, PERSONAL_TOTAL_BYTES), "byok": true },
                "startsAt": PERSONAL_MEMBERSHIP_STARTS_AT,
                "endsAt": PERSONAL_MEMBERSHIP_ENDS_AT,
            },
        ],
    })
}
