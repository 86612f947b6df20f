import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { session, withCommands } from "../support/core";

// The balance store follows the active session only while something reads it: the
// first reader starts it (last reading, then a refresh), the last one stops it.
const calls: string[] = [];
let refreshedAt = 1_000;
const overview = (sessionId: string, at: number) => ({ sessionId, spendable: String(at), refreshedAt: at });
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    lastBalance: () => {
      calls.push("last");
      return Promise.resolve(overview("s_1", 500));
    },
    refreshBalance: () => {
      calls.push("refresh");
      refreshedAt += 1;
      return Promise.resolve(overview("s_1", refreshedAt));
    },
  }),
);

const { sessionsState } = await import("../../src/app/sessions");
const { useBalance, balanceState } = await import("../../src/features/balances/store");

const personal = session({ id: "s_1", grantedScopes: ["balance"] });

function Reader() {
  const balance = useBalance();
  return <p data-session={balance.sessionId ?? ""}>{balance.overview ? String(balance.overview.refreshedAt) : "none"}</p>;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

/** Settles again and again until `check` passes (or 3 s have gone): a loaded machine may take
 * longer than one settle for the mocked calls to answer. */
async function until(check: () => void): Promise<void> {
  const end = Date.now() + 3000;
  for (;;) {
    await settle();
    try {
      check();
      return;
    } catch (e) {
      if (Date.now() > end) throw e;
    }
  }
}

afterEach(() => {
  calls.length = 0;
});

describe("balance store", () => {
  it("starts with its first reader, shows the refreshed reading, and forgets it with the last", async () => {
    sessionsState.set({
      status: "ready",
      view: { sessions: [personal], activeId: personal.id, signInPending: false, ended: [], payerNotChosen: false },
      loadError: null,
      pending: null,
      lastAttempt: null,
      signInError: null,
    });
    const root = document.createElement("div");
    act(() => render(<Reader />, root));
    await until(() => expect(root.textContent).toBe("1001"));
    expect(calls).toEqual(["last", "refresh"]);
    expect(root.querySelector("p")?.getAttribute("data-session")).toBe("s_1");

    // Signed out: the reader shows nothing for the session that left.
    act(() => {
      sessionsState.set({ ...sessionsState.get(), view: { ...sessionsState.get().view, sessions: [], activeId: undefined } });
    });
    await until(() => expect(root.textContent).toBe("none"));
    expect(root.querySelector("p")?.getAttribute("data-session")).toBe("");

    act(() => render(null, root));
    expect(balanceState.get().sessionId).toBeNull();
  });
});
