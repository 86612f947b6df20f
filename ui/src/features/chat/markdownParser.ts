// The chat's markdown-it, configured as the reply reader needs it: CommonMark with raw HTML
// off (HTML in a reply is text), the GFM tables and strikethrough markdown-it has, and three
// rules of our own: GFM task list items, GFM's `www.` autolinks (instead of linkify-it's
// fuzzy links), and a quick path for a `[` that no `]` follows (cmark's pathological inputs).

import markdownit, { type StateCore, type StateInline } from "markdown-it";

/** GFM task list items: `- [ ] todo` / `- [x] done`, shown read-only. */
function taskLists(state: StateCore) {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i];
    if (inline.type !== "inline" || tokens[i - 1].type !== "paragraph_open" || tokens[i - 2].type !== "list_item_open") continue;
    const first = inline.children?.[0];
    const m = first?.type === "text" ? /^\[([ xX])\](?=[ \t]|$)/.exec(first.content) : null;
    // The marker must be followed by whitespace within the paragraph: `[ ]` alone is text.
    if (!m || !first || (first.content.length === 3 && (inline.children?.length ?? 0) < 2)) continue;
    tokens[i - 2].meta = { ...(tokens[i - 2].meta ?? {}), task: m[1] === " " ? "open" : "done" };
    first.content = first.content.slice(3);
  }
}

/**
 * The reader's markdown-it. The app uses it with raw HTML off (HTML in a reply is text);
 * the spec tests also build one with raw HTML on, to check that this is the only difference.
 */
export function markdownParser(options: { html: boolean; autolinks?: boolean } = { html: false }) {
  const parser = markdownit({ html: options.html, linkify: options.autolinks !== false, typographer: false });
  // GFM's autolink extension: URLs with a scheme, `www.` hosts and e-mail addresses. Not
  // linkify-it's fuzzy links: they would make `main.py` a link (and cost 180 ms on a
  // 100 KB table row), where GFM asks for `www.` first.
  parser.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
  parser.linkify.add("www.", {
    validate: wwwAutolink,
    normalize: (match) => {
      match.url = `http://${match.url}`;
    },
  });
  parser.core.ruler.after("inline", "gfm_task_lists", taskLists);
  parser.inline.ruler.before("link", "bracket_without_closer", bracketWithoutCloser);
  return parser;
}

/** Per inline state (and its current end): where its last `]` is. */
const lastCloser = new WeakMap<StateInline, { max: number; at: number }>();

/**
 * A `[` (or `![`) with no `]` anywhere after it can open no link or image: it is text, as
 * markdown-it would find after scanning to the end for its label. Taking it as text at
 * once makes 100 KB of `[a[a[a…` cost ~10 ms instead of ~100 (cmark's pathological set).
 */
function bracketWithoutCloser(state: StateInline, silent: boolean): boolean {
  const c = state.src.charCodeAt(state.pos);
  if (c !== 0x5b && !(c === 0x21 && state.src.charCodeAt(state.pos + 1) === 0x5b)) return false;
  let closer = lastCloser.get(state);
  if (closer?.max !== state.posMax) {
    closer = { max: state.posMax, at: state.src.lastIndexOf("]", state.posMax - 1) };
    lastCloser.set(state, closer);
  }
  if (closer.at > state.pos) return false;
  if (!silent) state.pending += state.src[state.pos];
  state.pos += 1;
  return true;
}

/**
 * GFM's extended www autolink: the length of the link after `www.` at `pos`, 0 for none.
 * A valid domain (segments of alphanumerics, `-` and `_`, none in the last two), then
 * anything up to a space or `<`, less trailing punctuation and unbalanced `)`.
 */
function wwwAutolink(text: string, pos: number): number {
  // `*` matches at any position, so there is always a match (the empty one at worst).
  const run = /^[^\s<]*/.exec(text.slice(pos))?.[0] ?? "";
  const domain = /^[\w-]+(?:\.[\w-]+)*/.exec(run)?.[0] ?? "";
  const segments = `www.${domain}`.split(".");
  if (domain === "" || segments.slice(-2).some((seg) => seg.includes("_"))) return 0;
  let end = run.length;
  for (;;) {
    const tail = run.slice(0, end);
    if (/[?!.,:*_~]$/.test(tail)) end -= 1;
    else if (tail.endsWith(")") && (tail.match(/\(/g)?.length ?? 0) < (tail.match(/\)/g)?.length ?? 0)) end -= 1;
    else if (/&[a-zA-Z0-9]+;$/.test(tail)) end = tail.lastIndexOf("&");
    else break;
  }
  return end;
}

/** The app's reader: raw HTML off. */
export const md = markdownParser({ html: false });
