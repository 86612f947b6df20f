import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { EstimateView } from "../../src/features/voices/Cost";
import { SpeechTextField } from "../../src/features/voices/SpeechTextField";
import { applyLocale } from "../../src/i18n";
import type { CharacterCounting, CostEstimate, TtsPrice } from "../../src/ipc";
import { mountRoot } from "../support/dom";

// The platform's catalog has no counting rule: what a configuration does with a Chinese
// character is learned from its receipts, and until then the estimate says it may be more.

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

const price: TtsPrice = { unit: "characters", unitSize: "100", points: "3", estimable: true, raw: "" };

const unknown: CharacterCounting = {
  rule: "codePoints",
  cjkWeight: 1,
  othersConfirmed: false,
  cjkCharacters: 66,
  countedCharacters: 66,
};
const learnedTwo: CharacterCounting = {
  rule: "learned",
  cjkWeight: 2,
  learnedFrom: "2026-11-30T09:15:00.000Z",
  othersConfirmed: false,
  cjkCharacters: 66,
  countedCharacters: 132,
};
const learnedOne: CharacterCounting = { ...learnedTwo, cjkWeight: 1, countedCharacters: 66 };

function field(counting: CharacterCounting | null) {
  return <SpeechTextField id="t" text="你好" count={2} max={9999} tooLong={false} blank={false} counting={counting} onText={() => {}} />;
}

const hint = () => root.querySelector("[data-testid=tts-count-hint]")?.textContent ?? "";

describe("the counting rule under the text", () => {
  it("claims code points only where a receipt showed them, in both languages", () => {
    // Unknown: the hint claims no count for a Chinese character (the estimate's caveat says
    // what it may cost).
    act(() => render(field(null), root));
    expect(hint()).toBe("The cost is counted in characters (an emoji is one).");
    act(() => render(field(unknown), root));
    expect(hint()).toBe("The cost is counted in characters (an emoji is one).");
    act(() => render(field(learnedTwo), root));
    expect(hint()).toBe("Here a Chinese character counts as 2 characters (seen in your clip of Nov 30, 2026).");
    act(() => render(field(learnedOne), root));
    expect(hint()).toContain("a Chinese character or an emoji counts as one character (seen in your clip of Nov 30, 2026)");

    act(() => applyLocale("zh-CN"));
    act(() => render(field(learnedTwo), root));
    expect(hint()).toBe("这里一个汉字按 2 个字符计（见您 2026年11月30日 的音频）。");
    act(() => render(field(unknown), root));
    expect(hint()).toBe("费用按字符数计算（一个表情算一个字符）。");
  });
});

describe("the estimate with Chinese text", () => {
  const before: CostEstimate = {
    inputCharacters: 66,
    blocks: 1,
    synthesisPoints: "3",
    totalPoints: "3",
    possibleTotalPoints: "6",
    counting: unknown,
  };
  const after: CostEstimate = { inputCharacters: 66, blocks: 2, synthesisPoints: "6", totalPoints: "6", counting: learnedTwo };

  it("shows the code-point total and, beside it, how much more it may be until a clip tells", () => {
    act(() => render(<EstimateView estimate={before} price={price} pending={false} />, root));
    expect(root.querySelector("[data-testid=tts-estimate]")?.getAttribute("data-total")).toBe("3");
    expect(root.querySelector("[data-testid=tts-estimate-total]")?.textContent).toBe("≈ 3 points · possibly up to 6 points");
    expect(root.querySelector("[data-testid=tts-estimate-caveat]")?.textContent).toBe(
      "Up to 6 points if a Chinese character counts 2 here (an assumption until a clip shows it).",
    );
    act(() => applyLocale("zh-CN"));
    act(() => render(<EstimateView estimate={{ ...before }} price={price} pending={false} />, root));
    expect(root.querySelector("[data-testid=tts-estimate-total]")?.textContent).toBe("约 3 积分 · 最多可能 6 积分");
    expect(root.querySelector("[data-testid=tts-estimate-caveat]")?.textContent).toBe(
      "若这里一个汉字按 2 个字符计（假设，待一段音频确认），最多 6 积分。",
    );
  });

  it("counts with a learned weight and says so, without a caveat", () => {
    act(() => render(<EstimateView estimate={after} price={price} pending={false} />, root));
    expect(root.querySelector("[data-testid=tts-estimate-total]")?.textContent).toBe("≈ 6 points");
    expect(root.querySelector("[data-testid=tts-estimate-caveat]")).toBeNull();
    expect(root.querySelector("[data-testid=tts-estimate-synthesis]")?.textContent).toBe(
      "132 characters (66 Chinese × 2) → 2 × 100-character block = 6 points",
    );
    act(() => applyLocale("zh-CN"));
    act(() => render(<EstimateView estimate={{ ...after }} price={price} pending={false} />, root));
    expect(root.querySelector("[data-testid=tts-estimate-synthesis]")?.textContent).toBe(
      "132 个字符（66 个汉字 × 2），按每 100 字符计 2 份 = 6 积分",
    );
  });
});
