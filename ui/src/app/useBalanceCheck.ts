// The balance check of an estimate for the active context (components/BalanceCheckNotice.tsx
// shows it): for features that charge (Voices, Chat).

import { isAmountText } from "../format/points";
import { type BalanceCheck, balanceCheck } from "../ipc";
import { useActiveContextKey } from "./sessions";
import { useLoad } from "./useLoad";

/**
 * The balance check for `estimate` (decimal text), re-run when it or the active
 * context changes (debounced). Null while there is nothing to check or it failed:
 * a check that can't run must never stand in the way.
 */
export function useBalanceCheck(estimate: string | null, debounceMs = 300): BalanceCheck | null {
  const contextKey = useActiveContextKey();
  const skip = estimate === null || !isAmountText(estimate) || contextKey === "none";
  // A new estimate or context clears the last check at once; a failed one shows nothing
  // (no warning rather than a wrong one).
  const loaded = useLoad(() => balanceCheck((estimate ?? "").trim()), `${contextKey}|${estimate ?? ""}`, debounceMs, {
    skip,
    delayMs: debounceMs,
  });
  const check = loaded.error ? null : loaded.data;
  return check;
}
