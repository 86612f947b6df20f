// "Open the receipt of this charge": the Balances ledger asks for a receipt and the app
// navigates to the screen that owns it (Chat for replies, Voices for TTS clips). That
// screen reads the request with `useReceiptRequest` and shows the receipt; the request
// stays until a screen takes it with `takeReceiptRequest`.

import { useEffect, useState } from "preact/hooks";

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

let pending: ReceiptRequest | null = null;
const listeners = new Set<(request: ReceiptRequest | null) => void>();

/** Records the request; the caller then navigates to `request.screen`. */
export function requestReceipt(request: Omit<ReceiptRequest, "at">): void {
  pending = { ...request, at: Date.now() };
  for (const listener of listeners) listener(pending);
}

/** The pending request for `screen`, removed so it is handled once. */
export function takeReceiptRequest(screen: ReceiptScreen): ReceiptRequest | null {
  if (!pending || pending.screen !== screen) return null;
  const taken = pending;
  pending = null;
  for (const listener of listeners) listener(null);
  return taken;
}

/** The pending request for `screen` (null when none), re-rendering when it changes. */
export function useReceiptRequest(screen: ReceiptScreen): ReceiptRequest | null {
  const pick = (r: ReceiptRequest | null) => (r && r.screen === screen ? r : null);
  const [value, setValue] = useState(() => pick(pending));
  useEffect(() => {
    const listener = (r: ReceiptRequest | null) => setValue(pick(r));
    listeners.add(listener);
    setValue(pick(pending));
    return () => {
      listeners.delete(listener);
    };
  }, [screen]);
  return value;
}
