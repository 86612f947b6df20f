//! Check platform: the read-only contract checks, the quote and run of the two billable
//! checks, and the report's export.

use tauri::State;
use xiaoya_core::check::wire::{BillableQuote, CheckReport, CheckRunSummary, ReportFormat};
use xiaoya_core::documents::SavedFile;

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn platform_check(state: State<'_, AppState>) -> CmdResult<CheckReport> {
    Ok(state.core.check().platform_check().await?)
}

#[tauri::command]
pub async fn platform_check_quote(state: State<'_, AppState>) -> CmdResult<BillableQuote> {
    Ok(state.core.check().platform_check_quote().await?)
}

/// Runs the billable checks if `confirmed_speech_total` is still the estimate, into the kept
/// run `run_id`; the core reads the balance again afterwards and announces it.
#[tauri::command]
pub async fn platform_check_billable(
    state: State<'_, AppState>,
    confirmed_speech_total: Option<String>,
    run_id: Option<String>,
) -> CmdResult<CheckReport> {
    Ok(state.core.check().platform_check_billable(confirmed_speech_total, run_id).await?)
}

#[tauri::command]
pub async fn platform_check_runs(state: State<'_, AppState>) -> CmdResult<Vec<CheckRunSummary>> {
    Ok(state.core.check().platform_check_runs().await?)
}

#[tauri::command]
pub async fn platform_check_run(state: State<'_, AppState>, run_id: String) -> CmdResult<CheckReport> {
    Ok(state.core.check().platform_check_run(&run_id).await?)
}

#[tauri::command]
pub async fn platform_check_save<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    run_id: String,
    format: ReportFormat,
) -> CmdResult<Option<SavedFile>> {
    let doc = state.core.check().check_document(&run_id, format).await?;
    crate::files::save(&app, doc).await
}
