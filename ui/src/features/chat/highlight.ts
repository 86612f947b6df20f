// Syntax highlighting for fenced code, with highlight.js's core and one dynamically
// imported chunk per language, loaded the first time a reply uses it. highlight.js hands
// back HTML in which the code is escaped text between its own `<span class="…">` tags.
// That string is read here, never by the page: only those span tags become spans, and
// anything else is text, which the renderer shows as Preact elements. So no HTML from a
// reply (or from the highlighter) is ever assigned to the page (T4) and no sanitizer is
// needed.

import type { LanguageFn } from "highlight.js";
import hljs from "highlight.js/lib/core";

type Loader = () => Promise<{ default: LanguageFn }>;

/** The languages replies use most, each its own chunk. */
const LOADERS: Record<string, Loader> = {
  bash: () => import("highlight.js/lib/languages/bash"),
  c: () => import("highlight.js/lib/languages/c"),
  cpp: () => import("highlight.js/lib/languages/cpp"),
  csharp: () => import("highlight.js/lib/languages/csharp"),
  css: () => import("highlight.js/lib/languages/css"),
  diff: () => import("highlight.js/lib/languages/diff"),
  dockerfile: () => import("highlight.js/lib/languages/dockerfile"),
  go: () => import("highlight.js/lib/languages/go"),
  ini: () => import("highlight.js/lib/languages/ini"),
  java: () => import("highlight.js/lib/languages/java"),
  javascript: () => import("highlight.js/lib/languages/javascript"),
  json: () => import("highlight.js/lib/languages/json"),
  kotlin: () => import("highlight.js/lib/languages/kotlin"),
  markdown: () => import("highlight.js/lib/languages/markdown"),
  php: () => import("highlight.js/lib/languages/php"),
  python: () => import("highlight.js/lib/languages/python"),
  ruby: () => import("highlight.js/lib/languages/ruby"),
  rust: () => import("highlight.js/lib/languages/rust"),
  scss: () => import("highlight.js/lib/languages/scss"),
  shell: () => import("highlight.js/lib/languages/shell"),
  sql: () => import("highlight.js/lib/languages/sql"),
  swift: () => import("highlight.js/lib/languages/swift"),
  typescript: () => import("highlight.js/lib/languages/typescript"),
  xml: () => import("highlight.js/lib/languages/xml"),
  yaml: () => import("highlight.js/lib/languages/yaml"),
};

const ALIASES: Record<string, string> = {
  sh: "bash",
  zsh: "bash",
  "c++": "cpp",
  cc: "cpp",
  h: "c",
  hpp: "cpp",
  cs: "csharp",
  "c#": "csharp",
  docker: "dockerfile",
  golang: "go",
  toml: "ini",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  kt: "kotlin",
  md: "markdown",
  py: "python",
  rb: "ruby",
  rs: "rust",
  console: "shell",
  ts: "typescript",
  tsx: "typescript",
  html: "xml",
  svg: "xml",
  vue: "xml",
  yml: "yaml",
};

/** The highlight.js language for a fence's language label, or null when there is none. */
export function languageFor(label: string): string | null {
  const name = label.toLowerCase();
  const known = ALIASES[name] ?? name;
  // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is ES2022 and the build targets Safari 15.0 (vite.config.ts); this is the form that works there.
  return Object.prototype.hasOwnProperty.call(LOADERS, known) ? known : null;
}

const loading = new Map<string, Promise<boolean>>();

/** Loads a language once; resolves false when its chunk could not be loaded. */
export function loadLanguage(language: string): Promise<boolean> {
  let pending = loading.get(language);
  if (!pending) {
    const loader = LOADERS[language];
    pending = loader
      ? loader().then(
          (mod) => {
            hljs.registerLanguage(language, mod.default);
            return true;
          },
          () => false,
        )
      : Promise.resolve(false);
    loading.set(language, pending);
  }
  return pending;
}

export function isLoaded(language: string): boolean {
  return hljs.getLanguage(language) !== undefined;
}

/** Highlighted code: text, and spans with highlight.js's class names. */
export type Highlighted = string | { cls: string; children: Highlighted[] };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]);
}

/** Reads highlight.js's output: its span tags become nodes, everything else is text. */
export function readHighlighted(html: string): Highlighted[] {
  const root: Highlighted[] = [];
  const stack: Highlighted[][] = [root];
  const tag = /<span class="([\w -]*)">|<\/span>/g;
  let at = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (m.index > at) stack[stack.length - 1].push(unescapeHtml(html.slice(at, m.index)));
    at = m.index + m[0].length;
    if (m[1] !== undefined) {
      const node = { cls: m[1], children: [] as Highlighted[] };
      stack[stack.length - 1].push(node);
      stack.push(node.children);
    } else if (stack.length > 1) stack.pop();
  }
  if (at < html.length) stack[stack.length - 1].push(unescapeHtml(html.slice(at)));
  return root;
}

/** The code highlighted in a loaded language, or null when the language is not loaded. */
export function highlight(code: string, language: string): Highlighted[] | null {
  if (!isLoaded(language)) return null;
  return readHighlighted(hljs.highlight(code, { language, ignoreIllegals: true }).value);
}
