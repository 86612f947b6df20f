//! What the Team screen is handed: each read-only Team route read tolerantly, or the
//! platform's refusal of it, or the failure it met.

use serde::Serialize;
use ts_rs::TS;

use crate::foundation::error::IpcError;
use crate::foundation::reading::ReadReport;

/// A field the platform docs leave open, shown as its dotted key and its value as sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlainField {
    /// `planName`, `seats.includedMembers`, `items[0].note`.
    pub key: String,
    /// The value's text: a string as is, numbers exactly, `true`/`false`, `null`, a list of
    /// plain values joined by `, `, anything deeper as compact JSON.
    pub value: String,
}

/// `GET /teams/{id}/overview`: no documented schema, every field shown as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamOverview {
    pub fields: Vec<PlainField>,
}

/// One entry of `GET /teams/{id}/members`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMember {
    pub member_id: Option<String>,
    pub name: Option<String>,
    /// As sent (`owner`, `admin`, `member`, or a role the app does not know).
    pub role: Option<String>,
    pub status: Option<String>,
    /// Every other field of the entry.
    pub other: Vec<PlainField>,
}

/// One entry of `GET /teams/{id}/member-credits`, read with the Team balance's documented
/// quota names (`quotaLimit`, `quotaUsed`, `quotaRemaining`); amounts as exact decimal text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMemberCredit {
    pub member_id: Option<String>,
    pub name: Option<String>,
    /// `None` when the platform sent none (or `null`): no limit is named, nothing invented.
    pub quota_limit: Option<String>,
    pub quota_used: Option<String>,
    pub quota_remaining: Option<String>,
    pub other: Vec<PlainField>,
}

/// `GET /teams/{id}/member-credits`: the entries and any field beside them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMemberCredits {
    pub members: Vec<TeamMemberCredit>,
    pub other: Vec<PlainField>,
}

/// One active benefit source of the entitlements.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct EntitlementSource {
    /// UTC, as sent.
    pub starts_at: Option<String>,
    pub ends_at: Option<String>,
    /// `endsAt` was sent as `null`: the docs say this source never expires.
    pub open_ended: bool,
    /// The source's benefits and any other field, as sent.
    pub other: Vec<PlainField>,
}

/// `GET /teams/{id}/entitlements`, in the shape the Team page documents; the Personal
/// `GET /account/entitlements` is read into the same shape (one reader, one view), with
/// `byok` where a Team has `memberLimit` and `planFeatures`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamEntitlements {
    pub account_type: Option<String>,
    pub account_id: Option<String>,
    /// `entitlements.storage.maxFileBytes`: the largest single file, in bytes.
    #[ts(type = "number | null")]
    pub max_file_bytes: Option<u64>,
    /// `entitlements.storage.totalBytes`: all storage together, in bytes.
    #[ts(type = "number | null")]
    pub total_bytes: Option<u64>,
    /// `entitlements.memberLimit`, the owner included.
    #[ts(type = "number | null")]
    pub member_limit: Option<i64>,
    /// `entitlements.planFeatures` when it is a list of names.
    pub plan_features: Vec<String>,
    /// `entitlements.planFeatures` when it is anything else (an object of flags …), as sent.
    pub plan_feature_fields: Vec<PlainField>,
    /// `entitlements.byok` (Personal): may the person bring their own provider keys?
    pub byok: Option<bool>,
    pub sources: Vec<EntitlementSource>,
    /// Every other field (of `data` and of `entitlements`).
    pub other: Vec<PlainField>,
}

/// `GET /teams/{id}/membership`: only `canPurchaseCredits` and `accessActive` are documented.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamMembership {
    /// May this Team buy credit packs now (an active seat plan)? Neither a positive balance
    /// nor `accessActive` stands in for it.
    pub can_purchase_credits: Option<bool>,
    pub access_active: Option<bool>,
    pub other: Vec<PlainField>,
}

/// One plan of `GET /teams/{id}/membership/plans`: its documented `seats` fields, the rest
/// as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamPlan {
    /// Members the plan includes, the owner counted.
    #[ts(type = "number | null")]
    pub included_members: Option<i64>,
    /// May seats be bought beyond those included?
    pub allow_purchase: Option<bool>,
    /// The monthly price in the currency's minor unit, as sent (no currency is assumed).
    #[ts(type = "number | null")]
    pub monthly_price_minor: Option<i64>,
    pub other: Vec<PlainField>,
}

/// A list whose entries have no documented fields (membership orders).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PlainList {
    pub entries: Vec<Vec<PlainField>>,
    /// Fields beside the list (`page`, `total` …), as sent.
    pub other: Vec<PlainField>,
}

/// Why the platform refused one Team read, for words in the person's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum TeamRefusalKind {
    /// 403 (other than a missing scope): the person's role in the Team may not read this.
    RoleRequired,
    /// 403 `OPEN_AGENT_SCOPE_REQUIRED`: the sign-in lacks `team_read`.
    ScopeMissing,
    /// 402 `TEAM_CREDIT_PACK_PLAN_REQUIRED`: the Team has no active seat plan.
    PlanRequired,
    /// 402 with another code.
    PaymentRequired,
    /// 404: the platform has no such Team or route.
    NotFound,
}

/// A refused Team read: the platform's own code, words and request id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamRefusal {
    pub kind: TeamRefusalKind,
    pub status: u16,
    pub platform_code: Option<String>,
    /// The platform's message, as it said it.
    pub message: String,
    pub request_id: Option<String>,
}

/// One Team read: read (with how, and the answer as sent), refused, or failed.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "outcome", rename_all = "camelCase")]
#[ts(export)]
pub enum TeamRead<T: TS> {
    Read {
        value: T,
        report: ReadReport,
        /// The answer's `data`, pretty-printed, for "Show the answer as sent".
        raw: String,
    },
    Refused {
        refusal: TeamRefusal,
    },
    Failed {
        error: IpcError,
    },
}

/// Everything the Team screen shows, read together for the active Team session.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct TeamInformation {
    /// The local session these were read with.
    pub session_id: String,
    pub team_id: String,
    pub overview: TeamRead<TeamOverview>,
    pub members: TeamRead<Vec<TeamMember>>,
    pub member_credits: TeamRead<TeamMemberCredits>,
    pub entitlements: TeamRead<TeamEntitlements>,
    pub membership: TeamRead<TeamMembership>,
    pub orders: TeamRead<PlainList>,
    pub plans: TeamRead<Vec<TeamPlan>>,
}
