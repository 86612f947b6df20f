// Chat: conversations of the active context, and requests whose progress arrives on a
// channel of their own (`started`, `delta`…, then `done` or `error`). The promise
// resolves with the reply as it ended (complete, stopped or interrupted); it rejects
// only when nothing was sent (invalid options, not signed in) or the session ended.

import { Channel } from "@tauri-apps/api/core";

import type { ChatEvent } from "../bindings/ChatEvent";
import type { ChatExport } from "../bindings/ChatExport";
import type { ChatMessage } from "../bindings/ChatMessage";
import type { ChatOptions } from "../bindings/ChatOptions";
import type { ChatSendInput } from "../bindings/ChatSendInput";
import type { ChatSettings } from "../bindings/ChatSettings";
import type { ChatUsageHint } from "../bindings/ChatUsageHint";
import type { ConversationSummary } from "../bindings/ConversationSummary";
import type { ConversationView } from "../bindings/ConversationView";
import type { ExportFormat } from "../bindings/ExportFormat";
import type { OptionProblem } from "../bindings/OptionProblem";
import { call } from "./commands";

export type { ChatEvent } from "../bindings/ChatEvent";
export type { ChatExport } from "../bindings/ChatExport";
export type { ChatMessage } from "../bindings/ChatMessage";
export type { ChatOptions } from "../bindings/ChatOptions";
export type { ChatReceipt } from "../bindings/ChatReceipt";
export type { ChatRole } from "../bindings/ChatRole";
export type { ChatSendInput } from "../bindings/ChatSendInput";
export type { ChatSettings } from "../bindings/ChatSettings";
export type { ChatUsageHint } from "../bindings/ChatUsageHint";
export type { ConversationSummary } from "../bindings/ConversationSummary";
export type { ConversationView } from "../bindings/ConversationView";
export type { ExportFormat } from "../bindings/ExportFormat";
export type { JsonCheck } from "../bindings/JsonCheck";
export type { JsonProblem } from "../bindings/JsonProblem";
export type { JsonProblemKind } from "../bindings/JsonProblemKind";
export type { MessageStatus } from "../bindings/MessageStatus";
export type { OptionProblem } from "../bindings/OptionProblem";
export type { ProblemKind } from "../bindings/ProblemKind";
export type { ResponseFormatChoice } from "../bindings/ResponseFormatChoice";
export type { TokenUsage } from "../bindings/TokenUsage";

function channel(onEvent: (event: ChatEvent) => void): Channel<ChatEvent> {
  const ch = new Channel<ChatEvent>();
  ch.onmessage = onEvent;
  return ch;
}

/** Problems with these options for the model (empty: they can be sent). */
export function chatCheckOptions(options: ChatOptions): Promise<OptionProblem[]> {
  return call<OptionProblem[]>("chat_check_options", { options });
}

/** The active context's conversations, newest first; `query` searches titles and text. */
export function chatConversations(query = ""): Promise<ConversationSummary[]> {
  return call<ConversationSummary[]>("chat_conversations", { query });
}

export function chatConversation(id: string): Promise<ConversationView> {
  return call<ConversationView>("chat_conversation", { id });
}

export function chatSend(input: ChatSendInput, onEvent: (event: ChatEvent) => void): Promise<ChatMessage> {
  return call<ChatMessage>("chat_send", { input, onEvent: channel(onEvent) });
}

/** Sends an interrupted reply again under the same request id (Team: next attempt). */
export function chatRetry(messageId: string, onEvent: (event: ChatEvent) => void): Promise<ChatMessage> {
  return call<ChatMessage>("chat_retry", { messageId, onEvent: channel(onEvent) });
}

/** A new reply to the same message, with a new request id. */
export function chatRegenerate(
  messageId: string,
  options: ChatOptions,
  onEvent: (event: ChatEvent) => void,
): Promise<ChatMessage> {
  return call<ChatMessage>("chat_regenerate", { messageId, options, onEvent: channel(onEvent) });
}

/** Replaces a message (and what followed it) with new text, and sends it. */
export function chatEditResend(
  messageId: string,
  text: string,
  options: ChatOptions,
  onEvent: (event: ChatEvent) => void,
): Promise<ChatMessage> {
  return call<ChatMessage>("chat_edit_resend", { messageId, text, options, onEvent: channel(onEvent) });
}

/** Stops a reply in flight; it keeps its text and is marked stopped. */
export function chatStop(messageId: string): Promise<boolean> {
  return call<boolean>("chat_stop", { messageId });
}

export function chatDeleteMessage(messageId: string): Promise<ConversationView> {
  return call<ConversationView>("chat_delete_message", { messageId });
}

export function chatDeleteConversation(id: string): Promise<void> {
  return call<void>("chat_delete_conversation", { id });
}

/** Writes the conversation to the data folder's `exports/`; returns the path and text. */
export function chatExport(id: string, format: ExportFormat): Promise<ChatExport> {
  return call<ChatExport>("chat_export", { id, format });
}

/** What recent replies with this model used in the active context (tokens, as reported). */
export function chatUsageHint(modelCode: string): Promise<ChatUsageHint> {
  return call<ChatUsageHint>("chat_usage_hint", { modelCode });
}

export function chatSettings(): Promise<ChatSettings> {
  return call<ChatSettings>("chat_settings");
}

/** Sets the Team workflow version id; an empty value returns to the default. */
export function setChatWorkflowVersion(value: string): Promise<ChatSettings> {
  return call<ChatSettings>("set_chat_workflow_version", { value });
}

/** Opens an https link in the system browser (the core refuses anything else). */
export function openExternalLink(url: string): Promise<void> {
  return call<void>("open_external_link", { url });
}
