//! The read-only Team information of the active Team session.

use tauri::State;
use xiaoya_core::teams::wire::TeamInformation;

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn team_information(state: State<'_, AppState>) -> CmdResult<TeamInformation> {
    Ok(state.core.teams().information().await?)
}
