import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { EstimateView } from "../../src/features/voices/Cost";
import { priceLabel } from "../../src/features/voices/format";
import { StateFlag, voiceUsable } from "../../src/features/voices/VoiceRow";
import { applyLocale } from "../../src/i18n";
import type { CostEstimate, TtsPrice, Voice } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

// What a person sees when the platform reads the docs differently: a state the app doesn't
// know stays selectable and says so, and a price it can't turn into an estimate says why
// instead of showing a guess.

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

const odd: Voice = {
  voiceId: "Xiaoxiao (bright)",
  displayName: "Xiaoxiao (bright)",
  shared: true,
  state: "other",
  stateRaw: "PREVIEW_ONLY",
  usable: true,
};

const noSize: TtsPrice = {
  unit: "characters",
  points: "2",
  estimable: false,
  unavailable: "noBlockSize",
  raw: '{"unit":"characters","points":2}',
};

describe("tolerant reading on the Voices screen", () => {
  it("flags an unrecognised state as sent, in both languages, and keeps the voice selectable", () => {
    expect(voiceUsable(odd, Date.now())).toBe(true);
    act(() => render(<StateFlag voice={odd} />, root));
    const flag = root.querySelector("[data-testid=voice-state-unrecognised]");
    expect(flag?.textContent).toBe("State 'PREVIEW_ONLY' not recognised — the platform decides");
    act(() => applyLocale("zh-CN"));
    act(() => render(<StateFlag voice={{ ...odd }} />, root));
    expect(root.textContent).toContain("状态“PREVIEW_ONLY”无法识别——由平台决定");
    act(() => render(<StateFlag voice={{ ...odd, state: "active", stateRaw: "ACTIVE" }} />, root));
    expect(root.querySelector("[data-testid=voice-state-unrecognised]")).toBeNull();
  });

  it("says there is no estimate when the price block has no size, and shows no total", () => {
    const estimate: CostEstimate = { inputCharacters: 300, unavailable: "noBlockSize" };
    act(() => render(<EstimateView estimate={estimate} price={noSize} pending={false} />, root));
    const el = findIn(root, "[data-testid=tts-estimate]");
    expect(el.getAttribute("data-total")).toBe("");
    expect(root.querySelector("[data-testid=tts-estimate-unavailable]")?.textContent).toContain("No estimate: the price block has no size");
    expect(root.textContent).not.toMatch(/≈/);
    expect(priceLabel(noSize)).toBe("2 points per block of characters (block size not given)");
  });

  it("shows a price it cannot read as it was sent", () => {
    const raw = '{"text":"2 points per 100 characters"}';
    const price: TtsPrice = { unit: "", estimable: false, unavailable: "unreadablePrice", raw };
    expect(priceLabel(price)).toBe(`Price as sent: ${raw}`);
    const estimate: CostEstimate = { inputCharacters: 5, unavailable: "unreadablePrice" };
    act(() => render(<EstimateView estimate={estimate} price={price} pending={false} />, root));
    expect(root.textContent).toContain("No estimate: the price isn't in a form this app can read");
  });
});
