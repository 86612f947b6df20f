import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import { isLoaded, languageFor, readHighlighted } from "../../src/features/chat/highlight";
import { Markdown } from "../../src/features/chat/Markdown";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot((el) => (root = el));

function show(text: string, streaming = false) {
  act(() => render(<Markdown text={text} streaming={streaming} />, root));
  return root;
}

describe("readHighlighted", () => {
  it("makes spans only of highlight.js's own span tags; any other markup is text", () => {
    expect(readHighlighted('<span class="hljs-keyword">if</span> a &lt; b &amp;&amp; <b onclick="x">c</b>')).toEqual([
      { cls: "hljs-keyword", children: ["if"] },
      ' a < b && <b onclick="x">c</b>',
    ]);
    expect(readHighlighted('<span class="x" onclick="y">z</span>')).toEqual(['<span class="x" onclick="y">z']);
  });
});

describe("code highlighting", () => {
  it("names languages by their usual labels and loads none up front", () => {
    expect([languageFor("ts"), languageFor("Rust"), languageFor("sh"), languageFor("html"), languageFor("klingon")]).toEqual([
      "typescript",
      "rust",
      "bash",
      "xml",
      null,
    ]);
    // Nothing is loaded before a reply needs it (the languages are chunks of their own).
    expect(isLoaded("python")).toBe(false);
  });

  it("highlights a finished block once its language has loaded, keeping the code's text", async () => {
    const code = 'def greet(name):\n    return f"hi {name}"  # say hi\n';
    const el = show(`\`\`\`python\n${code}\`\`\`\n`);
    const block = findIn(el, '[data-testid="md-code-block"]');
    await vi.waitFor(() => expect(block.getAttribute("data-highlighted")).toBe("python"));
    expect(findIn(block, ".md-pre__lang").textContent).toBe("python");
    expect(findIn(block, "code .hljs-keyword").textContent).toBe("def");
    expect(findIn(block, "code .hljs-comment").textContent).toBe("# say hi");
    expect(findIn(block, "code").textContent).toBe(code);
  });

  it("shows a block that is still streaming as plain text and highlights it when the reply ends", async () => {
    const text = "Intro\n\n```ts\nconst a: number = 1;\n";
    let el = show(text, true);
    const block = () => findIn(el, '[data-testid="md-code-block"]');
    await new Promise((r) => setTimeout(r, 50));
    expect(block().querySelector("code span")).toBeNull();
    el = show(`${text}\`\`\``, false);
    await vi.waitFor(() => expect(block().querySelector("code .hljs-keyword")).not.toBeNull());
  });

  it("turns code that looks like HTML into highlighted text, never into elements", async () => {
    const code = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>\n';
    const el = show(`\`\`\`html\n${code}\`\`\`\n`);
    const block = findIn(el, '[data-testid="md-code-block"]');
    await vi.waitFor(() => expect(block.getAttribute("data-highlighted")).toBe("xml"));
    expect(block.querySelector("img, script")).toBeNull();
    expect([...block.querySelectorAll("code *")].every((n) => n.tagName === "SPAN")).toBe(true);
    expect(findIn(block, "code").textContent).toBe(code);
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });
});
