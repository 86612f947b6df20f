// Turns rendered DOM (the app's <Markdown> or a spec's expected HTML) into one canonical
// HTML string, so the two can be compared. What it maps is the app's presentation of the
// same structure, each case written here and in the README:
//   - a link button (`button.md-link[data-href]`) is `<a href>`; its icon is dropped;
//   - a heading (`.md-hN`, shown two levels down: `#` is an h3) is `<hN>`;
//   - a code block (`div.md-pre[data-lang]`) is `<pre><code class="language-…">` with the
//     code's text (highlighting spans flattened); its bar (label, copy button) is dropped;
//   - a table's scroll frame is dropped; a cell's `md-al-X` class is `align="X"`;
//   - titles, classes (but a code block's language), roles and aria-* are not compared;
//   - whitespace outside code collapses to one space, and none is kept next to a block tag.
// Under `safe`, the two documented safety rules apply to both sides: a link whose target
// is not https (or has credentials) is its text (the app shows it as text), and an image
// is `<img src alt>` (the app shows "Image:", the alt text and the link, never fetched).

import { isOpenableLink } from "../../src/features/chat/markdown";

const VOID = new Set(["br", "hr", "img", "input"]);
const KEEP = ["align", "alt", "checked", "disabled", "href", "src", "start", "type"];
const BLOCK = "address|blockquote|div|dl|dt|dd|figure|h[1-6]|hr|li|ol|p|pre|table|thead|tbody|tfoot|tr|th|td|ul|br";

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function attrs(el: Element, extra: Record<string, string> = {}): string {
  const out: Record<string, string> = {};
  for (const name of KEEP) if (el.hasAttribute(name)) out[name] = el.getAttribute(name) ?? "";
  Object.assign(out, extra);
  return Object.keys(out)
    .sort()
    .map((k) => ` ${k}="${esc(out[k])}"`)
    .join("");
}

function children(el: Node, safe: boolean, pre: boolean): string {
  let s = "";
  el.childNodes.forEach((c) => {
    s += node(c, safe, pre);
  });
  return s;
}

function node(n: Node, safe: boolean, pre: boolean): string {
  if (n.nodeType === 3) {
    const text = esc(n.textContent ?? "");
    return pre ? text : text.replace(/\s+/g, " ");
  }
  if (n.nodeType !== 1) return "";
  const el = n as Element;
  const tag = el.tagName.toLowerCase();
  const cls = el.getAttribute("class") ?? "";
  const has = (c: string) => cls.split(/\s+/).includes(c);
  if (tag === "svg") return "";
  if (tag === "button" && has("md-link")) {
    const href = el.getAttribute("data-href") ?? "";
    return `<a href="${esc(href)}">${children(el, safe, pre)}</a>`;
  }
  if (has("md-link-text")) return children(el, safe, pre);
  if (has("md-link-target")) return "";
  if (has("md-image")) {
    if (!safe) return `<app-image>${esc(el.textContent ?? "")}</app-image>`;
    const alt = el.querySelector(".md-image__alt")?.textContent ?? "";
    return `<img alt="${esc(alt)}" src="${esc(el.getAttribute("data-src") ?? "")}">`;
  }
  if (has("md-pre")) {
    const lang = el.getAttribute("data-lang") ?? "";
    const code = el.querySelector("pre > code")?.textContent ?? "";
    return `<pre><code${lang ? ` class="language-${esc(lang)}"` : ""}>${esc(code)}</code></pre>`;
  }
  if (has("md-table-wrap")) return children(el, safe, pre);
  if (has("md-h")) {
    const level = /md-h([1-6])/.exec(cls)?.[1] ?? "1";
    return `<h${level}>${children(el, safe, pre)}</h${level}>`;
  }
  if (tag === "a" && safe && !isOpenableLink(el.getAttribute("href") ?? "")) return children(el, safe, pre);
  if (tag === "img" && !safe) return `<img${attrs(el)}>`;
  const extra: Record<string, string> = {};
  const align = /md-al-(left|center|right)/.exec(cls)?.[1];
  if (align) extra.align = align;
  if (tag === "code" && pre) {
    const lang = /(?:^|\s)(language-\S+)/.exec(cls)?.[1];
    if (lang) extra.class = lang;
  }
  if (tag === "input") {
    // Preact sets `checked`/`disabled` as properties; read them as such on both sides.
    const input = el as HTMLInputElement;
    if (input.checked) extra.checked = "";
    if (input.disabled) extra.disabled = "";
  }
  const open = `<${tag}${attrs(el, extra)}>`;
  if (VOID.has(tag)) return open;
  return `${open}${children(el, safe, pre || tag === "pre")}</${tag}>`;
}

/** The canonical form of an element's content. */
export function canonical(root: Element, safe: boolean): string {
  return children(root, safe, false)
    .replace(new RegExp(`\\s*(</?(?:${BLOCK})(?:\\s[^>]*)?>)\\s*`, "g"), "$1")
    .trim();
}

/** The canonical form of an HTML string (a spec's expected output). */
export function canonicalHtml(html: string, safe: boolean): string {
  const box = document.createElement("template");
  // Test-only: the spec's expected HTML is parsed here to compare it.
  box.innerHTML = html;
  const div = document.createElement("div");
  div.append(box.content.cloneNode(true));
  return canonical(div, safe);
}
