import { describe, expect, it } from "vitest";

import { IncrementalMarkdown, isOpenableLink, parseBlocks, parseInline } from "../../src/features/chat/markdown";

describe("parseBlocks", () => {
  it("reads the blocks replies use", () => {
    const text = [
      "# Title",
      "",
      "A paragraph",
      "over two lines.",
      "",
      "- one",
      "  - nested",
      "- two",
      "",
      "3. three",
      "4. four",
      "",
      "> quoted",
      "> more",
      "",
      "---",
      "",
      "```rust",
      "fn main() {}",
      "```",
    ].join("\n");
    const blocks = parseBlocks(text);
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "list", "list", "quote", "rule", "code"]);
    expect(blocks[0]).toMatchObject({ kind: "heading", level: 1, text: "Title" });
    expect(blocks[1]).toMatchObject({ text: "A paragraph\nover two lines." });
    expect(blocks[2]).toMatchObject({
      ordered: false,
      items: [
        { depth: 0, text: "one" },
        { depth: 1, text: "nested" },
        { depth: 0, text: "two" },
      ],
    });
    expect(blocks[3]).toMatchObject({ ordered: true, first: 3, items: [{ text: "three" }, { text: "four" }] });
    expect(blocks[4]).toMatchObject({ kind: "quote", text: "quoted\nmore" });
    expect(blocks[6]).toMatchObject({ kind: "code", lang: "rust", code: "fn main() {}", closed: true });
  });

  it("keeps an unclosed fence open to the end, as a streaming reply has it", () => {
    const blocks = parseBlocks("Intro\n\n```py\nprint(1)\n# not a heading");
    expect(blocks).toHaveLength(2);
    expect(blocks[1]).toMatchObject({ kind: "code", lang: "py", code: "print(1)\n# not a heading", closed: false });
  });

  it("treats HTML as text, not markup", () => {
    const blocks = parseBlocks("<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>");
    expect(blocks).toEqual([
      { kind: "paragraph", start: 0, text: "<script>alert(1)</script>" },
      { kind: "paragraph", start: 27, text: "<img src=x onerror=alert(1)>" },
    ]);
  });

  it("accepts CRLF line ends", () => {
    expect(parseBlocks("# A\r\n\r\ntext\r\n")).toMatchObject([
      { kind: "heading", text: "A" },
      { kind: "paragraph", text: "text" },
    ]);
  });
});

describe("parseInline", () => {
  it("reads code, strong, emphasis and links", () => {
    expect(parseInline("a `b*c*` **bold *it*** [site](https://example.com/x) _e_")).toEqual([
      { kind: "text", text: "a " },
      { kind: "code", text: "b*c*" },
      { kind: "text", text: " " },
      { kind: "strong", children: [{ kind: "text", text: "bold " }, { kind: "em", children: [{ kind: "text", text: "it" }] }] },
      { kind: "text", text: " " },
      { kind: "link", text: "site", href: "https://example.com/x" },
      { kind: "text", text: " " },
      { kind: "em", children: [{ kind: "text", text: "e" }] },
    ]);
  });

  it("leaves unclosed markers, snake_case and arithmetic as they are", () => {
    expect(parseInline("**open and `tick")).toEqual([{ kind: "text", text: "**open and `tick" }]);
    expect(parseInline("snake_case_name")).toEqual([{ kind: "text", text: "snake_case_name" }]);
    expect(parseInline("2 * 3 * 4")).toEqual([{ kind: "text", text: "2 * 3 * 4" }]);
  });

  it("turns bare https URLs into links without the trailing punctuation", () => {
    expect(parseInline("see https://example.com/a.")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "https://example.com/a", href: "https://example.com/a" },
      { kind: "text", text: "." },
    ]);
  });

  it("honours backslash escapes", () => {
    expect(parseInline("\\*not em\\*")).toEqual([{ kind: "text", text: "*not em*" }]);
  });
});

describe("isOpenableLink", () => {
  it.each([
    ["https://example.com/path?q=1", true],
    ["http://example.com", false],
    ["javascript:alert(1)", false],
    ["data:text/html,<script>alert(1)</script>", false],
    ["file:///etc/passwd", false],
    ["https://user:pass@example.com", false],
    ["//example.com", false],
    ["not a url", false],
  ])("%s → %s", (href, ok) => {
    expect(isOpenableLink(href)).toBe(ok);
  });
});

// ---------- the incremental reader ----------

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Replies made of the pieces where block boundaries are hard: lists that start with a
 * digit, fences, headings right after paragraphs, blank lines inside lists. */
function reply(seed: number): string {
  const rand = mulberry32(seed);
  const pieces = [
    "Some words here.\n",
    "more words\n",
    "\n",
    "## Heading\n",
    "- item\n",
    "  - nested item\n",
    "12. numbered\n",
    "2\n",
    "```js\nconst a = 1;\n```\n",
    "```\nunclosed\n",
    "> quote\n",
    "---\n",
    "***\n",
    "**bold** and `code`\n",
    "   continuation\n",
    "~~~\ntilde\n~~~\n",
  ];
  let out = "";
  const n = 10 + Math.floor(rand() * 40);
  for (let i = 0; i < n; i++) out += pieces[Math.floor(rand() * pieces.length)];
  return out;
}

describe("IncrementalMarkdown", () => {
  it("reads a streamed reply exactly as a whole read would, however it is chunked", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const text = reply(seed);
      const rand = mulberry32(seed * 7919);
      const reader = new IncrementalMarkdown();
      let at = 0;
      while (at < text.length) {
        at = Math.min(text.length, at + 1 + Math.floor(rand() * 12));
        const prefix = text.slice(0, at);
        expect(reader.update(prefix, true), `seed ${seed}, ${at} chars`).toEqual(parseBlocks(prefix));
      }
    }
  });

  it("keeps the identity of blocks that did not change", () => {
    const reader = new IncrementalMarkdown();
    const first = reader.update("# A\n\nparagraph one\n\npara", true);
    const second = reader.update("# A\n\nparagraph one\n\nparagraph two", true);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
    expect(second[2]).toMatchObject({ text: "paragraph two" });
  });

  it("reads everything again when the text is not an extension of the last one", () => {
    const reader = new IncrementalMarkdown();
    reader.update("# Old title\n\nbody", true);
    // Same length class, different start: an edited or replaced reply.
    expect(reader.update("# New title\n\nbody and more", false)).toEqual(parseBlocks("# New title\n\nbody and more"));
    // Shorter: a reply restarted by a retry.
    expect(reader.update("Fresh", true)).toEqual(parseBlocks("Fresh"));
    // Streaming, the start of the text is still compared: a reply restarted in place
    // (a retry that grew past the old length before a render) is read again in full.
    reader.update("# Old title\n\nfirst para\n\nsecond", true);
    expect(reader.update("# New title\n\nfirst para\n\nsecond and more", true)).toEqual(
      parseBlocks("# New title\n\nfirst para\n\nsecond and more"),
    );
    // A change inside the region read again is caught even while streaming.
    reader.update("para one\n\npara two", true);
    expect(reader.update("para one\n\npara TWO!", true)).toEqual(parseBlocks("para one\n\npara TWO!"));
  });
});
