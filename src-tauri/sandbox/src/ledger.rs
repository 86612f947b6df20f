//! Public views of balances and charges, returned by `SandboxControl` and `/__sandbox/ledger`.

use serde::{Deserialize, Serialize};

use crate::points::Points;

/// Which account a charge was paid from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChargeContext {
    Personal,
    #[serde(rename_all = "camelCase")]
    Team {
        team_id: String,
        member_id: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChargeKind {
    ChatCompletion,
    Speech,
}

/// One settled charge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Charge {
    pub ledger_id: String,
    /// The caller's `X-Request-ID`.
    pub request_id: String,
    pub context: ChargeContext,
    pub kind: ChargeKind,
    /// Total points charged, exact (Team charges may be fractional).
    pub points: Points,
    pub client_id: String,
    /// Model code (chat) or TTS configuration id (speech).
    pub model: String,
    /// Sandbox-clock time, RFC 3339.
    pub at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_tokens: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_tokens: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voice_id: Option<String>,
    /// The first-use cloning tariff included in `points`, if this request activated a voice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub activation_points: Option<i64>,
    /// Team workflow tuple (`X-Xiaoya-Workflow-Version-Id`, run, node, attempt) for Team chat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workflow: Option<WorkflowContext>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowContext {
    pub workflow_version_id: String,
    pub run_id: String,
    pub node_id: String,
    pub attempt: u8,
}

/// The Personal balance split. Charges deduct subscription, then gift card, then recharge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonalBalance {
    pub subscription: i64,
    pub gift_card: i64,
    pub recharge: i64,
}

impl PersonalBalance {
    pub fn total(&self) -> i64 {
        self.subscription + self.gift_card + self.recharge
    }

    /// The platform's `/api/v1/open/balance` data object.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "subscription": self.subscription,
            "gift_card": self.gift_card,
            "recharge": self.recharge,
            "total": self.total(),
        })
    }
}

/// The member's view of a Team's points: the shared wallet constrained by the member quota.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamBalance {
    pub team_id: String,
    pub member_id: String,
    pub role: String,
    pub wallet: Points,
    /// `None`: unlimited (the owner).
    pub quota_limit: Option<Points>,
    pub quota_used: Points,
}

impl TeamBalance {
    pub fn quota_remaining(&self) -> Option<Points> {
        self.quota_limit.map(|limit| {
            let left = limit - self.quota_used;
            if left < Points::ZERO {
                Points::ZERO
            } else {
                left
            }
        })
    }

    /// What this member can spend now.
    pub fn balance(&self) -> Points {
        match self.quota_remaining() {
            Some(remaining) => remaining.min(self.wallet),
            None => self.wallet,
        }
    }

    /// The platform's `/api/v1/open/teams/{id}/balance` data object. Integer fields are whole
    /// points rounded down; `balancePointsDecimal` is exact.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "teamId": self.team_id,
            "memberId": self.member_id,
            "role": self.role,
            "balancePoints": self.balance().floor_whole(),
            "balancePointsDecimal": self.balance().to_string(),
            "walletBalancePoints": self.wallet.floor_whole(),
            "quotaLimit": self.quota_limit.map(Points::floor_whole),
            "quotaUsed": self.quota_used.floor_whole(),
            "quotaRemaining": self.quota_remaining().map(Points::floor_whole),
        })
    }
}

/// A snapshot of all money in the sandbox.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ledger {
    pub charges: Vec<Charge>,
    pub personal: PersonalBalance,
    pub teams: Vec<TeamBalance>,
}
