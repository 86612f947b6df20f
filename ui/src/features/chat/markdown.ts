// A small Markdown reader for model replies, built for streaming. It knows the blocks
// replies use (paragraphs, ATX headings, lists, fenced code, quotes, rules) and inline
// code, bold, italic and links. It produces plain data; the renderer turns it into
// Preact elements, so model output is always text, never HTML (T4).
//
// Incremental: when text is appended, only the last block can change, and the one
// before it while the last block's first line is still incomplete (every block starts
// at top level and nothing looks further back). `IncrementalMarkdown` re-reads from
// there and keeps the earlier block objects, which the renderer memoizes by identity.

export type Block =
  | { kind: "paragraph"; start: number; text: string }
  | { kind: "heading"; start: number; level: number; text: string }
  | { kind: "list"; start: number; ordered: boolean; first: number; items: ListItem[] }
  | { kind: "code"; start: number; lang: string; code: string; closed: boolean }
  | { kind: "quote"; start: number; text: string }
  | { kind: "rule"; start: number };

export interface ListItem {
  /** Nesting depth from the indentation (0 = top). */
  depth: number;
  text: string;
}

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "em"; children: Inline[] }
  | { kind: "link"; text: string; href: string };

const FENCE = /^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$/;
const BULLET = /^(\s*)([-*+])[ \t]+(.*)$/;
const ORDERED = /^(\s*)(\d{1,9})[.)][ \t]+(.*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}>[ ]?(.*)$/;

interface Line {
  text: string;
  /** Offset of the line's first character in the whole text. */
  at: number;
}

function splitLines(text: string, offset: number): Line[] {
  const lines: Line[] = [];
  let at = offset;
  while (at <= text.length) {
    const nl = text.indexOf("\n", at);
    const end = nl === -1 ? text.length : nl;
    let line = text.slice(at, end);
    if (line.endsWith("\r")) line = line.slice(0, -1);
    lines.push({ text: line, at });
    if (nl === -1) break;
    at = nl + 1;
  }
  return lines;
}

function depthOf(indent: string): number {
  const width = indent.replace(/\t/g, "    ").length;
  return Math.min(Math.floor(width / 2), 6);
}

/** Whether `line` is an item that belongs to a list of this kind: any nested item does,
 * a top-level one only if it is of the same kind (bullet or numbered). */
function continuesList(line: string, ordered: boolean): boolean {
  const m = BULLET.exec(line) ?? ORDERED.exec(line);
  if (!m || RULE.test(line)) return false;
  return depthOf(m[1] ?? "") > 0 || ORDERED.test(line) === ordered;
}

/** Reads blocks from `offset` (which must be the start of a line at top level). */
export function parseBlocks(text: string, offset = 0): Block[] {
  const lines = splitLines(text, offset);
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const raw = line.text;
    if (raw.trim() === "") {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(raw);
    if (fence) {
      const marker = fence[2]!;
      const closing = new RegExp(`^ {0,3}${marker[0] === "`" ? "`" : "~"}{${marker.length},}[ \t]*$`);
      const code: string[] = [];
      let closed = false;
      i += 1;
      while (i < lines.length) {
        const inner = lines[i]!.text;
        if (closing.test(inner)) {
          closed = true;
          i += 1;
          break;
        }
        code.push(inner);
        i += 1;
      }
      blocks.push({ kind: "code", start: line.at, lang: fence[3] ?? "", code: code.join("\n"), closed });
      continue;
    }
    const heading = HEADING.exec(raw);
    if (heading) {
      blocks.push({ kind: "heading", start: line.at, level: heading[1]!.length, text: heading[2] ?? "" });
      i += 1;
      continue;
    }
    if (RULE.test(raw)) {
      blocks.push({ kind: "rule", start: line.at });
      i += 1;
      continue;
    }
    if (QUOTE.test(raw)) {
      const parts: string[] = [];
      while (i < lines.length) {
        const m = QUOTE.exec(lines[i]!.text);
        if (!m) break;
        parts.push(m[1] ?? "");
        i += 1;
      }
      blocks.push({ kind: "quote", start: line.at, text: parts.join("\n") });
      continue;
    }
    const bullet = BULLET.exec(raw);
    const ordered = ORDERED.exec(raw);
    if (bullet || ordered) {
      const isOrdered = !bullet;
      const items: ListItem[] = [];
      const first = ordered ? Number(ordered[2]) : 1;
      while (i < lines.length) {
        const current = lines[i]!.text;
        if (current.trim() === "") {
          // A blank line ends the list unless another item follows.
          let next = i + 1;
          while (next < lines.length && lines[next]!.text.trim() === "") next += 1;
          const after = next < lines.length ? lines[next]!.text : "";
          if (next < lines.length && continuesList(after, isOrdered)) {
            i = next;
            continue;
          }
          break;
        }
        const b = BULLET.exec(current);
        const o = ORDERED.exec(current);
        const m = b ?? o;
        if (m && !RULE.test(current)) {
          // A top-level item of the other kind starts a new list (bullets, then steps).
          if (items.length > 0 && !continuesList(current, isOrdered)) break;
          items.push({ depth: depthOf(m[1] ?? ""), text: m[3] ?? "" });
        } else if (/^\s+\S/.test(current) && items.length > 0) {
          // A continuation line of the last item.
          const last = items[items.length - 1]!;
          last.text = `${last.text} ${current.trim()}`;
        } else {
          break;
        }
        i += 1;
      }
      blocks.push({ kind: "list", start: line.at, ordered: isOrdered, first, items });
      continue;
    }
    // A paragraph: lines until a blank line or the start of another block.
    const parts: string[] = [];
    while (i < lines.length) {
      const current = lines[i]!.text;
      if (current.trim() === "") break;
      if (
        parts.length > 0 &&
        (FENCE.test(current) || HEADING.test(current) || QUOTE.test(current) || RULE.test(current))
      )
        break;
      if (parts.length > 0 && (BULLET.test(current) || ORDERED.test(current))) break;
      parts.push(current);
      i += 1;
    }
    blocks.push({ kind: "paragraph", start: line.at, text: parts.join("\n") });
  }
  return blocks;
}

/** Characters at the start of the text compared on every update, a cheap guard. */
const HEAD_CHECK = 256;

/** Keeps the blocks of a growing text; only the last block is read again. */
export class IncrementalMarkdown {
  private text = "";
  private blocks: Block[] = [];

  /**
   * The blocks of `text`. `grows` is the caller's word that `text` is the previous text
   * with more appended (a streaming reply): then only the start of the text and the part
   * read again are compared, not the whole prefix — comparing 128 KB on every frame is
   * what made late renders cost twice the early ones. Without it (or when the text got
   * shorter) the whole prefix is compared, and any change re-reads everything.
   */
  update(text: string, grows = false): Block[] {
    if (text === this.text) return this.blocks;
    const old = this.text;
    if (this.blocks.length > 0 && text.length > old.length) {
      // The last block's first line may still be growing ("2" becoming "2. item"), and
      // that line decides where the block before it ends: read both again then.
      const last = this.blocks[this.blocks.length - 1]!;
      const firstLineDone = old.indexOf("\n", last.start) !== -1;
      const keep = firstLineDone || this.blocks.length < 2 ? this.blocks.length - 1 : this.blocks.length - 2;
      const from = this.blocks[keep]!.start;
      const extended = grows
        ? text.slice(0, Math.min(HEAD_CHECK, from)) === old.slice(0, Math.min(HEAD_CHECK, from)) &&
          text.slice(from, old.length) === old.slice(from)
        : text.startsWith(old);
      if (extended) {
        const previous = this.blocks.slice(keep);
        const fresh = parseBlocks(text, from).map((block) => {
          // Unchanged blocks keep their identity, so the renderer skips them.
          const same = previous.find((o) => o.start === block.start);
          return same && JSON.stringify(same) === JSON.stringify(block) ? same : block;
        });
        this.blocks = this.blocks.slice(0, keep).concat(fresh);
        this.text = text;
        return this.blocks;
      }
    }
    this.blocks = parseBlocks(text, 0);
    this.text = text;
    return this.blocks;
  }
}

// ---------- inline ----------

const URL_IN_TEXT = /https:\/\/[^\s<>()"'`]+[^\s<>()"'`.,;:!?*_]/;

function pushText(out: Inline[], text: string) {
  if (!text) return;
  // Bare https URLs become links too.
  let rest = text;
  while (rest) {
    const m = URL_IN_TEXT.exec(rest);
    if (!m) {
      out.push({ kind: "text", text: rest });
      return;
    }
    if (m.index > 0) out.push({ kind: "text", text: rest.slice(0, m.index) });
    out.push({ kind: "link", text: m[0], href: m[0] });
    rest = rest.slice(m.index + m[0].length);
  }
}

/** Inline spans of one block's text. Unclosed markers read as the characters they are. */
export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let plain = "";
  let i = 0;
  const flush = () => {
    pushText(out, plain);
    plain = "";
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\\" && i + 1 < text.length && /[\\`*_[\]()#>!-]/.test(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === "`") {
      let ticks = 1;
      while (text[i + ticks] === "`") ticks += 1;
      const marker = "`".repeat(ticks);
      const end = text.indexOf(marker, i + ticks);
      if (end !== -1) {
        flush();
        out.push({ kind: "code", text: text.slice(i + ticks, end).replace(/^ (.*) $/, "$1") });
        i = end + ticks;
        continue;
      }
    }
    if ((c === "*" || c === "_") && depth < 4) {
      const double = text[i + 1] === c;
      const marker = double ? c + c : c;
      let end = text.indexOf(marker, i + marker.length + 1);
      // `**bold *it***`: a closing run of three ends the inner emphasis first.
      if (double && end !== -1 && text[end + 2] === c && text[end + 3] !== c) end += 1;
      const inner = end !== -1 ? text.slice(i + marker.length, end) : "";
      // `snake_case` and `2 * 3 * 4` are not emphasis.
      const wordBefore = c === "_" && i > 0 && /\w/.test(text[i - 1]!);
      if (end !== -1 && !wordBefore && inner.trim() === inner && inner.length > 0) {
        flush();
        const children = parseInline(inner, depth + 1);
        out.push(double ? { kind: "strong", children } : { kind: "em", children });
        i = end + marker.length;
        continue;
      }
    }
    if (c === "[") {
      const close = text.indexOf("]", i + 1);
      if (close !== -1 && text[close + 1] === "(") {
        const end = text.indexOf(")", close + 2);
        if (end !== -1) {
          flush();
          const href =
            text
              .slice(close + 2, end)
              .trim()
              .split(/\s+/)[0] ?? "";
          out.push({ kind: "link", text: text.slice(i + 1, close), href });
          i = end + 1;
          continue;
        }
      }
    }
    plain += c;
    i += 1;
  }
  flush();
  return out;
}

/** Only absolute https links are offered as links; anything else shows as text. */
export function isOpenableLink(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === "https:" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}
