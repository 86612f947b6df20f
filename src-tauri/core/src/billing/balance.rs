//! Reading balances, usage and the Team context for the active context, the low-balance
//! threshold, and the check features run before a charged action.

use std::sync::Arc;

use tracing::instrument;

use super::platform::{self, TeamContextData};
use super::points::Points;
use super::read;
use super::wire::{
    BalanceCheck, BalanceDetail, BalanceLimit, BalanceOverview, BalanceVerdict, BillingSettings,
    TeamContextView, UsageView,
};
use super::{now_ms, DEFAULT_LOW_BALANCE_THRESHOLD, STALE_AFTER_MS};
use crate::auth::call::ContextCall;
use crate::auth::store::SessionRecord;
use crate::billing::store::SnapshotRow;
use crate::billing::Billing;
use crate::foundation::context::ContextColumns;
use crate::foundation::error::{Error, Result};

impl Billing {
    /// Reads the active context's balance from the platform, records it as a snapshot
    /// and returns it. Needs the `balance` scope.
    #[instrument(skip(self), err)]
    pub async fn refresh_balance(&self) -> Result<BalanceOverview> {
        let call = self.auth().context_call(Some("balance")).await?;
        self.refresh_balance_with(&call).await
    }

    /// The same for one session, active or not: a feature that charged a context
    /// refreshes that context's balance even if the person switched away meanwhile.
    #[instrument(skip(self), err)]
    pub async fn refresh_balance_of(&self, session_id: &str) -> Result<BalanceOverview> {
        let call = self.session_call(session_id, "balance").await?;
        self.refresh_balance_with(&call).await
    }

    async fn refresh_balance_with(&self, call: &ContextCall) -> Result<BalanceOverview> {
        let read = self.read_balance_with(call).await;
        if read.is_err() {
            // Until a later read succeeds, the tray shows the last figure with its age.
            self.failed_refreshes
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(call.session.id.clone(), now_ms());
        }
        read
    }

    async fn read_balance_with(&self, call: &ContextCall) -> Result<BalanceOverview> {
        // Taken before the request: every charge recorded up to here is already in the
        // balance the platform is about to report.
        let ledger_mark = self.shared.db().ledger_mark().await?;
        // Personal: the usage counter of model charges at the same moment, so the change
        // between two refreshes can be explained even where a chat reply's receipt named
        // no points.
        let model_charged = match call.team_path("/balance") {
            None => self.model_charged_now(call).await,
            Some(_) => None,
        };
        let (mut row, report) = match call.team_path("/balance") {
            None => {
                let raw = self.auth().context_get_exact(call, &balance_path(call)).await?;
                let (data, report) = read::personal_balance_data(&raw)?;
                log_reading("balance", &report);
                (platform::personal_snapshot(&data), report)
            }
            Some(path) => {
                let raw = self.auth().context_get_exact(call, &path).await?;
                let (data, report) = read::team_balance_data(&raw)?;
                log_reading("Team balance", &report);
                if let (Some(reported), Some(ours)) = (data.team_id.as_deref(), call.team_id()) {
                    if reported != ours {
                        return Err(Error::Decode(format!(
                            "asked for Team {ours}'s balance, got {reported}'s"
                        )));
                    }
                }
                (platform::team_snapshot(&data)?, report)
            }
        };
        row.ledger_mark = ledger_mark;
        row.taken_at = now_ms();
        row.model_charged = model_charged;
        let (id, settled) =
            self.shared.db().insert_balance_snapshot(&ContextColumns::of(&call.session), &row).await?;
        row.id = id;
        tracing::debug!(context = call.session.context.kind(), settled = settled.len(), "balance refreshed");
        let mut overview = self.overview(&call.session, &row).await?;
        overview.reading = Some(report);
        overview.settled = settled;
        self.failed_refreshes.lock().unwrap_or_else(|p| p.into_inner()).remove(&call.session.id);
        // Every new reading reaches every screen (the header among them).
        self.events.emit(overview.clone());
        Ok(overview)
    }

    /// `modelUsage.chargedPoints` of the Personal usage, when the session may read it; a
    /// failed or unreadable read is logged and leaves the refresh without it.
    async fn model_charged_now(&self, call: &ContextCall) -> Option<String> {
        if !call.session.has_scope("usage") {
            return None;
        }
        let read = async {
            let raw = self.auth().context_get_exact(call, "/api/v1/open/usage").await?;
            read::read_usage(&raw, now_ms())
        };
        match read.await {
            Ok((usage, _)) => usage.model_usage.map(|m| m.charged_points),
            Err(err) => {
                tracing::info!(code = ?err.code(), "usage not read with the balance");
                None
            }
        }
    }

    /// After a feature charged (or may have charged) `session_id`'s context: its balance is
    /// read again and announced (`balanceChanged`). A failed refresh is only logged: the
    /// charge itself succeeded.
    /// After an action that charged or may have charged: the paying context's balance is
    /// read again in the background, with the call the action already holds (no second
    /// keychain read, no sessions view), so the action's answer does not wait for it. The
    /// new reading reaches every screen as a `balanceRefreshed` event.
    pub(crate) fn refresh_after_charge(self: &Arc<Self>, call: ContextCall) {
        if !call.session.has_scope("balance") {
            return;
        }
        let billing = Arc::clone(self);
        tokio::spawn(async move {
            if let Err(err) = billing.refresh_balance_with(&call).await {
                tracing::info!(code = ?err.code(), "balance not refreshed after a charge");
            }
        });
    }

    /// What the refresh settled (`attribution.rs`) is returned too: a caller that waits for
    /// it (the billable checks) learns what its charges cost without reading them back.
    pub(crate) async fn balance_after_charge(
        &self,
        session_id: &str,
    ) -> Vec<crate::billing::wire::SettledCharge> {
        match self.refresh_balance_of(session_id).await {
            Ok(overview) => overview.settled,
            Err(err) => {
                tracing::info!(code = ?err.code(), "balance not refreshed after a charge");
                Vec::new()
            }
        }
    }

    /// The active context's balance at its last refresh, without asking the platform;
    /// `None` when it was never read.
    pub async fn last_balance(&self) -> Result<Option<BalanceOverview>> {
        let session = self.auth().active_session().await?;
        match self.shared.db().latest_balance_snapshot(&ContextColumns::of(&session)).await? {
            Some(row) => Ok(Some(self.overview(&session, &row).await?)),
            None => Ok(None),
        }
    }

    async fn overview(&self, session: &SessionRecord, row: &SnapshotRow) -> Result<BalanceOverview> {
        Ok(overview_of(session, row, self.low_threshold().await?))
    }

    /// Personal usage attributed to this app. A Team session is answered without asking:
    /// the platform rejects Team tokens on this route.
    #[instrument(skip(self), err)]
    pub async fn personal_usage(&self) -> Result<UsageView> {
        let session = self.auth().active_session().await?;
        if session.team_id().is_some() {
            return Ok(UsageView::NotForTeam);
        }
        let call = self.auth().context_call(Some("usage")).await?;
        let raw = self.auth().context_get_exact(&call, "/api/v1/open/usage").await?;
        let (usage, report) = read::read_usage(&raw, now_ms())?;
        log_reading("usage", &report);
        Ok(UsageView::Personal { usage: Box::new(usage) })
    }

    /// The active Team context as the platform resolves it now (role, member status,
    /// context version). Needs `profile`; a Personal session is `InvalidInput`.
    #[instrument(skip(self), err)]
    pub async fn team_context(&self) -> Result<TeamContextView> {
        let call = self.auth().context_call(Some("profile")).await?;
        let path =
            call.team_path("/context").ok_or_else(|| Error::InvalidInput("not a Team context".into()))?;
        let data: TeamContextData = self.auth().context_get(&call, &path).await?;
        Ok(platform::team_context_view(&call.session, data))
    }

    pub async fn billing_settings(&self) -> Result<BillingSettings> {
        Ok(BillingSettings { low_balance_threshold: self.low_threshold().await?.to_string() })
    }

    /// Saves the low-balance threshold: a non-negative decimal ("0" turns warnings off).
    pub async fn set_low_balance_threshold(&self, value: &str) -> Result<BillingSettings> {
        let points = Points::parse(value.trim())
            .filter(|p| !p.is_negative())
            .ok_or_else(|| Error::InvalidInput(format!("not a non-negative amount of points: {value:?}")))?;
        self.shared.db().set_low_balance_threshold(&points.to_string()).await?;
        // The header's "low" mark follows at once.
        if let Ok(Some(balance)) = self.last_balance().await {
            self.events.emit(balance);
        }
        self.billing_settings().await
    }

    pub(super) async fn low_threshold(&self) -> Result<Points> {
        Ok(self
            .shared
            .db()
            .low_balance_threshold()
            .await?
            .as_deref()
            .and_then(Points::parse)
            .unwrap_or_else(|| Points::whole(DEFAULT_LOW_BALANCE_THRESHOLD)))
    }

    /// Before a charged action: does `estimate_points_decimal` fit what the active context
    /// has left? Uses the last balance when it is fresh, refreshes it otherwise, and falls
    /// back to the older reading (marked `stale`) when the refresh fails. Never blocks:
    /// the caller shows a warning and lets the person go on.
    pub async fn balance_check(&self, estimate_points_decimal: &str) -> Result<BalanceCheck> {
        Ok(self.balance_check_refreshing(estimate_points_decimal).await?.0)
    }

    /// `balance_check`, plus the balance it read from the platform when it had to refresh
    /// (announced as `balanceChanged` like every reading).
    #[instrument(skip(self), err)]
    pub async fn balance_check_refreshing(
        &self,
        estimate_points_decimal: &str,
    ) -> Result<(BalanceCheck, Option<BalanceOverview>)> {
        let estimate =
            Points::parse(estimate_points_decimal.trim()).filter(|p| !p.is_negative()).ok_or_else(|| {
                Error::InvalidInput(format!("not an amount of points: {estimate_points_decimal:?}"))
            })?;
        let threshold = self.low_threshold().await?;
        let session = self.auth().active_session().await?;
        let last = self.shared.db().latest_balance_snapshot(&ContextColumns::of(&session)).await?;
        let fresh = last.as_ref().is_some_and(|row| now_ms() - row.taken_at < STALE_AFTER_MS);
        if fresh || !session.has_scope("balance") {
            let reading = last.map(|row| overview_of(&session, &row, threshold));
            return Ok((check(estimate, threshold, reading.as_ref(), false), None));
        }
        match self.refresh_balance_of(&session.id).await {
            Ok(overview) => Ok((check(estimate, threshold, Some(&overview), false), Some(overview))),
            Err(err @ (Error::Unauthorized { .. } | Error::NotSignedIn)) => Err(err),
            Err(err) => {
                tracing::info!(code = ?err.code(), "balance check uses the last reading");
                let reading = last.map(|row| overview_of(&session, &row, threshold));
                Ok((check(estimate, threshold, reading.as_ref(), reading.is_some()), None))
            }
        }
    }

    /// A call for one session (not necessarily the active one), ended if expired.
    async fn session_call(&self, session_id: &str, scope: &str) -> Result<ContextCall> {
        // Ends expired sessions on the way.
        let view = self.auth().sessions_view().await?;
        if !view.sessions.iter().any(|s| s.id == session_id) {
            return Err(Error::NotSignedIn);
        }
        let session = self.shared.db().session(session_id).await?.ok_or(Error::NotSignedIn)?;
        self.auth().call_for_session(session, Some(scope)).await
    }
}

fn log_reading(what: &str, report: &crate::foundation::reading::ReadReport) {
    if !report.is_clean() {
        tracing::info!(what, shape = %report.shape, missing = ?report.missing, unrecognised = ?report.unrecognised, "read tolerantly");
    }
}

pub(super) fn overview_of(session: &SessionRecord, row: &SnapshotRow, threshold: Points) -> BalanceOverview {
    // Stored text was written from a parsed amount; a damaged row reads as zero.
    let spendable = Points::parse(&row.spendable).unwrap_or_default();
    BalanceOverview {
        session_id: session.id.clone(),
        context: platform::context_of(session),
        spendable: row.spendable.clone(),
        spendable_rounded: row.spendable_rounded,
        detail: platform::detail_of(session, row),
        refreshed_at: row.taken_at,
        low: spendable < threshold,
        low_threshold: threshold.to_string(),
        settled: Vec::new(),
        reading: None,
    }
}

/// The verdict for an estimate against a reading (pure, so it is tested on its own).
pub(super) fn check(
    estimate: Points,
    threshold: Points,
    reading: Option<&BalanceOverview>,
    stale: bool,
) -> BalanceCheck {
    let Some(reading) = reading else {
        return BalanceCheck {
            verdict: BalanceVerdict::Unknown,
            estimate: estimate.to_string(),
            remaining: None,
            after: None,
            limited_by: None,
            low_threshold: threshold.to_string(),
            balance_at: None,
            stale,
        };
    };
    let remaining = Points::parse(&reading.spendable).unwrap_or_default();
    let after = remaining - estimate;
    let limited_by = match &reading.detail {
        BalanceDetail::Personal { .. } => BalanceLimit::Balance,
        BalanceDetail::Team { quota: Some(quota), wallet, .. } => {
            let quota_left = Points::parse(&quota.remaining).unwrap_or_default();
            let wallet = wallet.as_deref().and_then(Points::parse);
            match wallet {
                Some(w) if w < quota_left => BalanceLimit::Wallet,
                _ => BalanceLimit::Quota,
            }
        }
        BalanceDetail::Team { quota: None, .. } => BalanceLimit::Wallet,
    };
    let verdict = if estimate > remaining {
        BalanceVerdict::Exceeds
    } else if after < threshold {
        BalanceVerdict::Low
    } else {
        BalanceVerdict::Enough
    };
    BalanceCheck {
        verdict,
        estimate: estimate.to_string(),
        remaining: Some(remaining.to_string()),
        after: Some(after.to_string()),
        limited_by: Some(limited_by),
        low_threshold: threshold.to_string(),
        balance_at: Some(reading.refreshed_at),
        stale,
    }
}

/// The balance route of a context: Personal `/api/v1/open/balance`, a Team's own `/balance`.
pub fn balance_path(call: &ContextCall) -> String {
    call.team_path("/balance").unwrap_or_else(|| "/api/v1/open/balance".to_owned())
}
