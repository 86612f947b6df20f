// #26 item 10: Balances names a chat row's model as Chat does ("Othan 2.0"), with the code
// (`othan-2.0`) on hover, where the active context's catalog knows it; a code it doesn't
// know, or no catalog, stays the code.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

import type { LedgerEntry, ModelCatalog, SessionsView } from "../../src/ipc";
import { chatModel, session, withCommands } from "../support/core";
import { findIn } from "../support/dom";

const personal = session({ grantedScopes: ["profile", "model", "balance"] });
const view: SessionsView = { sessions: [personal], activeId: personal.id, signInPending: false, ended: [], payerNotChosen: false };
const core = { catalogReads: 0 };

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    getSessions: () => Promise.resolve(view),
    modelsCatalog: () => {
      core.catalogReads += 1;
      return Promise.resolve({
        context: { kind: "personal" },
        items: [chatModel(), chatModel({ modelCode: "sora-voice", displayName: "Sora Voice" })],
      } as unknown as ModelCatalog);
    },
  }),
);

const { ChargeRow } = await import("../../src/features/balances/ChargeRow");
const { AppContext } = await import("../../src/app/context");
const { sessionsStore } = await import("../../src/app/sessions");
const stop = sessionsStore.start();
afterAll(() => stop());

const app = {
  info: null,
  screen: "balances" as const,
  navigate: () => {},
  platformChanged: () => {},
  changeTheme: () => Promise.resolve(),
};

function entry(patch: Partial<LedgerEntry>): LedgerEntry {
  return {
    id: "c1",
    context: { kind: "personal" },
    source: "chat",
    requestId: "req-1",
    summary: "Chat · othan-2.0 · 103 tokens",
    receiptRef: "m1",
    at: Date.now() - 60_000,
    points: "1",
    cost: { kind: "reported", points: "1" },
    ...patch,
  };
}

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) act(() => render(null, root as HTMLElement));
  root?.remove();
  root = null;
});

async function show(entries: LedgerEntry[]) {
  root = document.createElement("div");
  document.body.append(root);
  await act(async () => {
    render(
      <AppContext.Provider value={app}>
        <ul>
          {entries.map((e) => (
            <ChargeRow key={e.id} entry={e} now={Date.now()} />
          ))}
        </ul>
      </AppContext.Provider>,
      root as HTMLElement,
    );
    await new Promise((r) => setTimeout(r, 30));
  });
  await act(async () => new Promise((r) => setTimeout(r, 30)));
}

describe("a chat row in Balances", () => {
  it("names the model by its display name, the code on hover, reading the catalog once", async () => {
    await show([entry({}), entry({ id: "c2", summary: "Chat · othan-2.0" })]);
    const whats = Array.from(document.querySelectorAll<HTMLElement>(".charge-row__what"));
    expect(whats.map((w) => w.textContent)).toEqual(["Othan 2.0", "Othan 2.0"]);
    expect(whats.map((w) => w.title)).toEqual(["othan-2.0", "othan-2.0"]);
    expect(core.catalogReads).toBe(1);
  });

  it("keeps a code the catalog doesn't know, and a voice's name as it is", async () => {
    await show([
      entry({ summary: "Chat · retired-1" }),
      entry({ id: "t1", source: "tts", summary: "TTS · othan-2.0 · 12 chars", receiptRef: "clip1" }),
    ]);
    const whats = Array.from(document.querySelectorAll<HTMLElement>(".charge-row__what"));
    expect(whats.map((w) => w.textContent)).toEqual(["retired-1", "othan-2.0"]);
    expect(findIn(document, ".charge-row__what").getAttribute("title")).toBeNull();
  });
});
