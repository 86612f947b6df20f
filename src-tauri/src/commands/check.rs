//! Check platform: the read-only contract checks, the quote and run of the two billable
//! checks, and the report's export.

use tauri::{AppHandle, State};
use xiaoya_core::check::wire::{BillableQuote, CheckReport, ReportFormat};
use xiaoya_core::chat::wire::ChatExport;

use super::{after_session_call, CmdResult};
use crate::AppState;

#[tauri::command]
pub async fn platform_check(app: AppHandle, state: State<'_, AppState>) -> CmdResult<CheckReport> {
    let result = state.core.platform_check().await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

#[tauri::command]
pub async fn platform_check_quote(app: AppHandle, state: State<'_, AppState>) -> CmdResult<BillableQuote> {
    let result = state.core.platform_check_quote().await;
    after_session_call(&app, &state, &result).await;
    Ok(result?)
}

/// Runs the billable checks if `confirmed_speech_total` is still the estimate; the balance
/// in the header is read again afterwards.
#[tauri::command]
pub async fn platform_check_billable(
    app: AppHandle,
    state: State<'_, AppState>,
    confirmed_speech_total: Option<String>,
) -> CmdResult<CheckReport> {
    let result = state.core.platform_check_billable(confirmed_speech_total).await;
    after_session_call(&app, &state, &result).await;
    if let Ok(session) = state.core.active_session().await {
        super::billing::after_charge(&app, &state, &session.id).await;
    }
    Ok(result?)
}

#[tauri::command]
pub async fn platform_check_export(state: State<'_, AppState>, format: ReportFormat) -> CmdResult<ChatExport> {
    Ok(state.core.platform_check_export(format).await?)
}
