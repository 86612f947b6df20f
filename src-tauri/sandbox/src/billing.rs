//! Paying for gateway calls: Personal balance (subscription → gift card → recharge) or the Team
//! wallet constrained by the member quota. Every charge lands in the ledger.

use serde_json::{json, Value};

use crate::envelope::PlatformError;
use crate::ledger::{Charge, ChargeContext, ChargeKind};
use crate::points::Points;
use crate::world::{AccountKey, World};

/// Personal amounts are whole points (rounded up); Team amounts stay exact.
pub(crate) fn price_for(account: &AccountKey, exact: Points) -> Points {
    match account {
        AccountKey::Personal => exact.ceil_to_whole(),
        AccountKey::Team(_) => exact,
    }
}

pub(crate) fn can_pay(world: &World, account: &AccountKey, amount: Points) -> bool {
    match account {
        AccountKey::Personal => Points::whole(world.personal_balance.total()) >= amount,
        AccountKey::Team(team_id) => {
            world.teams.get(team_id).is_some_and(|t| t.balance_view().balance() >= amount)
        }
    }
}

/// Deducts `amount`, or fails with `INSUFFICIENT_POINTS` and changes nothing.
pub(crate) fn pay(
    world: &mut World,
    account: &AccountKey,
    amount: Points,
) -> Result<ChargeContext, PlatformError> {
    if !can_pay(world, account, amount) {
        return Err(PlatformError::InsufficientPoints);
    }
    match account {
        AccountKey::Personal => {
            let mut due = amount.ceil_to_whole().floor_whole();
            let balance = &mut world.personal_balance;
            for bucket in [&mut balance.subscription, &mut balance.gift_card, &mut balance.recharge] {
                let take = due.min(*bucket);
                *bucket -= take;
                due -= take;
            }
            Ok(ChargeContext::Personal)
        }
        AccountKey::Team(team_id) => {
            let team = world.teams.get_mut(team_id).ok_or(PlatformError::TeamNotFound)?;
            team.wallet -= amount;
            team.quota_used += amount;
            Ok(ChargeContext::Team { team_id: team.id.clone(), member_id: team.member_id.clone() })
        }
    }
}

pub(crate) fn next_ledger_id(world: &World) -> String {
    format!("ledger_{:06}", world.charges.len() + 1)
}

/// Appends a charge to the ledger, giving it the next ledger id.
pub(crate) fn record(world: &mut World, mut charge: Charge) {
    charge.ledger_id = next_ledger_id(world);
    world.charges.push(charge);
}

/// A charge with only the common fields filled in (the ledger id is set by [`record`]).
pub(crate) fn new_charge(
    request_id: &str,
    context: ChargeContext,
    kind: ChargeKind,
    points: Points,
    client_id: &str,
    model: &str,
    at: String,
) -> Charge {
    Charge {
        ledger_id: String::new(),
        request_id: request_id.to_string(),
        context,
        kind,
        points,
        client_id: client_id.to_string(),
        model: model.to_string(),
        at,
        input_tokens: None,
        output_tokens: None,
        voice_id: None,
        activation_points: None,
        workflow: None,
    }
}

/// `/api/v1/open/usage`: Personal charges attributed to this client. The sandbox has no
/// refunds, so `refundedPoints` is 0. Chat and speech both count as model usage.
pub(crate) fn usage_summary(world: &World, client_id: &str, counting: &UsageCounting) -> Value {
    let mine = world.charges.iter().filter(|c| {
        c.client_id == client_id && c.context == ChargeContext::Personal && counting.in_window(c)
    });
    let (mut charged, mut model_charged, mut requests, mut input, mut output) =
        (0i64, 0i64, 0u64, 0u64, 0u64);
    for charge in mine {
        charged += charge.points.floor_whole();
        if counting.chat_only && charge.kind != ChargeKind::ChatCompletion {
            continue;
        }
        model_charged += charge.points.floor_whole();
        requests += 1;
        input += charge.input_tokens.unwrap_or(0);
        output += charge.output_tokens.unwrap_or(0);
    }
    json!({
        "chargedPoints": charged,
        "refundedPoints": 0,
        "netPoints": charged,
        "modelUsage": {
            "requestCount": requests,
            "inputTokens": input,
            "outputTokens": output,
            "cacheReadTokens": 0,
            "cacheWriteTokens": 0,
            "imageCount": 0,
            "chargedPoints": model_charged,
        },
    })
}

/// Which charges `/usage` counts. By default every Personal charge of the client, chat and
/// speech, over the sandbox's lifetime.
#[derive(Debug, Default)]
pub(crate) struct UsageCounting {
    /// `modelUsage` counts chat completions only (reading `usage-counts-chat-only`, READINGS J3).
    pub chat_only: bool,
    /// Only charges at or after this time count: the current window (reading
    /// `usage-window-daily`, READINGS J4), so the counters restart at each day's start.
    pub since: Option<time::OffsetDateTime>,
}

impl UsageCounting {
    pub fn under(readings: &crate::readings::Readings, now: time::OffsetDateTime) -> Self {
        use crate::readings::Reading;
        UsageCounting {
            chat_only: readings.has(Reading::UsageCountsChatOnly),
            since: readings.has(Reading::UsageWindowDaily).then(|| now.replace_time(time::Time::MIDNIGHT)),
        }
    }

    fn in_window(&self, charge: &Charge) -> bool {
        let Some(since) = self.since else { return true };
        time::OffsetDateTime::parse(&charge.at, &time::format_description::well_known::Rfc3339)
            .is_ok_and(|at| at >= since)
    }
}

/// `modelUsage` as a list with one entry per model (reading `usage-per-model`): the same
/// counters, split by the model code (or TTS configuration) each charge was for.
pub(crate) fn model_usage_per_model(world: &World, client_id: &str) -> Value {
    let mut per: std::collections::BTreeMap<&str, (i64, u64, u64, u64)> = Default::default();
    let mine =
        world.charges.iter().filter(|c| c.client_id == client_id && c.context == ChargeContext::Personal);
    for charge in mine {
        let entry = per.entry(charge.model.as_str()).or_default();
        entry.0 += charge.points.floor_whole();
        entry.1 += 1;
        entry.2 += charge.input_tokens.unwrap_or(0);
        entry.3 += charge.output_tokens.unwrap_or(0);
    }
    Value::Array(
        per.into_iter()
            .map(|(model, (points, requests, input, output))| {
                json!({
                    "modelCode": model, "requestCount": requests, "inputTokens": input, "outputTokens": output,
                    "cacheReadTokens": 0, "cacheWriteTokens": 0, "imageCount": 0, "chargedPoints": points,
                })
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::{TEAM_BETA_ID, TEAM_BETA_MEMBER_ID};

    #[test]
    fn personal_charges_drain_subscription_then_gift_card_then_recharge() {
        let mut world = World::seeded(time::OffsetDateTime::UNIX_EPOCH);
        pay(&mut world, &AccountKey::Personal, Points::whole(950)).ok();
        assert_eq!(
            (
                world.personal_balance.subscription,
                world.personal_balance.gift_card,
                world.personal_balance.recharge
            ),
            (0, 50, 1500)
        );
        assert!(pay(&mut world, &AccountKey::Personal, Points::whole(1551)).is_err());
        assert_eq!(world.personal_balance.total(), 1550);
    }

    #[test]
    fn team_charges_use_wallet_and_member_quota_exactly() {
        let mut world = World::seeded(time::OffsetDateTime::UNIX_EPOCH);
        let beta = AccountKey::Team(TEAM_BETA_ID.into());
        let context = pay(&mut world, &beta, Points::from_milli(336));
        assert_eq!(
            context.ok(),
            Some(ChargeContext::Team { team_id: TEAM_BETA_ID.into(), member_id: TEAM_BETA_MEMBER_ID.into() })
        );
        let view = world.teams[TEAM_BETA_ID].balance_view();
        assert_eq!(view.balance().to_string(), "859.414");
        assert_eq!(view.wallet.to_string(), "12499.664");
        assert!(pay(&mut world, &beta, Points::whole(860)).is_err());
    }
}
