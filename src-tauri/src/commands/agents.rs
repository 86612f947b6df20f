//! Agent check (#27): saved MCP agents, their reviews and snapshots, one tool call, the call
//! form's argument check and the review's export. Header values go from the page to the
//! core, which keeps them in the OS keychain; nothing here answers with one. A review
//! speaks the window's language, the one the core has saved.
//!
//! Snapshot ids cross as `u32`: ts-rs types an `i64` argument as `bigint`, which the page
//! cannot send as JSON; SQLite row ids of one person's reviews stay far below 2^32.

use serde_json::Value;
use tauri::State;
use xiaoya_core::agents::wire::{
    AgentInput, AgentReport, ArgumentProblem, ExportFormat as AgentExportFormat, SavedAgent, SnapshotChange,
    SnapshotSummary, ToolCallRequest,
};
use xiaoya_core::documents::SavedFile;

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn agents_list(state: State<'_, AppState>) -> CmdResult<Vec<SavedAgent>> {
    Ok(state.core.agents().list().await?)
}

#[tauri::command]
pub async fn agent_save(state: State<'_, AppState>, input: AgentInput) -> CmdResult<SavedAgent> {
    Ok(state.core.agents().save(input).await?)
}

#[tauri::command]
pub async fn agent_forget(state: State<'_, AppState>, agent_id: String) -> CmdResult<()> {
    Ok(state.core.agents().forget(&agent_id).await?)
}

#[tauri::command]
pub async fn agent_review(
    state: State<'_, AppState>,
    agent_id: String,
    calls: Vec<ToolCallRequest>,
) -> CmdResult<AgentReport> {
    let lang = state.core.locale().await?;
    Ok(state.core.agents().review(&agent_id, lang, calls).await?)
}

#[tauri::command]
pub async fn agent_call(
    state: State<'_, AppState>,
    agent_id: String,
    request: ToolCallRequest,
) -> CmdResult<AgentReport> {
    let lang = state.core.locale().await?;
    Ok(state.core.agents().call(&agent_id, lang, request).await?)
}

#[tauri::command]
pub async fn agent_check_arguments(
    state: State<'_, AppState>,
    agent_id: String,
    tool: String,
    args: Value,
) -> CmdResult<Vec<ArgumentProblem>> {
    Ok(state.core.agents().check_arguments(&agent_id, &tool, &args).await?)
}

#[tauri::command]
pub async fn agent_snapshots(
    state: State<'_, AppState>,
    agent_id: String,
) -> CmdResult<Vec<SnapshotSummary>> {
    Ok(state.core.agents().snapshots(&agent_id).await?)
}

#[tauri::command]
pub async fn agent_compare(
    state: State<'_, AppState>,
    older: u32,
    newer: u32,
) -> CmdResult<Vec<SnapshotChange>> {
    Ok(state.core.agents().compare(older.into(), newer.into()).await?)
}

#[tauri::command]
pub async fn agent_report(state: State<'_, AppState>, snapshot_id: u32) -> CmdResult<AgentReport> {
    Ok(state.core.agents().report(snapshot_id.into()).await?)
}

#[tauri::command]
pub async fn agent_report_save<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    snapshot_id: u32,
    format: AgentExportFormat,
) -> CmdResult<Option<SavedFile>> {
    let doc = state.core.agents().export(snapshot_id.into(), format).await?;
    crate::files::save(&app, doc).await
}
