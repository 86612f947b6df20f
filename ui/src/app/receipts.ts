// "Open the receipt of this charge": the Balances ledger asks for a receipt and the app
// navigates to the screen that owns it (Chat for replies, Voices for TTS clips). That
// screen reads the request with `useReceiptRequest` and shows the receipt; the request
// stays until a screen takes it with `takeReceiptRequest`.

import { atom, computed, type ReadableAtom, useStore } from "./store";

export type ReceiptScreen = "chat" | "voices";

export interface ReceiptRequest {
  screen: ReceiptScreen;
  /** The ledger's `receiptRef`: a chat message id or a clip id, as the feature wrote it. */
  receiptRef: string;
  /** The platform request id, for a screen that looks receipts up by it. */
  requestId: string;
  /** When it was asked for (ms), so a screen can ignore an old one. */
  at: number;
}

const pending = atom<ReceiptRequest | null>(null);

/** Records the request; the caller then navigates to `request.screen`. */
export function requestReceipt(request: Omit<ReceiptRequest, "at">): void {
  pending.set({ ...request, at: Date.now() });
}

/** The pending request for `screen`, removed so it is handled once. */
export function takeReceiptRequest(screen: ReceiptScreen): ReceiptRequest | null {
  const taken = pending.get();
  if (!taken || taken.screen !== screen) return null;
  pending.set(null);
  return taken;
}

const forScreen: Record<ReceiptScreen, ReadableAtom<ReceiptRequest | null>> = {
  chat: computed(pending, (p) => (p?.screen === "chat" ? p : null)),
  voices: computed(pending, (p) => (p?.screen === "voices" ? p : null)),
};

/** The pending request for `screen` (null when none), re-rendering when it changes. */
export function useReceiptRequest(screen: ReceiptScreen): ReceiptRequest | null {
  return useStore(forScreen[screen]);
}
