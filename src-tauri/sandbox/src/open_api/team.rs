//! The read-only Team routes a `team_read` (or `team_manage`) Team token may call:
//! `/teams/{id}/overview`, `/members`, `/member-credits`, `/entitlements`, `/membership`,
//! `/membership/orders`, `/membership/plans`. The entitlements follow the Team page; the
//! other shapes, and which routes a plain member is refused, are the sandbox's assumptions
//! (README: "Team information").

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::{authenticate, Caller};
use crate::envelope::{success, PlatformError};
use crate::pages::{page_of, PageQuery};
use crate::points::Points;
use crate::scope::Scope;
use crate::seed::{team_info, TeamInfo, PLAN_CATALOG};
use crate::state::Shared;
use crate::world::Team;

/// The caller's Team, after the scope and the Team binding are checked.
fn caller_team(shared: &Shared, headers: &HeaderMap, team_id: &str) -> Result<(Team, Caller), PlatformError> {
    let caller = authenticate(shared, headers)?;
    if caller.require(Scope::TeamRead).is_err() {
        caller.require(Scope::TeamManage).map_err(|_| PlatformError::ScopeRequired("team_read"))?;
    }
    caller.require_team(team_id)?;
    let team = shared.world().teams.get(team_id).cloned().ok_or(PlatformError::TeamNotFound)?;
    Ok((team, caller))
}

fn is_manager(team: &Team) -> bool {
    team.may_grant_team_manage()
}

/// A whole amount as a number, a fractional one as its exact text (as `/balance` does).
fn amount(p: Points) -> Value {
    if p.is_whole() {
        json!(p.floor_whole())
    } else {
        json!(p.to_string())
    }
}

pub(super) async fn overview(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let (team, _) = caller_team(&shared, &headers, &team_id)?;
    let info = team_info(&team.id);
    let owner = info.members.iter().find(|m| m.role == "owner").map(|m| m.name);
    Ok(success(json!({
        "teamId": team.id,
        "name": team.name,
        "status": team.status,
        "memberCount": info.members.iter().filter(|m| m.status == "active").count(),
        "ownerName": owner,
        "planName": info.plan.as_ref().map(|p| p.name),
        "createdAt": info.created_at,
    })))
}

pub(super) async fn members(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    Query(page): Query<PageQuery>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let (team, _) = caller_team(&shared, &headers, &team_id)?;
    let info = team_info(&team.id);
    let items: Vec<Value> = info
        .members
        .iter()
        .map(|m| {
            json!({
                "memberId": m.member_id, "name": m.name, "email": m.email,
                "role": m.role, "status": m.status,
            })
        })
        .collect();
    Ok(match page_of(items.clone(), "items", &page, &shared.settings().readings)? {
        Some(page) => success(page),
        None => success(json!({ "items": items, "total": info.members.len() })),
    })
}

/// Owners and admins see every member's credits; a plain member sees only their own row.
pub(super) async fn member_credits(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    Query(page): Query<PageQuery>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let (team, _) = caller_team(&shared, &headers, &team_id)?;
    let info = team_info(&team.id);
    let items: Vec<Value> = info
        .members
        .iter()
        .filter(|m| is_manager(&team) || m.member_id == team.member_id)
        .map(|m| {
            let (limit, used) = if m.member_id == team.member_id {
                (team.quota_limit, team.quota_used)
            } else {
                (m.quota_limit.and_then(Points::parse), Points::parse(m.quota_used).unwrap_or_default())
            };
            let remaining = limit.map(|l| if l - used < Points::ZERO { Points::ZERO } else { l - used });
            json!({
                "memberId": m.member_id,
                "name": m.name,
                "quotaLimit": limit.map_or(Value::Null, amount),
                "quotaUsed": amount(used),
                "quotaRemaining": remaining.map_or(Value::Null, amount),
            })
        })
        .collect();
    let mut data = json!({ "teamId": team.id, "walletBalancePoints": amount(team.wallet), "items": items });
    if let (Some(page), Some(fields)) =
        (page_of(items, "items", &page, &shared.settings().readings)?, data.as_object_mut())
    {
        fields.extend(page);
    }
    Ok(success(data))
}

pub(super) async fn entitlements(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let (team, _) = caller_team(&shared, &headers, &team_id)?;
    let info = team_info(&team.id);
    Ok(success(entitlements_json(&team, &info)))
}

fn entitlements_json(team: &Team, info: &TeamInfo) -> Value {
    let mut sources = vec![json!({
        "sourceType": "base",
        "entitlements": { "storage": { "maxFileBytes": 10_485_760u64, "totalBytes": 1_073_741_824u64 }, "memberLimit": 1 },
        "startsAt": info.created_at,
        "endsAt": null,
    })];
    if let Some(plan) = &info.plan {
        sources.push(json!({
            "sourceType": "membership",
            "planId": plan.plan_id,
            "entitlements": {
                "storage": { "maxFileBytes": info.max_file_bytes, "totalBytes": info.total_bytes },
                "memberLimit": plan.seats,
                "planFeatures": info.plan_features,
            },
            "startsAt": plan.starts_at,
            "endsAt": plan.ends_at,
        }));
    }
    json!({
        "accountType": "team",
        "accountId": team.id,
        "entitlements": {
            "storage": { "maxFileBytes": info.max_file_bytes, "totalBytes": info.total_bytes },
            "memberLimit": info.member_limit,
            "planFeatures": info.plan_features,
        },
        "sources": sources,
    })
}

pub(super) async fn membership(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let (team, _) = caller_team(&shared, &headers, &team_id)?;
    let info = team_info(&team.id);
    let data = match &info.plan {
        Some(plan) => json!({
            "planId": plan.plan_id,
            "planName": plan.name,
            "status": "active",
            "seats": plan.seats,
            "startsAt": plan.starts_at,
            "endsAt": plan.ends_at,
            "accessActive": true,
            "canPurchaseCredits": true,
        }),
        None => json!({
            "planId": null,
            "planName": null,
            "status": "none",
            "accessActive": false,
            "canPurchaseCredits": false,
        }),
    };
    Ok(success(data))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Paging {
    page: Option<u32>,
    page_size: Option<u32>,
}

/// Orders are the owner's and admins' business: a plain member is refused (403).
pub(super) async fn membership_orders(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    Query(paging): Query<Paging>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    let (team, _) = caller_team(&shared, &headers, &team_id)?;
    if !is_manager(&team) {
        return Err(PlatformError::TeamRoleRequired);
    }
    let info = team_info(&team.id);
    let orders: Vec<Value> = info
        .plan
        .iter()
        .map(|plan| {
            json!({
                "orderId": format!("order_{}_01", plan.plan_id),
                "planId": plan.plan_id,
                "seats": plan.seats,
                "status": "paid",
                "amountMinor": 9_900 * u64::from(plan.seats),
                "currency": "CNY",
                "createdAt": plan.starts_at,
            })
        })
        .collect();
    let page = paging.page.unwrap_or(1).max(1);
    let page_size = paging.page_size.unwrap_or(20).clamp(1, 100);
    let start = ((page - 1) * page_size) as usize;
    let items: Vec<Value> = orders.iter().skip(start).take(page_size as usize).cloned().collect();
    Ok(success(json!({ "items": items, "page": page, "pageSize": page_size, "total": orders.len() })))
}

pub(super) async fn membership_plans(
    State(shared): State<Arc<Shared>>,
    Path(team_id): Path<String>,
    Query(page): Query<PageQuery>,
    headers: HeaderMap,
) -> Result<Response, PlatformError> {
    caller_team(&shared, &headers, &team_id)?;
    let items: Vec<Value> = PLAN_CATALOG
        .iter()
        .map(|(id, name, included, allow, price)| {
            json!({
                "planId": id,
                "name": name,
                "seats": { "includedMembers": included, "allowPurchase": allow, "monthlyPriceMinor": price },
                "currency": "CNY",
            })
        })
        .collect();
    Ok(match page_of(items.clone(), "items", &page, &shared.settings().readings)? {
        Some(page) => success(page),
        None => success(json!({ "items": items })),
    })
}
