// #26 item 8: the hint under the text to speak says in plain words what the cost is
// counted in, and speaks of Chinese characters only when the text has some.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { SpeechTextField } from "../../src/features/voices/SpeechTextField";
import { applyLocale } from "../../src/i18n";
import type { CharacterCounting } from "../../src/ipc";
import { mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

const unknown: CharacterCounting = { rule: "codePoints", cjkWeight: 1, othersConfirmed: false, cjkCharacters: 0, countedCharacters: 5 };
const learnedTwo: CharacterCounting = {
  rule: "learned",
  cjkWeight: 2,
  learnedFrom: "2026-11-30T09:15:00.000Z",
  othersConfirmed: false,
  cjkCharacters: 0,
  countedCharacters: 5,
};

function show(text: string, counting: CharacterCounting | null) {
  act(() =>
    render(
      <SpeechTextField
        id="t"
        text={text}
        count={[...text].length}
        max={9999}
        tooLong={false}
        blank={false}
        counting={counting}
        onText={() => {}}
      />,
      root,
    ),
  );
  return root.querySelector("[data-testid=tts-count-hint]")?.textContent ?? "";
}

const ENGINEER_WORDS = /Unicode|code point|configuration counts a Chinese character is known/i;

describe("the cost hint under the text", () => {
  it("says nothing of Chinese characters for English text, in plain words", () => {
    for (const counting of [null, unknown, learnedTwo]) {
      const hint = show("Hello, narrator 👋", counting);
      expect(hint).not.toMatch(/Chinese/);
      expect(hint).not.toMatch(ENGINEER_WORDS);
      expect(hint).toBe("The cost is counted in characters (an emoji is one).");
    }
    act(() => applyLocale("zh-CN"));
    const hint = show("Hello, narrator 👋", null);
    expect(hint).not.toMatch(/汉字|Unicode/);
    expect(hint).toBe("费用按字符数计算（一个表情算一个字符）。");
  });

  it("names what a Chinese character counts once a clip has shown it, still in plain words", () => {
    // Before a receipt shows it, the estimate's caveat line says what a Chinese character may
    // cost; the hint stays one sentence, so typing Chinese moves nothing below it.
    const hint = show("Hello 你好", null);
    expect(hint).not.toMatch(ENGINEER_WORDS);
    expect(hint).toBe("The cost is counted in characters (an emoji is one).");
    expect(show("こんにちは", unknown)).toBe("The cost is counted in characters (an emoji is one).");
    expect(show("Hello 你好", learnedTwo)).toBe("Here a Chinese character counts as 2 characters (seen in your clip of Nov 30, 2026).");
    act(() => applyLocale("zh-CN"));
    expect(show("你好", null)).toBe("费用按字符数计算（一个表情算一个字符）。");
    expect(show("你好", learnedTwo)).toBe("这里一个汉字按 2 个字符计（见您 2026年11月30日 的音频）。");
  });
});
