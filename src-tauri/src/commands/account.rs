//! The Personal account's own details (its entitlements, once `account` is granted).

use tauri::State;
use xiaoya_core::account::wire::PersonalEntitlements;

use super::CmdResult;
use crate::AppState;

#[tauri::command]
pub async fn personal_entitlements(state: State<'_, AppState>) -> CmdResult<PersonalEntitlements> {
    Ok(state.core.account().entitlements().await?)
}
