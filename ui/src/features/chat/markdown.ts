// Reads a reply's Markdown with markdown-it (CommonMark 0.31.2 plus the GFM tables,
// strikethrough, task lists and autolinks), raw HTML off, so HTML in a reply is text. It
// produces a tree of markdown-it tokens; the renderer (Markdown.tsx) turns the tree into
// Preact elements, so model output is always text, never HTML (T4).
//
// Streaming: while a reply grows, only its unfinished tail is parsed again. Blocks before
// the last one are finished (a block ends when the next one starts, and nothing in
// CommonMark looks back), except that the last block's first line may still be growing
// ("2" becoming "2. item"), so then the block before it is read again too, and so is the
// gap before the block read again (link reference definitions make no block and can still
// change). A long list or table among those is not read again whole: only from its last
// item or row. Link reference definitions are the one thing that reaches back (`[foo]`
// early, `[foo]: /url` late): when the definitions in force change, the whole reply is read
// again. Finished blocks, items and rows keep their object identity, which the renderer
// memoizes on.

import type { Env, Token } from "markdown-it";

import { md } from "./markdownParser";

export { markdownParser, md } from "./markdownParser";

/** One node of the parsed tree: an open/close token pair with what is between, or a leaf. */
export interface MdNode {
  /** The token type without `_open`: "paragraph", "bullet_list", "fence", "text", … */
  type: string;
  token: Token;
  children: MdNode[];
  /** Offsets in the whole text of the node's first line and of the line after it (block nodes). */
  start: number;
  end: number;
}

/** A top-level block. Finished blocks keep their identity from one update to the next. */
export type Block = MdNode;

type References = NonNullable<Env["references"]>;

/** Offsets of each line's start in `text` from `from` (CR, LF and CRLF end a line). */
function lineStarts(text: string, from: number): number[] {
  const starts = [from];
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i += 1;
      starts.push(i + 1);
    }
  }
  return starts;
}

function inlineTree(tokens: Token[]): MdNode[] {
  const root: MdNode[] = [];
  const stack: MdNode[][] = [root];
  for (const token of tokens) {
    const top = stack[stack.length - 1];
    if (token.nesting === 1) {
      const node: MdNode = { type: token.type.slice(0, -5), token, children: [], start: 0, end: 0 };
      top.push(node);
      stack.push(node.children);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else {
      top.push({ type: token.type, token, children: token.children ? inlineTree(token.children) : [], start: 0, end: 0 });
    }
  }
  return root;
}

/** Turns block tokens into a tree; `line(n)` gives the offset of line n of the parsed source. */
function blockTree(tokens: Token[], line: (n: number) => number): MdNode[] {
  const root: MdNode[] = [];
  const stack: MdNode[][] = [root];
  for (const token of tokens) {
    const top = stack[stack.length - 1];
    const start = token.map ? line(token.map[0]) : 0;
    const end = token.map ? line(token.map[1]) : 0;
    if (token.nesting === 1) {
      const node: MdNode = { type: token.type.slice(0, -5), token, children: [], start, end };
      top.push(node);
      stack.push(node.children);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else {
      const children = token.type === "inline" && token.children ? inlineTree(token.children) : [];
      top.push({ type: token.type, token, children, start, end });
    }
  }
  return root;
}

interface Parsed {
  blocks: Block[];
  /** The link reference definitions in force, as one comparable string. */
  labels: string;
}

function definitions(refs: References): string {
  return JSON.stringify(Object.entries(refs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Parses `text` from `from` (a line start) with the references defined before it. `prefix`
 * lines (a table's header and delimiter row) are read first as if they stood right before
 * `from`; their nodes get the offset `from`.
 */
function parseAt(text: string, from: number, references: References, prefix = ""): Parsed {
  const env: Env = { references: { ...references } };
  const tokens = md.parse(prefix + text.slice(from), env);
  const starts = lineStarts(text, from);
  const skip = prefix === "" ? 0 : prefix.split("\n").length - 1;
  const line = (n: number) => {
    const i = n - skip;
    if (i <= 0) return from;
    return i < starts.length ? starts[i] : text.length;
  };
  return { blocks: blockTree(tokens, line), labels: definitions(env.references ?? {}) };
}

/** Parses the whole text at once (what a finished reply shows). */
export function parseMarkdown(text: string): Block[] {
  return parseAt(text, 0, {}).blocks;
}

/** Whether the line that starts at `at` is complete (a CR at the very end may become CRLF). */
function lineDone(text: string, at: number): boolean {
  const nl = text.indexOf("\n", at);
  const cr = text.indexOf("\r", at);
  return nl !== -1 || (cr !== -1 && cr < text.length - 1);
}

/** Whether a list's paragraphs are shown as paragraphs (loose), not (tight), or it has none. */
function looseness(list: MdNode): "tight" | "loose" | "none" {
  for (const item of list.children)
    for (const child of item.children) if (child.type === "paragraph") return child.token.hidden ? "tight" : "loose";
  return "none";
}

/** What of a token the renderer uses (not its line map, which is relative to where a read began). */
export function tokenSignature(t: Token): string {
  return JSON.stringify([t.type, t.tag, t.content, t.markup, t.info, t.hidden, t.attrs, t.meta]);
}

function sameShape(a: MdNode, b: MdNode): boolean {
  return (
    a.type === b.type &&
    a.start === b.start &&
    a.end === b.end &&
    tokenSignature(a.token) === tokenSignature(b.token) &&
    a.children.length === b.children.length &&
    a.children.every((c, i) => sameShape(c, b.children[i]))
  );
}

/** Characters at the start of the text compared on every update, a cheap guard. */
const HEAD_CHECK = 256;
/** A last list or table with at least this many items or rows is read again from its last one. */
const SPLIT_MIN = 4;

/** Keeps the blocks of a growing text; only the unfinished tail is read again. */
export class IncrementalMarkdown {
  private text = "";
  private blocks: Block[] = [];
  /** The link reference definitions the current blocks were read with. */
  private labels = "";
  /** Offset up to which references are collected in `committedRefs`; only moves forward. */
  private committedEnd = 0;
  private committedRefs: References = {};

  /**
   * The blocks of `text`. `grows` is the caller's word that `text` is the previous text
   * with more appended (a streaming reply): then only the start of the text and the part
   * read again are compared, not the whole prefix. Without it (or when the text got
   * shorter) the whole prefix is compared, and any change reads everything again.
   */
  update(text: string, grows = false): Block[] {
    if (text === this.text) return this.blocks;
    const old = this.text;
    const n = this.blocks.length;
    if (n > 0 && text.length > old.length) {
      const last = this.blocks[n - 1];
      const k = lineDone(old, last.start) || n < 2 ? n - 1 : n - 2;
      const from = this.gapBefore(k);
      const extended = grows
        ? text.slice(0, Math.min(HEAD_CHECK, from)) === old.slice(0, Math.min(HEAD_CHECK, from)) &&
          text.slice(from, old.length) === old.slice(from)
        : text.startsWith(old);
      if (extended) {
        const fresh = this.splitLong(text, k) || this.readFrom(text, k);
        if (fresh) {
          this.blocks = fresh;
          this.text = text;
          return this.blocks;
        }
      }
    }
    return this.readAll(text);
  }

  private readAll(text: string): Block[] {
    const parsed = parseAt(text, 0, {});
    this.blocks = parsed.blocks;
    this.labels = parsed.labels;
    this.committedEnd = 0;
    this.committedRefs = {};
    this.text = text;
    return this.blocks;
  }

  /** Collects the references defined in text up to `to` (a line start at a block boundary). */
  private commit(text: string, to: number) {
    if (to === this.committedEnd) return;
    if (to < this.committedEnd) {
      // Reading again from before the point collected so far: collect from the start.
      this.committedEnd = 0;
      this.committedRefs = {};
    }
    const env: Env = { references: { ...this.committedRefs } };
    md.block.parse(text.slice(this.committedEnd, to), md, env, []);
    this.committedRefs = env.references ?? {};
    this.committedEnd = to;
  }

  /** Null when the read changed a link reference definition: then everything must be read again. */
  private accept(parsed: Parsed): Block[] | null {
    return parsed.labels === this.labels ? parsed.blocks : null;
  }

  /**
   * Where reading block `k` again starts: right after the block before it, so that what
   * lies between (blank lines, and link reference definitions, which make no block and
   * can still change, as when a title line arrives) is read again too.
   */
  private gapBefore(k: number): number {
    return k > 0 ? this.blocks[k - 1].end : 0;
  }

  /** Reads again from block `k`, keeping the blocks before it. */
  private readFrom(text: string, k: number): Block[] | null {
    const from = this.gapBefore(k);
    this.commit(text, from);
    const parsed = this.accept(parseAt(text, from, this.committedRefs));
    if (!parsed) return null;
    const previous = this.blocks.slice(k);
    const fresh = parsed.map((block, i) => {
      // A block that is not the last and did not change keeps its identity.
      const same = i < parsed.length - 1 ? previous.find((o) => o.start === block.start) : undefined;
      return same && sameShape(same, block) ? same : block;
    });
    return this.blocks.slice(0, k).concat(fresh);
  }

  /**
   * Block `k` (the last, or the one before it while the last one's first line grows), when
   * it is a long list or table, is read again from its last item or row (the one before
   * that when the last one's first line is still growing), with whatever follows. Null
   * when that does not apply or the result could differ from reading the whole block.
   */
  private splitLong(text: string, k: number): Block[] | null {
    const block = this.blocks[k];
    if (block.type === "bullet_list" || block.type === "ordered_list") {
      const items = block.children;
      if (items.length < SPLIT_MIN) return null;
      const m = lineDone(this.text, items[items.length - 1].start) ? items.length - 1 : items.length - 2;
      const from = items[m].start;
      this.commit(text, from);
      const parsed = this.accept(parseAt(text, from, this.committedRefs));
      const head = parsed?.[0];
      if (!parsed || !head || head.type !== block.type || head.token.markup !== block.token.markup) return null;
      // Tight or loose is a property of the whole list: bail out when the parts disagree
      // or a blank line before the item read again makes the whole list loose.
      const kept = { ...block, children: items.slice(0, m) };
      const a = looseness(kept);
      const b = looseness(head);
      const blankBefore = /(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)$/.test(text.slice(items[m - 1].start, from));
      if ((a !== "none" && b !== "none" && a !== b) || (blankBefore && (a === "tight" || b === "tight"))) return null;
      const list: Block = { ...block, children: items.slice(0, m).concat(head.children), end: head.end };
      return this.blocks.slice(0, k).concat([list], parsed.slice(1));
    }
    if (block.type === "table") {
      const body = block.children.find((c) => c.type === "tbody");
      if (!body || body.children.length < SPLIT_MIN) return null;
      const rows = body.children;
      const from = rows[rows.length - 1].start;
      if (this.committedEnd < block.start) this.commit(text, block.start);
      // Table rows define no link references (a row is a row, whatever it holds), so the
      // rows before `from` need not be read for them.
      if (this.committedEnd >= block.start && this.committedEnd <= from) this.committedEnd = from;
      // The header and delimiter rows, read again before the rows so the columns match.
      const headLines = lineStarts(text, block.start).slice(0, 3);
      const prefix = text.slice(headLines[0], headLines[2]).replace(/\r\n?/g, "\n");
      const parsed = this.accept(parseAt(text, from, this.committedRefs, prefix));
      const head = parsed?.[0];
      if (!parsed || !head || head.type !== "table") return null;
      const freshBody = head.children.find((c) => c.type === "tbody");
      const tbody: MdNode = {
        ...body,
        children: rows.slice(0, -1).concat(freshBody?.children ?? []),
        end: freshBody?.end ?? head.end,
      };
      const table: Block = {
        ...block,
        children: block.children.map((c) => (c === body ? tbody : c)),
        end: head.end,
      };
      return this.blocks.slice(0, k).concat([table], parsed.slice(1));
    }
    return null;
  }
}

/** Only absolute https links without credentials are offered as links; anything else shows as text. */
export function isOpenableLink(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === "https:" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

/** A table cell's alignment as its class (`md-al-left|center|right`), or "" for none. */
export function alignClass(node: MdNode): string {
  const style = String(node.token.attrGet("style") ?? "");
  const m = /text-align:(left|center|right)/.exec(style);
  return m ? `md-al-${m[1]}` : "";
}

/** A fence's language: the first word of its info string, as CommonMark reads it. */
export function fenceLang(token: Token): string {
  const info = token.info ? md.utils.unescapeAll(token.info).trim() : "";
  return info.split(/\s+/)[0] ?? "";
}
