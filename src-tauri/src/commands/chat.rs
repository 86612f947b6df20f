//! Chat: conversations, sending with a per-request channel for the reply's progress,
//! Stop, Retry, export, the Team workflow setting, and opening a clicked https link. After
//! a turn the core reads the paying context's balance again and announces it.

use tauri::ipc::Channel;
use tauri::State;
use xiaoya_core::chat::wire::{
    ChatEvent, ChatMessage, ChatOptions, ChatSendInput, ChatSettings, ConversationSummary, ConversationView,
    ExportFormat, OptionProblem,
};
use xiaoya_core::chat::ChatSink;

use xiaoya_core::documents::SavedFile;

use super::CmdResult;
use crate::AppState;

/// A reply's progress goes to the channel the UI opened for this request. When the UI
/// is gone the send fails and the core stops the reply.
struct ChannelSink(Channel<ChatEvent>);

impl ChatSink for ChannelSink {
    fn send(&self, event: ChatEvent) -> bool {
        self.0.send(event).is_ok()
    }
}

#[tauri::command]
pub async fn chat_check_options(
    state: State<'_, AppState>,
    options: ChatOptions,
) -> CmdResult<Vec<OptionProblem>> {
    Ok(state.core.chat().chat_check_options(&options).await?)
}

#[tauri::command]
pub async fn chat_conversations(
    state: State<'_, AppState>,
    query: String,
) -> CmdResult<Vec<ConversationSummary>> {
    Ok(state.core.chat().chat_conversations(&query).await?)
}

#[tauri::command]
pub async fn chat_conversation(state: State<'_, AppState>, id: String) -> CmdResult<ConversationView> {
    Ok(state.core.chat().chat_conversation(&id).await?)
}

#[tauri::command]
pub async fn chat_send(
    state: State<'_, AppState>,
    input: ChatSendInput,
    on_event: Channel<ChatEvent>,
) -> CmdResult<ChatMessage> {
    Ok(state.core.chat().chat_send(input, &ChannelSink(on_event)).await?.reply)
}

#[tauri::command]
pub async fn chat_retry(
    state: State<'_, AppState>,
    message_id: String,
    on_event: Channel<ChatEvent>,
) -> CmdResult<ChatMessage> {
    Ok(state.core.chat().chat_retry(&message_id, &ChannelSink(on_event)).await?.reply)
}

#[tauri::command]
pub async fn chat_regenerate(
    state: State<'_, AppState>,
    message_id: String,
    options: ChatOptions,
    on_event: Channel<ChatEvent>,
) -> CmdResult<ChatMessage> {
    Ok(state.core.chat().chat_regenerate(&message_id, options, &ChannelSink(on_event)).await?.reply)
}

#[tauri::command]
pub async fn chat_edit_resend(
    state: State<'_, AppState>,
    message_id: String,
    text: String,
    options: ChatOptions,
    on_event: Channel<ChatEvent>,
) -> CmdResult<ChatMessage> {
    Ok(state.core.chat().chat_edit_resend(&message_id, text, options, &ChannelSink(on_event)).await?.reply)
}

/// Stops a reply in flight; answers whether one was running.
#[tauri::command]
pub fn chat_stop(state: State<'_, AppState>, message_id: String) -> bool {
    state.core.chat().chat_stop(&message_id)
}

#[tauri::command]
pub async fn chat_delete_message(
    state: State<'_, AppState>,
    message_id: String,
) -> CmdResult<ConversationView> {
    Ok(state.core.chat().chat_delete_message(&message_id).await?)
}

#[tauri::command]
pub async fn chat_delete_conversation(state: State<'_, AppState>, id: String) -> CmdResult<()> {
    Ok(state.core.chat().chat_delete_conversation(&id).await?)
}

#[tauri::command]
pub async fn chat_save<R: tauri::Runtime>(
    app: tauri::AppHandle<R>,
    state: State<'_, AppState>,
    id: String,
    format: ExportFormat,
) -> CmdResult<Option<SavedFile>> {
    let doc = state.core.chat().chat_document(&id, format).await?;
    crate::files::save(&app, doc).await
}

/// The usage recent replies with a model reported in the active context (the composer's
/// cost line: chat is charged by usage, and the catalog has no price).
#[tauri::command]
pub async fn chat_usage_hint(
    state: State<'_, AppState>,
    model_code: String,
) -> CmdResult<xiaoya_core::chat::cost::ChatUsageHint> {
    Ok(state.core.chat().chat_usage_hint(&model_code).await?)
}

#[tauri::command]
pub async fn chat_settings(state: State<'_, AppState>) -> CmdResult<ChatSettings> {
    Ok(state.core.chat().chat_settings().await?)
}

#[tauri::command]
pub async fn set_chat_workflow_version(state: State<'_, AppState>, value: String) -> CmdResult<ChatSettings> {
    Ok(state.core.chat().set_chat_workflow_version(&value).await?)
}

/// Opens an https link from a reply in the system browser, after a click. The core
/// refuses every other scheme.
#[tauri::command]
pub fn open_external_link(state: State<'_, AppState>, url: String) -> CmdResult<()> {
    Ok(state.core.chat().open_external_link(&url)?)
}
