// #26 item 5 (part): after switching to 中文 the screen-reader live regions hold no English
// sentence from before: what they said is put away with the language it was said in.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { Announcer, announce } from "../../src/components/Announcer";
import { applyLocale } from "../../src/i18n";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

async function settle() {
  await act(async () => new Promise((r) => setTimeout(r, 100)));
}

describe("the live regions and the language switch", () => {
  it("drop the English they said when the language becomes Chinese, and speak Chinese after", async () => {
    act(() => render(<Announcer />, root));
    announce("Couldn't save", "assertive");
    await settle();
    announce("Signed in — Personal");
    await settle();
    expect(findIn(root, "[data-testid=announcer-polite]").textContent).toBe("Signed in — Personal");
    act(() => applyLocale("zh-CN"));
    await settle();
    expect(findIn(root, "[data-testid=announcer-polite]").textContent).toBe("");
    expect(findIn(root, "[data-testid=announcer-assertive]").textContent).toBe("");
    announce("已登录 — Personal");
    await settle();
    expect(findIn(root, "[data-testid=announcer-polite]").textContent).toBe("已登录 — Personal");
  });
});
