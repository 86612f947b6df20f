//! What the Check platform screen shows and exports (ts-rs bindings for the UI).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::billing::wire::ChargeCost;
use crate::foundation::error::IpcError;
use crate::tts::wire::CostEstimate;

/// Which part of the documented contract one check exercises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum CheckId {
    /// `GET /api/v1/open/me`
    Profile,
    /// `GET /api/v1/open/teams`
    Teams,
    /// `GET /api/v1/open/teams/{team_id}/context`
    TeamContext,
    /// The Personal or Team model catalog.
    Models,
    /// The Personal or Team balance.
    Balance,
    /// `GET /api/v1/open/usage` (Personal only).
    Usage,
    /// `GET /api/proxy/v1/tts/options`
    TtsOptions,
    /// `GET /api/v1/open/teams/{team_id}/overview` (`team_read`).
    TeamOverview,
    /// `GET /api/v1/open/teams/{team_id}/members` (`team_read`).
    TeamMembers,
    /// `GET /api/v1/open/teams/{team_id}/member-credits` (`team_read`).
    TeamMemberCredits,
    /// `GET /api/v1/open/teams/{team_id}/entitlements` (`team_read`).
    TeamEntitlements,
    /// `GET /api/v1/open/teams/{team_id}/membership` (`team_read`).
    TeamMembership,
    /// `GET /api/v1/open/teams/{team_id}/membership/orders` (`team_read`).
    TeamMembershipOrders,
    /// `GET /api/v1/open/teams/{team_id}/membership/plans` (`team_read`).
    TeamMembershipPlans,
    /// `/developers/openapi.json` against the fields the app reads.
    OpenApi,
    /// One short chat reply (billable, only after confirmation).
    Chat,
    /// One short speech clip (billable, only after confirmation).
    Speech,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum CheckVerdict {
    /// Answered as documented and read without loss.
    Pass,
    /// Usable, but something differed from the docs or was not recognised (see `notes`).
    Warn,
    /// Refused, unreadable or unreachable (see `error`).
    Fail,
    /// Not run here (no session with the scope, or not applicable to this context).
    Skipped,
}

/// One check's outcome.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CheckItem {
    pub id: CheckId,
    /// "Personal" or the Team's name (who the call was made as; for billable checks, who paid).
    pub context: String,
    pub method: String,
    /// The route, as sent (ids percent-encoded).
    pub path: String,
    pub verdict: CheckVerdict,
    /// How the answer was read: which shape, which fields were missing or not recognised,
    /// what was found (developer words; the UI shows them under "How it was read").
    pub notes: Vec<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    /// The platform's request id (envelope `request_id` or `X-Xiaoya-Request-Id`).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<IpcError>,
    /// The response body as received (capped; never a token: the routes checked return
    /// none, and the session's own token is redacted if it ever appeared).
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw: Option<String>,
    pub duration_ms: u32,
    /// A billable check: what it charged, and how that is known.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<ChargeCost>,
}

/// A field-level difference between the platform's published OpenAPI and what the app reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpenApiDifference {
    /// The schema name in `components.schemas` (e.g. `ModelCatalogItem`).
    pub schema: String,
    pub field: String,
    pub kind: OpenApiDifferenceKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum OpenApiDifferenceKind {
    /// The app reads this field; the OpenAPI document does not declare it.
    ReadButUndeclared,
    /// The OpenAPI document marks it required; the app does not read it.
    RequiredButUnread,
    /// The app reads this schema; the OpenAPI document has no schema of that name.
    SchemaMissing,
}

/// The whole report, ready to show or export.
#[derive(Debug, Clone, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CheckReport {
    /// The kept run this report is (`check_runs`): reopened and exported by this id.
    #[serde(default)]
    pub run_id: String,
    /// RFC 3339, UTC.
    pub started_at: String,
    pub finished_at: String,
    pub origin: String,
    pub sandbox: bool,
    pub app_version: String,
    pub items: Vec<CheckItem>,
    pub differences: Vec<OpenApiDifference>,
    pub passed: u32,
    pub warned: u32,
    pub failed: u32,
    /// What the billable checks of this run charged, when they ran.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charged: Option<BillableCharged>,
}

/// What the billable checks of a run charged: the sum of the amounts known (reported by the
/// platform or named by its usage counter) and how many charges have no known amount.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BillableCharged {
    pub known: String,
    pub unknown: u32,
}

/// One kept run in the Check screen's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct CheckRunSummary {
    pub run_id: String,
    /// RFC 3339, UTC.
    pub started_at: String,
    pub finished_at: String,
    pub passed: u32,
    pub warned: u32,
    pub failed: u32,
    /// The run included the billable checks; what they charged.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub charged: Option<BillableCharged>,
}

/// What the two billable checks will cost, shown before the person confirms.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct BillableQuote {
    /// Who pays: the active context's label.
    pub payer: String,
    /// The chat model that will answer one short prompt (charged by usage: the catalog has
    /// no price). `None`: no chat model in this context, the chat check is skipped.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_model: Option<String>,
    pub chat_prompt: String,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speech_config: Option<String>,
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speech_voice: Option<String>,
    pub speech_text: String,
    /// The speech estimate; the check runs only if the confirmed total still matches.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speech_estimate: Option<CostEstimate>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum ReportFormat {
    Markdown,
    Json,
}
