// Chat: conversations of the active context, and requests whose progress arrives on a
// channel of their own (`started`, `delta`…, then `done` or `error`). The promise
// resolves with the reply as it ended (complete, stopped or interrupted); it rejects
// only when nothing was sent (invalid options, not signed in) or the session ended.

import { Channel } from "@tauri-apps/api/core";

import type { ChatEvent } from "../bindings/ChatEvent";
import type { ChatMessage } from "../bindings/ChatMessage";
import type { ChatOptions } from "../bindings/ChatOptions";
import type { ChatSendInput } from "../bindings/ChatSendInput";
import type { ConversationSummary } from "../bindings/ConversationSummary";
import * as generated from "./generated";

function channel(onEvent: (event: ChatEvent) => void): Channel<ChatEvent> {
  const ch = new Channel<ChatEvent>();
  ch.onmessage = onEvent;
  return ch;
}

export {
  chatCheckOptions,
  chatConversation,
  chatDeleteConversation,
  chatDeleteMessage,
  chatSave,
  chatSettings,
  chatStop,
  chatUsageHint,
  openExternalLink,
  setChatWorkflowVersion,
} from "./generated";

/** The active context's conversations, newest first; `query` searches titles and text. */
export function chatConversations(query = ""): Promise<ConversationSummary[]> {
  return generated.chatConversations(query);
}

/** Sends a message; the reply streams to `onEvent`. */
export function chatSend(input: ChatSendInput, onEvent: (event: ChatEvent) => void): Promise<ChatMessage> {
  return generated.chatSend(input, channel(onEvent));
}

/** Sends an interrupted reply again under the same request id (Team: next attempt). */
export function chatRetry(messageId: string, onEvent: (event: ChatEvent) => void): Promise<ChatMessage> {
  return generated.chatRetry(messageId, channel(onEvent));
}

/** A new reply to the same message, with a new request id. */
export function chatRegenerate(messageId: string, options: ChatOptions, onEvent: (event: ChatEvent) => void): Promise<ChatMessage> {
  return generated.chatRegenerate(messageId, options, channel(onEvent));
}

/** Replaces a message (and what followed it) with new text, and sends it. */
export function chatEditResend(
  messageId: string,
  text: string,
  options: ChatOptions,
  onEvent: (event: ChatEvent) => void,
): Promise<ChatMessage> {
  return generated.chatEditResend(messageId, text, options, channel(onEvent));
}
