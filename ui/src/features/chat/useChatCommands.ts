// The Chat screen's keyboard commands (app/shortcuts/commands.ts): a new chat, the
// composer, the conversation search, Stop while a reply streams, Regenerate the last reply.
// Each does what its button does, on the same conditions.

import { useCommand } from "../../app/shortcuts/registry";
import type { ChatController } from "./useChat";

function focus(testId: string): void {
  document.querySelector<HTMLElement>(`[data-testid=${testId}]`)?.focus();
}

export function useChatCommands(chat: ChatController): void {
  const idle = chat.inFlight === null;
  const last = chat.messages[chat.messages.length - 1];

  useCommand(
    "chat.new",
    () => {
      void chat.open(null).then(() => focus("chat-input"));
    },
    idle,
  );
  useCommand("chat.focus", () => focus("chat-input"));
  useCommand("chat.search", () => focus("chat-search"));
  // Esc stops only a reply that is streaming (not one still being sent, as Stop itself).
  useCommand("chat.stop", chat.stop, chat.inFlight !== null && chat.inFlight !== "pending");
  useCommand(
    "chat.regenerate",
    () => {
      if (last) void chat.regenerate(last.id);
    },
    idle && last?.role === "assistant",
  );
}
