import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The core is not here: the one IPC call the renderer makes is observed instead.
const opened: string[] = [];
vi.mock("../../src/ipc", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/ipc")>();
  return {
    ...real,
    openExternalLink: (url: string) => {
      opened.push(url);
      return Promise.resolve();
    },
  };
});

const { Markdown } = await import("../../src/features/chat/Markdown");

let root: HTMLElement;

function show(text: string, streaming = false) {
  act(() => render(<Markdown text={text} streaming={streaming} />, root));
  return root;
}

beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
  opened.length = 0;
});

afterEach(() => {
  act(() => render(null, root));
  root.remove();
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
    const el = show("[docs](https://example.com/docs) and [bad](javascript:alert(1)) and [file](file:///etc/passwd)");
    expect(el.querySelector("a")).toBeNull();
    const buttons = [...el.querySelectorAll<HTMLButtonElement>("button.md-link")];
    expect(buttons.map((b) => b.dataset.href)).toEqual(["https://example.com/docs"]);
    expect(el.textContent).toContain("bad (javascript:alert(1))");
    expect(el.textContent).toContain("file (file:///etc/passwd)");
    act(() => buttons[0]!.click());
    expect(opened).toEqual(["https://example.com/docs"]);
  });

  it("renders code blocks with their language and a copy button, code as text", () => {
    const el = show("```html\n<b>not bold</b>\n```");
    const block = el.querySelector('[data-testid="md-code-block"]')!;
    expect(block.querySelector(".md-pre__lang")!.textContent).toBe("html");
    expect(block.querySelector("code")!.textContent).toBe("<b>not bold</b>");
    expect(block.querySelector("b")).toBeNull();
    expect(block.querySelector("button.md-pre__copy")!.getAttribute("aria-label")).toBeTruthy();
  });

  it("renders headings as headings for screen readers, lists as lists", () => {
    const el = show("# Plan\n\n1. first\n2. second\n\n- a\n- b");
    const heading = el.querySelector('[role="heading"]')!;
    expect(heading.textContent).toBe("Plan");
    expect(heading.getAttribute("aria-level")).toBe("3");
    expect([...el.querySelectorAll("ol > li")].map((li) => li.textContent)).toEqual(["first", "second"]);
    expect([...el.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["a", "b"]);
  });

  it("updates in place while streaming and keeps finished blocks' elements", () => {
    let el = show("First paragraph.\n\nSec", true);
    const first = el.querySelector("p")!;
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
