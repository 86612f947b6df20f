import { describe, expect, it, vi } from "vitest";

import { IncrementalMarkdown, isOpenableLink, type MdNode, md, parseMarkdown, tokenSignature } from "../../src/features/chat/markdown";
import { EXAMPLES } from "./specExamples";

/** Everything of a tree the renderer reads, without the line maps (relative to a read's start). */
function dump(nodes: MdNode[]): unknown[] {
  return nodes.map((n) => [n.type, n.start, n.end, tokenSignature(n.token), dump(n.children)]);
}

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

/** Feeds `text` in random chunks of 1..maxChunk characters; checks every prefix against a whole read. */
function streamAndCompare(text: string, seed: number, maxChunk: number, label: string) {
  const rand = mulberry32(seed);
  const reader = new IncrementalMarkdown();
  let at = 0;
  while (at < text.length) {
    at = Math.min(text.length, at + 1 + Math.floor(rand() * maxChunk));
    const prefix = text.slice(0, at);
    expect(dump(reader.update(prefix, true)), `${label}, ${at} chars`).toEqual(dump(parseMarkdown(prefix)));
  }
}

describe("parseMarkdown", () => {
  it("reads the blocks replies use, GFM included", () => {
    const blocks = parseMarkdown(
      "# Title\n\nA *paragraph* ~~old~~\n\n- [x] done\n- [ ] todo\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n```rust\nfn main() {}\n```\n",
    );
    expect(blocks.map((b) => b.type)).toEqual(["heading", "paragraph", "bullet_list", "table", "fence"]);
    expect(blocks[2].children.map((item) => item.token.meta)).toEqual([{ task: "done" }, { task: "open" }]);
    expect(blocks[4].token.content).toBe("fn main() {}\n");
  });

  it("reads raw HTML as text, not markup", () => {
    const [p] = parseMarkdown("<script>alert(1)</script>");
    expect(p.type).toBe("paragraph");
    expect(p.children[0].children.map((n) => [n.type, n.token.content])).toEqual([["text", "<script>alert(1)</script>"]]);
  });

  it("gives each block the offsets of its lines, CRLF and CR included", () => {
    const text = "# A\r\n\r\ntext\rmore\n\n- x\n";
    expect(parseMarkdown(text).map((b) => [b.type, b.start, b.end])).toEqual([
      ["heading", 0, 5],
      ["paragraph", 7, 17],
      ["bullet_list", 18, 22],
    ]);
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

/** Replies made of the pieces where block boundaries are hard: lists that start with a
 * digit, fences, setext underlines, tables, loose and tight lists, late references. */
function reply(seed: number): string {
  const rand = mulberry32(seed);
  const pieces = [
    "Some words here.\n",
    "more words\n",
    "\n",
    "## Heading\n",
    "- item\n",
    "- item two\n",
    "  - nested item\n",
    "    ```\n    code in item\n    ```\n",
    "12. numbered\n",
    "13) other delimiter\n",
    "2\n",
    "```js\nconst a = 1;\n```\n",
    "```\nunclosed\n",
    "> quote\n",
    "lazy continuation\n",
    "---\n",
    "===\n",
    "***\n",
    "**bold** and `code` [ref]\n",
    "[ref]: https://example.com/ref\n",
    "   continuation\n",
    "    indented code\n",
    "| a | b |\n|---|:-:|\n",
    "| 1 | 2 |\n",
    "x | y\n",
    "- [ ] task\n",
    "~~~\ntilde\n~~~\n",
    "* star item\n",
  ];
  let out = "";
  const n = 10 + Math.floor(rand() * 60);
  for (let i = 0; i < n; i++) out += pieces[Math.floor(rand() * pieces.length)];
  return out;
}

describe("IncrementalMarkdown", () => {
  it("reads every spec example streamed in random chunks exactly as a whole read", () => {
    EXAMPLES.forEach((ex, i) => {
      streamAndCompare(ex.markdown, i + 1, 6, `${ex.suite} ${ex.number}`);
    });
  }, 60_000);

  it("reads generated replies streamed in random chunks exactly as a whole read", () => {
    for (let seed = 1; seed <= 200; seed++) streamAndCompare(reply(seed), seed * 7919, 12, `seed ${seed}`);
  }, 120_000);

  it("keeps the identity of blocks that did not change", () => {
    const reader = new IncrementalMarkdown();
    const first = reader.update("# A\n\nparagraph one\n\npara", true);
    const second = reader.update("# A\n\nparagraph one\n\nparagraph two", true);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[2]).not.toBe(first[2]);
  });

  it("reads a long list or table again only from its last item or row", () => {
    const reader = new IncrementalMarkdown();
    let text = "";
    for (let i = 0; i < 50; i++) text += `- item ${i}\n  - sub ${i}\n`;
    const before = reader.update(text, true)[0];
    const after = reader.update(`${text}- item 50`, true)[0];
    expect(after.children).toHaveLength(51);
    // Finished items are the same objects: the renderer skips them.
    expect(after.children.slice(0, 49).every((item, i) => item === before.children[i])).toBe(true);

    const table = new IncrementalMarkdown();
    let rows = "| n | square |\n|---|---:|\n";
    for (let i = 0; i < 50; i++) rows += `| ${i} | ${i * i} |\n`;
    const t1 = table.update(rows, true)[0];
    const t2 = table.update(`${rows}| 50 | 25`, true)[0];
    const body1 = t1.children[1].children;
    const body2 = t2.children[1].children;
    expect(body2).toHaveLength(51);
    expect(body2.slice(0, 49).every((row, i) => row === body1[i])).toBe(true);
  });

  it("re-reads only the unfinished tail per update, even past a long table and a long list", () => {
    let text = "";
    for (let i = 0; i < 300; i++) text += `Paragraph ${i} with [a link](https://example.com/${i}).\n\n`;
    text += "| n | square | note |\n|--:|--:|:--|\n";
    for (let i = 0; i < 800; i++) text += `| ${i} | ${i * i} | row **${i}** |\n`;
    text += "\n## Steps\n\n";
    for (let i = 1; i <= 400; i++) text += `${i}. step ${i}\n   - detail \`${i}\`\n     - more ${i}\n`;
    text += "\nDone.\n";
    const parsed: number[] = [];
    const parse = md.parse.bind(md);
    const blockParse = md.block.parse.bind(md.block);
    vi.spyOn(md, "parse").mockImplementation((src, env) => {
      parsed.push(src.length);
      return parse(src, env);
    });
    vi.spyOn(md.block, "parse").mockImplementation((src, m, env, out) => {
      parsed.push(src.length);
      return blockParse(src, m, env, out);
    });
    const reader = new IncrementalMarkdown();
    let blocks = reader.update(text.slice(0, 200), true);
    // (the first read is of 200 characters; every later one is counted)
    parsed.length = 0;
    for (let at = 216; at <= text.length; at += 16) blocks = reader.update(text.slice(0, at), true);
    blocks = reader.update(text, true);
    const most = Math.max(...parsed);
    vi.restoreAllMocks();
    expect(dump(blocks)).toEqual(dump(parseMarkdown(text)));
    // ~60 KB of text; no update read more than a few rows, items or lines of it.
    expect(text.length).toBeGreaterThan(55_000);
    expect(most).toBeLessThan(400);
  });

  it("turns a tight list loose when a blank line comes between items late", () => {
    const reader = new IncrementalMarkdown();
    let text = "";
    for (let i = 0; i < 10; i++) text += `- item ${i}\n`;
    reader.update(text, true);
    const loose = `${text}\n- item 10\n`;
    expect(dump(reader.update(loose, true))).toEqual(dump(parseMarkdown(loose)));
    expect(reader.update(loose, true)[0].children[0].children[0].token.hidden).toBe(false);
  });

  it("links an earlier [label] when its definition arrives later", () => {
    const reader = new IncrementalMarkdown();
    const early = "See [docs].\n\nMore text.\n\n";
    reader.update(early, true);
    const full = `${early}[docs]: https://example.com/docs\n`;
    const blocks = reader.update(full, true);
    expect(dump(blocks)).toEqual(dump(parseMarkdown(full)));
    expect(blocks[0].children[0].children.some((n) => n.type === "link")).toBe(true);
  });

  it("reads everything again when the text is not an extension of the last one", () => {
    const reader = new IncrementalMarkdown();
    reader.update("# Old title\n\nbody", true);
    const same = (text: string, grows: boolean) => expect(dump(reader.update(text, grows))).toEqual(dump(parseMarkdown(text)));
    // An edited or replaced reply.
    same("# New title\n\nbody and more", false);
    // Shorter: a reply restarted by a retry.
    same("Fresh", true);
    // Streaming, the start of the text is still compared: a reply restarted in place
    // (a retry that grew past the old length before a render) is read again in full.
    reader.update("# Old title\n\nfirst para\n\nsecond", true);
    same("# New title\n\nfirst para\n\nsecond and more", true);
    // A change inside the region read again is caught even while streaming.
    reader.update("para one\n\npara two", true);
    same("para one\n\npara TWO!", true);
  });
});
