//! The read-only Team information of a signed-in Team session (the active one by default).

use tauri::State;
use xiaoya_core::teams::wire::TeamInformation;

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn team_information(
    state: State<'_, AppState>,
    session_id: Option<String>,
) -> CmdResult<TeamInformation> {
    Ok(state.core.teams().information(session_id.as_deref()).await?)
}
