//! Balances, usage, the points ledger and the low-balance threshold. Every balance the core
//! reads (here, before a check, after a charge) is announced by the core as `balanceChanged`.

use tauri::State;
use xiaoya_core::billing::wire::{
    BalanceChanges, BalanceCheck, BalanceOverview, BillingSettings, LedgerPage, LedgerQuery, LedgerScope,
    SpendingChart, SpendingQuery, TeamContextView, UsageView,
};

use xiaoya_core::documents::SavedFile;

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn refresh_balance(state: State<'_, AppState>) -> CmdResult<BalanceOverview> {
    Ok(state.core.billing().refresh_balance().await?)
}

#[tauri::command]
pub async fn last_balance(state: State<'_, AppState>) -> CmdResult<Option<BalanceOverview>> {
    Ok(state.core.billing().last_balance().await?)
}

#[tauri::command]
pub async fn personal_usage(state: State<'_, AppState>) -> CmdResult<UsageView> {
    Ok(state.core.billing().personal_usage().await?)
}

#[tauri::command]
pub async fn team_context(state: State<'_, AppState>) -> CmdResult<TeamContextView> {
    Ok(state.core.billing().team_context().await?)
}

#[tauri::command]
pub async fn ledger_save<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    scope: LedgerScope,
) -> CmdResult<Option<SavedFile>> {
    let doc = state.core.billing().ledger_document(scope).await?;
    crate::files::save(&app, doc).await
}

#[tauri::command]
pub async fn points_ledger(state: State<'_, AppState>, query: LedgerQuery) -> CmdResult<LedgerPage> {
    Ok(state.core.billing().points_ledger(query).await?)
}

#[tauri::command]
pub async fn balance_changes(state: State<'_, AppState>) -> CmdResult<BalanceChanges> {
    Ok(state.core.billing().balance_changes().await?)
}

#[tauri::command]
pub async fn spending_chart(state: State<'_, AppState>, query: SpendingQuery) -> CmdResult<SpendingChart> {
    Ok(state.core.billing().spending_chart(query).await?)
}

#[tauri::command]
pub async fn billing_settings(state: State<'_, AppState>) -> CmdResult<BillingSettings> {
    Ok(state.core.billing().billing_settings().await?)
}

/// Saves the threshold; the core announces the last balance so the header's "low" mark
/// follows at once.
#[tauri::command]
pub async fn set_low_balance_threshold(
    state: State<'_, AppState>,
    value: String,
) -> CmdResult<BillingSettings> {
    Ok(state.core.billing().set_low_balance_threshold(&value).await?)
}

#[tauri::command]
pub async fn balance_check(state: State<'_, AppState>, estimate: String) -> CmdResult<BalanceCheck> {
    Ok(state.core.billing().balance_check(&estimate).await?)
}
