// #23: one event says what a settled clip changed. `clipSettled` carries the clip, the
// context's new totals and the configuration's counting rule: the Voices screen places the
// clip in the ledger, shows the totals and the rule, and reads none of them back (no
// `ttsTotals`, no `ttsClips`, no estimate of a probe character).

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, describe, expect, it, vi } from "vitest";

import type { AppEvent, Clip, SessionsView, TtsCatalog, TtsTotals } from "../../src/ipc";
import { session, withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

const personal = session({ grantedScopes: ["profile", "model", "balance", "usage"] });
const view: SessionsView = { sessions: [personal], activeId: personal.id, signInPending: false, ended: [], payerNotChosen: false };
const calls: string[] = [];
const listeners: ((event: AppEvent) => void)[] = [];

const totals = (points: string, clips: number): TtsTotals => ({
  contextLabel: "Personal",
  sessionPoints: points,
  sessionClips: clips,
  contextPoints: points,
  contextClips: clips,
  unreportedClips: 0,
});

const catalog: TtsCatalog = {
  sessionId: personal.id,
  contextLabel: "Personal",
  configs: [
    {
      ttsConfigId: "tts-cjk",
      displayName: "Lingyin",
      outputFormats: ["mp3"],
      price: { unit: "characters", unitSize: "100", points: "3", estimable: true, raw: "" },
      voices: [{ voiceId: "narrator", displayName: "Narrator", shared: true, state: "active", stateRaw: "active", usable: true }],
      counting: { rule: "codePoints", cjkWeight: 1, othersConfirmed: false },
    },
  ],
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

const clip: Clip = {
  id: "c1",
  requestId: "req-1",
  contextLabel: "Personal",
  status: "complete",
  ttsConfigId: "tts-cjk",
  configName: "Lingyin",
  voiceId: "narrator",
  voiceName: "Narrator",
  input: "小雅开放平台",
  inputCharacters: 6,
  params: {},
  format: "mp3",
  estimate: { inputCharacters: 6, totalPoints: "3" },
  receipt: { chargedPoints: "6" },
  hasAudio: true,
  audioKept: false,
  attempts: 1,
  retryable: false,
  createdAt: "2026-11-30T09:15:00.000Z",
};

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    getSessions: () => Promise.resolve(view),
    ttsCatalog: () => {
      calls.push("ttsCatalog");
      return Promise.resolve(catalog);
    },
    ttsTotals: () => {
      calls.push("ttsTotals");
      return Promise.resolve(totals("0", 0));
    },
    ttsClips: () => {
      calls.push("ttsClips");
      return Promise.resolve([]);
    },
    ttsEstimate: () => {
      calls.push("ttsEstimate");
      return Promise.resolve({ inputCharacters: 6, totalPoints: "3" });
    },
    onAppEvent: (listener: (event: AppEvent) => void) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  }),
);

const { applyLocale } = await import("../../src/i18n");
const { sessionsStore } = await import("../../src/app/sessions");
const { AppContext } = await import("../../src/app/context");
const { VoicesScreen } = await import("../../src/features/voices/VoicesScreen");
const stop = sessionsStore.start();
afterAll(() => stop());
const app = { info: null, screen: "voices" as const, navigate: () => {}, platformChanged: () => {}, changeTheme: () => Promise.resolve() };

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

async function settle() {
  for (let i = 0; i < 6; i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe("a settled clip, told once", () => {
  it("places the clip, shows the totals and the counting rule, and reads nothing back", async () => {
    act(() => render(<AppContext.Provider value={app}>{<VoicesScreen />}</AppContext.Provider>, root));
    await settle();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    findIn(root, "[data-testid=tts-config-pick]")?.click();
    await settle();
    expect(findIn(root, "[data-testid=ledger-empty]")).toBeTruthy();
    const before = calls.length;
    expect(calls).toContain("ttsTotals");
    expect(calls, "no probe estimate: the rule is a catalog field").not.toContain("ttsEstimate");

    await act(async () => {
      for (const listener of [...listeners]) {
        listener({
          type: "clipSettled",
          clip,
          sessionId: personal.id,
          totals: totals("6", 1),
          counting: { rule: "learned", cjkWeight: 2, learnedFrom: clip.createdAt, othersConfirmed: false },
        });
      }
    });
    await settle();
    expect(findIn(root, "[data-clip-id=c1]"), "the clip is placed").toBeTruthy();
    expect(findIn(root, "[data-testid=tts-totals-context]")?.textContent).toContain("6");
    expect(calls.slice(before), "nothing read back").toEqual([]);
    // The rule the clip taught is the one said under the text.
    const input = findIn<HTMLTextAreaElement>(root, "[data-testid=tts-input]");
    await act(async () => {
      input.value = "小雅开放平台";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await settle();
    expect(findIn(root, "[data-testid=tts-count-hint]").textContent).toBe(
      "Here a Chinese character counts as 2 characters (seen in your clip of Nov 30, 2026).",
    );

    // A clip of another session (another context) changes nothing here.
    await act(async () => {
      for (const listener of [...listeners]) {
        listener({ type: "clipSettled", clip: { ...clip, id: "c2" }, sessionId: "someone-else", totals: totals("99", 9) });
      }
    });
    await settle();
    expect(root.querySelector("[data-clip-id=c2]")).toBeNull();
    expect(findIn(root, "[data-testid=tts-totals-context]")?.textContent).not.toContain("99");
  });
});
