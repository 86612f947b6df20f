import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";

import { ParamsPanel } from "../../src/features/voices/ParamsPanel";
import { applyLocale } from "../../src/i18n";
import type { SpeechLimits, SpeechParams } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

// The speech options as a person meets them: a slider left at "Default" says which value
// that is (volume at 1 of 10 no longer looks muted), and Emotion is a choice, not a text box.

const limits: SpeechLimits = {
  inputMaxChars: 9999,
  speedMin: 0.5,
  speedMax: 2,
  volumeMax: 10,
  pitchMin: -12,
  pitchMax: 12,
  sampleRates: [24000],
  bitrates: [128000],
  audioChannels: [1, 2],
  languageBoosts: [],
};

let root: HTMLElement;
mountRoot((el) => (root = el));
afterEach(() => {
  applyLocale("en");
});

function show(params: SpeechParams, onChange: (p: SpeechParams) => void = () => {}) {
  act(() => render(<ParamsPanel limits={limits} params={params} onChange={onChange} />, root));
}

describe("speech options", () => {
  it("a slider at its default names the default value", () => {
    applyLocale("en");
    show({});
    expect(root.querySelector("[data-testid=param-volume-value]")?.textContent).toBe("Default (1)");
    expect(root.querySelector("[data-testid=param-speed-value]")?.textContent).toBe("Default (1×)");
    applyLocale("zh-CN");
    show({});
    expect(root.querySelector("[data-testid=param-volume-value]")?.textContent).toBe("默认（1）");
  });

  it("Emotion is a choice of named moods in the active language, sent as the documented value", () => {
    applyLocale("zh-CN");
    let sent: SpeechParams | null = null;
    show({}, (p) => (sent = p));
    const select = findIn<HTMLSelectElement>(root, "select[data-testid=param-emotion]");
    const labels = Array.from(select.options).map((o) => o.textContent);
    expect(labels).toContain("开心");
    expect(labels[0]).toBe("默认");
    act(() => {
      select.value = "happy";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(sent).toEqual({ emotion: "happy" });
  });

  it("a value set outside the list stays selectable", () => {
    applyLocale("en");
    show({ emotion: "whispering" });
    const select = findIn<HTMLSelectElement>(root, "select[data-testid=param-emotion]");
    expect(select.value).toBe("whispering");
  });
});
