// #26 item 10: coming back to Models, Voices or Balances shows what was loaded, not
// skeletons; the data is read again quietly and replaces what is shown when it comes.
// The app renders one screen at a time, so leaving unmounts it: these tests unmount and
// mount again, as navigation does, with the second reads still on their way.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { BalanceChanges, LedgerPage, ModelCatalog, SessionsView, TtsCatalog } from "../../src/ipc";
import { chatModel, session, withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

const personal = session({ grantedScopes: ["profile", "model", "balance", "usage"] });
const view: SessionsView = { sessions: [personal], activeId: personal.id, signInPending: false, ended: [], payerNotChosen: false };

/** Each read waits until the test answers it, so "what is shown meanwhile" can be seen. */
const waiting: Record<string, ((value: unknown) => void)[]> = {};
function asked<T>(name: string): Promise<T> {
  return new Promise<T>((resolve) => {
    waiting[name] ??= [];
    waiting[name].push(resolve as (value: unknown) => void);
  });
}
async function answer(name: string, value: unknown) {
  const next = waiting[name]?.shift();
  if (!next) throw new Error(`${name} was not asked`);
  await act(async () => next(value));
  await settle();
}

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    getSessions: () => Promise.resolve(view),
    modelsCatalog: () => asked("modelsCatalog"),
    ttsCatalog: () => asked("ttsCatalog"),
    ttsTotals: () => new Promise(() => {}),
    ttsClips: () => asked("ttsClips"),
    balanceChanges: () => asked("balanceChanges"),
    pointsLedger: () => asked("pointsLedger"),
  }),
);

const { sessionsStore } = await import("../../src/app/sessions");
const { forgetAllKept } = await import("../../src/app/keep");
const { AppContext } = await import("../../src/app/context");
const { ModelsScreen } = await import("../../src/features/models/ModelsScreen");
const { VoicesScreen } = await import("../../src/features/voices/VoicesScreen");
const { ChangesCard } = await import("../../src/features/balances/ChangesCard");
const { LedgerCard } = await import("../../src/features/balances/LedgerCard");
const { Ledger: AudioLedger } = await import("../../src/features/voices/Ledger");
const stop = sessionsStore.start();
afterAll(() => stop());

const app = { info: null, screen: "models" as const, navigate: () => {}, platformChanged: () => {}, changeTheme: () => Promise.resolve() };
const contextKey = `personal:${personal.id}`;

let root: HTMLElement;
mountRoot((el) => (root = el));
beforeEach(() => {
  forgetAllKept();
  for (const key of Object.keys(waiting)) delete waiting[key];
});

async function settle() {
  for (let i = 0; i < 4; i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function show(node: preact.JSX.Element) {
  act(() => render(<AppContext.Provider value={app}>{node}</AppContext.Provider>, root));
  await settle();
}

async function leave() {
  act(() => render(<p>Another screen</p>, root));
  await settle();
}

const skeletons = () => root.querySelectorAll(".skeleton, [data-testid$=-loading]").length;

function catalog(names: string[]): ModelCatalog {
  return {
    context: { kind: "personal" },
    teamContextVersion: null,
    planVersionId: null,
    catalogVersion: "1",
    items: names.map((n) => chatModel({ modelCode: n.toLowerCase().replace(/ /g, "-"), displayName: n })),
    skipped: 0,
    fetchedAt: Date.now(),
    fromCache: false,
    reading: { shape: "documented", missing: [], unrecognised: [] },
  } as unknown as ModelCatalog;
}

describe("coming back to a screen", () => {
  it("Models shows the kept catalog at once and swaps in the new one when it arrives", async () => {
    await show(<ModelsScreen />);
    expect(findIn(root, "[data-testid=models-loading]")).toBeTruthy();
    await answer("modelsCatalog", catalog(["Othan 2.0"]));
    expect(root.textContent).toContain("Othan 2.0");
    await leave();

    await show(<ModelsScreen />);
    expect(skeletons()).toBe(0);
    expect(root.textContent).toContain("Othan 2.0");
    await answer("modelsCatalog", catalog(["Othan 2.0", "Othan 3.0"]));
    expect(root.textContent).toContain("Othan 3.0");
  });

  it("Voices shows the kept catalog at once while it is read again", async () => {
    const tts: TtsCatalog = {
      sessionId: personal.id,
      contextLabel: "Personal",
      configs: [],
      limits: {
        inputMaxChars: 1000,
        speedMin: 0.5,
        speedMax: 2,
        volumeMax: 10,
        pitchMin: -12,
        pitchMax: 12,
        sampleRates: [],
        bitrates: [],
        audioChannels: [],
        languageBoosts: [],
      },
      reading: { shape: "documented", missing: [], unrecognised: [] },
    };
    await show(<VoicesScreen />);
    expect(findIn(root, "[data-testid=voices-loading]")).toBeTruthy();
    await answer("ttsCatalog", tts);
    expect(findIn(root, "[data-testid=voices-no-configs]")).toBeTruthy();
    await leave();

    await show(<VoicesScreen />);
    expect(skeletons()).toBe(0);
    expect(findIn(root, "[data-testid=voices-no-configs]")).toBeTruthy();
    expect(waiting.ttsCatalog?.length, "read again, quietly").toBe(1);
  });

  it("Voices' audio ledger shows the kept clips at once while they are read again", async () => {
    const ledger = (
      <AudioLedger
        contextKey={contextKey}
        sessionId="s1"
        configs={[]}
        version={0}
        retryingId={null}
        onRetry={() => {}}
        onClips={() => {}}
      />
    );
    await show(ledger);
    await act(async () => new Promise((r) => setTimeout(r, 200)));
    await answer("ttsClips", []);
    expect(findIn(root, "[data-testid=ledger-empty]")).toBeTruthy();
    await leave();

    await show(ledger);
    expect(findIn(root, "[data-testid=ledger-empty]"), "shown before the new answer").toBeTruthy();
    await act(async () => new Promise((r) => setTimeout(r, 200)));
    expect(waiting.ttsClips?.length, "read again, quietly").toBe(1);
  });

  it("Balances' cards show the kept changes and ledger at once while they are read again", async () => {
    const changes: BalanceChanges = { context: { kind: "personal" }, intervals: [], sinceLastRefresh: [], sharedWallet: false };
    const page = (summary: string): LedgerPage => ({
      entries: [
        {
          id: "c1",
          context: { kind: "personal" },
          source: "tts",
          requestId: "req-1",
          summary,
          receiptRef: "clip1",
          at: Date.now() - 60_000,
          points: "3",
          cost: { kind: "reported" as const, points: "3" },
        },
      ],
      hasMore: false,
    });
    const cards = (
      <>
        <ChangesCard contextKey={contextKey} version={1} now={Date.now()} onRefresh={() => {}} />
        <LedgerCard contextKey={contextKey} version={1} now={Date.now()} />
      </>
    );
    await show(cards);
    expect(skeletons()).toBeGreaterThan(0);
    await answer("balanceChanges", changes);
    await answer("pointsLedger", page("TTS · Narrator"));
    expect(skeletons()).toBe(0);
    await leave();

    await show(cards);
    expect(skeletons()).toBe(0);
    expect(findIn(root, "[data-testid=ledger-list]").textContent).toContain("Narrator");
    await answer("pointsLedger", page("TTS · Storyteller"));
    expect(findIn(root, "[data-testid=ledger-list]").textContent).toContain("Storyteller");
  });

  it("another context never shows this one's kept data", async () => {
    await show(<LedgerCard contextKey={contextKey} version={1} now={Date.now()} />);
    await answer("pointsLedger", { entries: [], hasMore: false });
    await leave();
    await show(<LedgerCard contextKey="team:t_alpha:s_team" version={1} now={Date.now()} />);
    expect(skeletons()).toBeGreaterThan(0);
  });
});
