// How the UI tests stand in for the core. The UI reaches it only through src/ipc (see
// ui/README.md), so a test replaces the commands it needs there and keeps the rest real:
//
//   vi.mock("../../src/ipc", (real) => withCommands(real, { listTeams: () => Promise.resolve([…]) }));
//
// vi.mock is hoisted above the file's imports: keep the factory an arrow that calls
// withCommands (never `withCommands(…)` as the factory itself). What the commands refer to
// is read when src/ipc is first imported, after the test file's own constants. A command
// name that src/ipc does not export fails the type check.
//
// Also here: the signed-in session, the chat model and the Chat screen's commands that
// several tests need, each with the values the tests had written out on their own.

import type * as Ipc from "../../src/ipc";
import type { AppInfo, ChatMessage, ChatReceipt, ConversationSummary, ModelEntry, SessionSummary } from "../../src/ipc";

type IpcModule = typeof Ipc;
export type Commands = { [K in keyof IpcModule]?: unknown };

/** src/ipc as it is, with `commands` in place of the real ones. */
export async function withCommands(importOriginal: () => Promise<unknown>, commands: Commands): Promise<IpcModule> {
  const real = (await importOriginal()) as IpcModule;
  return { ...real, ...commands } as IpcModule;
}

/** The app info of a sandbox start in English, dark, not presenting; `patch` changes what a test needs. */
export function appInfo(patch: Partial<AppInfo> = {}): AppInfo {
  return {
    version: "0.1.0",
    commit: "abc1234",
    platform: {
      mode: "sandbox",
      origin: "http://127.0.0.1:8765",
      clientId: "xiaoya-companion",
      redirectUri: "xiaoya-companion://oauth/callback",
    },
    locale: "en",
    theme: "dark",
    presenting: { on: false, scale: 125, literals: [] },
    ...patch,
  };
}

/** A Personal session of "Lin" that lasts a day; `patch` changes what a test needs. */
export function session(patch: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id: "s_personal",
    context: { kind: "personal" },
    displayName: "Lin",
    userId: "u_1",
    grantedScopes: [],
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    expiresInSecs: 86_400,
    origin: "http://127.0.0.1:8765",
    ...patch,
  };
}

/** A chat-capable model, "Othan 2.0", with no parameters. */
export function chatModel(patch: Partial<ModelEntry> = {}): ModelEntry {
  return {
    modelCode: "othan-2.0",
    displayName: "Othan 2.0",
    modelType: "llm",
    acceptsText: true,
    acceptsImage: null,
    acceptsFile: null,
    outputsText: true,
    outputsImage: null,
    outputsAudio: null,
    outputsVideo: null,
    structuredOutputMode: "prompt",
    structuredOutputDeclared: true,
    parameterSchemaVersion: null,
    parameterSpec: "empty",
    parameters: [],
    legacySpellings: false,
    unknownFields: [],
    rawJson: "{}",
    chatCapable: true,
    outputsTextInferred: false,
    ...patch,
  };
}

/** A conversation with Othan 2.0 in the Personal context. */
export function conversationSummary(id: string, patch: Partial<ConversationSummary> = {}): ConversationSummary {
  return { id, title: `Talk ${id}`, modelCode: "othan-2.0", contextLabel: "Personal", updatedAt: 0, messageCount: 0, ...patch };
}

/**
 * What the Chat screen reads: a catalog of `chatModel()`, the conversations `list()`,
 * each opened with `messages(id)` and plain-text options; the options check finds no
 * problem and the usage hint can't be had.
 */
export function chatCommands(core: {
  list: () => ConversationSummary[];
  messages: (id: string) => ChatMessage[];
  onOpen?: (id: string) => void;
}): Commands {
  return {
    modelsCatalog: () => Promise.resolve({ items: [chatModel()] }),
    chatConversations: () => Promise.resolve(core.list()),
    chatConversation: (id: string) => {
      core.onOpen?.(id);
      const conversation = core.list().find((c) => c.id === id) ?? conversationSummary(id);
      return Promise.resolve({
        conversation,
        options: { modelCode: "othan-2.0", systemPrompt: "", parameters: {}, responseFormat: { kind: "text" } },
        messages: core.messages(id),
      });
    },
    chatCheckOptions: () => Promise.resolve([]),
    chatUsageHint: () => Promise.reject(new Error("no core")),
  };
}

/** A Personal, streamed reply's receipt (Othan 2.0, 10 + 20 tokens); `patch` changes what a test needs. */
export function chatReceipt(patch: Partial<ChatReceipt> = {}): ChatReceipt {
  return {
    modelCode: "othan-2.0",
    contextKind: "personal",
    teamId: null,
    contextLabel: "Personal",
    requestId: "req-1",
    platformRequestId: "req-1",
    streamed: true,
    workflowVersionId: null,
    runId: null,
    nodeId: null,
    attempt: null,
    startedAt: 0,
    timeToFirstTokenMs: 120,
    totalMs: 900,
    usage: { promptTokens: 10, completionTokens: 20, totalTokens: 30 },
    chargedPoints: null,
    replayed: false,
    responseFormat: "text",
    ...patch,
  };
}

/** A complete assistant reply with this receipt; `patch` changes the message. */
export function assistantReply(receipt: ChatReceipt, patch: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: "r1",
    conversationId: "c1",
    role: "assistant",
    content: "An answer",
    status: "complete",
    parentId: "u1",
    createdAt: 0,
    receipt,
    error: null,
    jsonCheck: null,
    ...patch,
  };
}
