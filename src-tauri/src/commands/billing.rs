//! Balances, usage, the points ledger and the low-balance threshold.

use tauri::{AppHandle, State};
use xiaoya_core::billing::wire::{
    BalanceChanges, BalanceCheck, BalanceOverview, BillingSettings, LedgerPage, LedgerQuery,
    SpendingChart, SpendingQuery, TeamContextView, UsageView,
};

use super::{after_session_call, CmdResult};
use crate::events::{emit, AppEvent};
use crate::AppState;

/// For features that charge (chat, TTS), after the charge is in the ledger: re-reads the
/// balance of the session that paid and tells every screen (the header among them). A
/// failed refresh is only logged: the charge itself succeeded.
pub async fn after_charge(app: &AppHandle, state: &AppState, session_id: &str) {
    let result = state.core.refresh_balance_of(session_id).await;
    after_session_call(app, state, &result).await;
    match result {
        Ok(balance) => emit(app, AppEvent::BalanceChanged { balance }),
        Err(err) => tracing::info!(code = ?err.code(), "balance not refreshed after a charge"),
    }
}

#[tauri::command]
pub async fn refresh_balance(
    app: AppHandle,
    state: State<'_, AppState>,
) -> CmdResult<BalanceOverview> {
    let result = state.core.refresh_balance().await;
    after_session_call(&app, &state, &result).await;
    let balance = result?;
    emit(
        &app,
        AppEvent::BalanceChanged {
            balance: balance.clone(),
        },
    );
    Ok(balance)
}

#[tauri::command]
pub async fn last_balance(state: State<'_, AppState>) -> CmdResult<Option<BalanceOverview>> {
    Ok(state.core.last_balance().await?)
}

#[tauri::command]
pub async fn personal_usage(app: AppHandle, state: State<'_, AppState>) -> CmdResult<UsageView> {
    let result = state.core.personal_usage().await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

#[tauri::command]
pub async fn team_context(
    app: AppHandle,
    state: State<'_, AppState>,
) -> CmdResult<TeamContextView> {
    let result = state.core.team_context().await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

#[tauri::command]
pub async fn points_ledger(
    state: State<'_, AppState>,
    query: LedgerQuery,
) -> CmdResult<LedgerPage> {
    Ok(state.core.points_ledger(query).await?)
}

#[tauri::command]
pub async fn balance_changes(state: State<'_, AppState>) -> CmdResult<BalanceChanges> {
    Ok(state.core.balance_changes().await?)
}

#[tauri::command]
pub async fn spending_chart(
    state: State<'_, AppState>,
    query: SpendingQuery,
) -> CmdResult<SpendingChart> {
    Ok(state.core.spending_chart(query).await?)
}

#[tauri::command]
pub async fn billing_settings(state: State<'_, AppState>) -> CmdResult<BillingSettings> {
    Ok(state.core.billing_settings().await?)
}

/// Saves the threshold; the header's "low" mark follows at once.
#[tauri::command]
pub async fn set_low_balance_threshold(
    app: AppHandle,
    state: State<'_, AppState>,
    value: String,
) -> CmdResult<BillingSettings> {
    let settings = state.core.set_low_balance_threshold(&value).await?;
    if let Ok(Some(balance)) = state.core.last_balance().await {
        emit(&app, AppEvent::BalanceChanged { balance });
    }
    Ok(settings)
}

#[tauri::command]
pub async fn balance_check(
    app: AppHandle,
    state: State<'_, AppState>,
    estimate: String,
) -> CmdResult<BalanceCheck> {
    let result = state.core.balance_check_refreshing(&estimate).await;
    after_session_call(&app, &state, &result).await;
    let (check, refreshed) = result?;
    if let Some(balance) = refreshed {
        emit(&app, AppEvent::BalanceChanged { balance });
    }
    Ok(check)
}
