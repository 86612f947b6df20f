import { render } from "preact";
import { act } from "preact/test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

// The core is not here: the one IPC call the renderer makes is observed instead.
const opened: string[] = [];
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    openExternalLink: (url: string) => {
      opened.push(url);
      return Promise.resolve();
    },
  }),
);

const { Markdown } = await import("../../src/features/chat/Markdown");

let root: HTMLElement;
mountRoot((el) => (root = el));

function show(text: string, streaming = false) {
  act(() => render(<Markdown text={text} streaming={streaming} />, root));
  return root;
}

beforeEach(() => {
  opened.length = 0;
});

describe("<Markdown>", () => {
  it("shows model HTML as text and creates no elements from it", () => {
    const el = show('<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned = 2">\n\n<a href="javascript:alert(1)">x</a>');
    expect(el.querySelector("script, img, a, iframe")).toBeNull();
    expect(el.textContent).toContain("<script>window.pwned = 1</script>");
    expect(el.textContent).toContain('<img src=x onerror="window.pwned = 2">');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it("offers https links as buttons that ask the core, and nothing else as a link", () => {
    const el = show(
      "[docs](https://example.com/docs) and [bad](javascript:alert(1)) and [plain](http://example.com/x) and [creds](https://u:p@example.com/)",
    );
    expect(el.querySelector("a")).toBeNull();
    const buttons = [...el.querySelectorAll<HTMLButtonElement>("button.md-link")];
    expect(buttons.map((b) => b.dataset.href)).toEqual(["https://example.com/docs"]);
    // A javascript: target is not even a link to the parser: it stays the text it was.
    expect(el.textContent).toContain("[bad](javascript:alert(1))");
    expect(el.textContent).toContain("plain (http://example.com/x)");
    expect(el.textContent).toContain("creds (https://u:p@example.com/)");
    // Nothing is opened until a click, and the click goes through the core.
    expect(opened).toEqual([]);
    act(() => buttons[0].click());
    expect(opened).toEqual(["https://example.com/docs"]);
  });

  it("makes links of bare URLs as GFM does, not of file names", () => {
    const el = show("Run main.py, see https://example.com/docs. or www.example.com/help, mail a@example.com");
    expect([...el.querySelectorAll<HTMLButtonElement>("button.md-link")].map((b) => b.dataset.href)).toEqual(["https://example.com/docs"]);
    // www. links are http:// in GFM: shown as their text, not offered; main.py is no link at all.
    expect(el.textContent).toContain("Run main.py, see https://example.com/docs. or www.example.com/help, mail a@example.com");
    expect(el.querySelectorAll(".md-link-text")).toHaveLength(2);
  });

  it("shows bidi controls in a link target escaped in its tooltip", () => {
    const el = show("[invoice](https://example.com/\u202Efdp.exe)");
    const button = findIn<HTMLButtonElement>(el, "button.md-link");
    expect(button.title).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(button.title).toContain("%E2%80%AEfdp.exe");
  });

  it("never fetches an image: shows its alt text and its link", () => {
    const el = show("![a chart](https://example.com/chart.png) and ![local](/x.png)");
    expect(el.querySelector("img")).toBeNull();
    const images = [...el.querySelectorAll(".md-image")];
    expect(images.map((i) => i.textContent)).toEqual(["Image: a chart https://example.com/chart.png", "Image: local /x.png"]);
    const link = findIn<HTMLButtonElement>(images[0], "button.md-link");
    expect(opened).toEqual([]);
    act(() => link.click());
    expect(opened).toEqual(["https://example.com/chart.png"]);
    expect(images[1].querySelector("button")).toBeNull();
  });

  it("renders GFM tables in a scroll frame, with alignment, strikethrough and read-only task lists", () => {
    const el = show("| Name | Points |\n|:--|--:|\n| ~~old~~ new | 30 |\n\n- [x] done\n- [ ] todo");
    const frame = findIn(el, ".md-table-wrap");
    // A named section: a region, which a keyboard can focus to scroll.
    expect(frame.tagName).toBe("SECTION");
    expect(frame.getAttribute("aria-label")).toBeTruthy();
    expect(frame.tabIndex).toBe(0);
    expect([...frame.querySelectorAll("th")].map((th) => [th.textContent, th.className])).toEqual([
      ["Name", "md-al-left"],
      ["Points", "md-al-right"],
    ]);
    expect(findIn(frame, "td del").textContent).toBe("old");
    const boxes = [...el.querySelectorAll<HTMLInputElement>("li.md-task input[type=checkbox]")];
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect([...el.querySelectorAll("li.md-task")].map((li) => li.textContent.trim())).toEqual(["done", "todo"]);
  });

  it("keeps a nested list and a code block inside their list item", () => {
    const el = show("1. Install:\n\n   ```sh\n   npm ci\n   ```\n\n   - then run\n     - `npm test`\n2. Done");
    const items = el.querySelectorAll("ol > li");
    expect(items).toHaveLength(2);
    expect(findIn(items[0], '[data-testid="md-code-block"] code').textContent).toBe("npm ci\n");
    expect(findIn(items[0], "ul > li > ul > li code").textContent).toBe("npm test");
  });

  it("renders headings as headings for screen readers, lists as lists", () => {
    const el = show("# Plan\n\n1. first\n2. second\n\n- a\n- b");
    // Two levels below the screen's and the conversation's titles.
    const heading = findIn(el, "h3");
    expect(heading.textContent).toBe("Plan");
    expect([...el.querySelectorAll("ol > li")].map((li) => li.textContent)).toEqual(["first", "second"]);
    expect([...el.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["a", "b"]);
  });

  it("updates in place while streaming and keeps finished blocks' elements", () => {
    let el = show("First paragraph.\n\nSec", true);
    const first = findIn(el, "p");
    expect(el.querySelector(".md-caret")).not.toBeNull();
    el = show("First paragraph.\n\nSecond paragraph.", true);
    expect(el.querySelector("p")).toBe(first);
    expect([...el.querySelectorAll("p")].map((p) => p.textContent)).toEqual(["First paragraph.", "Second paragraph."]);
    el = show("First paragraph.\n\nSecond paragraph.", false);
    expect(el.querySelector(".md-caret")).toBeNull();
  });

  it("shows a replaced text in full, not spliced onto the old one", () => {
    show("# Old\n\nold body\n\nmore", true);
    const el = show("Completely new reply, longer than the old", true);
    expect(el.textContent).toBe("Completely new reply, longer than the old");
  });
});
