import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The UI twin of the core's import_graph.rs: every import under ui/src (type-only ones
// too, since a type circle is still a circle in the reading), and the floors they may
// cross. From the bottom: ipc/ and bindings/ (the core's words), then format/, i18n/ and
// components/, then features/, then app/ (the shell) and main.tsx. A lower floor never
// imports a higher one, a feature never imports another feature, and only ipc/ imports
// @tauri-apps/*. Generated files are read like the rest.

const SRC = resolve(__dirname, "../src");

interface Import {
  /** The importing file, relative to ui/src. */
  from: string;
  /** The imported file relative to ui/src, or a package's specifier. */
  to: string;
  typeOnly: boolean;
  /** A package, not a file of ours. */
  external: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Drops comments and the insides of string and template literals, keeping import specifiers readable. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m) => m.replace(/[^\n]/g, " "));
}

// `import … from "x"`, `import "x"`, `export … from "x"`, `import("x")`; the first group says
// whether the whole statement is type-only.
const STATIC = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"'\n]+)["']/g;
const DYNAMIC = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;

function importsOf(text: string): { spec: string; typeOnly: boolean }[] {
  const code = withoutComments(text);
  const found: { spec: string; typeOnly: boolean }[] = [];
  for (const m of code.matchAll(STATIC)) found.push({ spec: m[3], typeOnly: m[2] !== undefined });
  for (const m of code.matchAll(DYNAMIC)) found.push({ spec: m[1], typeOnly: false });
  return found;
}

/** A relative specifier as the file it names (relative to ui/src), or null when it names no file there. */
function resolveSpec(fromFile: string, spec: string): string | null {
  const base = resolve(dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(SRC, candidate);
  }
  return null;
}

/** Every import in ui/src: relative ones resolved to files, packages kept by name. */
function importGraph(root = SRC): { files: string[]; imports: Import[]; unresolved: string[] } {
  const files = sourceFiles(root).map((path) => relative(root, path));
  const imports: Import[] = [];
  const unresolved: string[] = [];
  for (const file of files) {
    for (const { spec, typeOnly } of importsOf(readFileSync(join(root, file), "utf8"))) {
      if (spec.startsWith(".")) {
        const target = resolveSpec(join(root, file), spec);
        if (target === null) {
          if (!/\.(css|png|svg)$/.test(spec)) unresolved.push(`${file}: ${spec}`);
          continue;
        }
        imports.push({ from: file, to: target, typeOnly, external: false });
      } else {
        imports.push({ from: file, to: spec, typeOnly, external: true });
      }
    }
  }
  return { files, imports, unresolved };
}

/** The import circles between files, each as the files in order (the first repeated at the end). */
function cycles(imports: Import[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to, external } of imports) {
    if (external) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
  }
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const to of next.get(file) ?? []) {
      if (state.get(to) === "open") found.push([...path.slice(path.indexOf(to)), to]);
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of [...next.keys()].sort()) if (!state.has(file)) visit(file);
  return found;
}

/** Which floor a file is on: its top folder under ui/src (a feature is `features/<name>`). */
function area(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "features") return `features/${parts[1]}`;
  return parts.length === 1 ? file : parts[0];
}

/** The floors that may not import from features/ or app/. */
const BELOW_FEATURES = ["ipc", "bindings", "format", "i18n", "components"];

function ruleBreaks(imports: Import[]): string[] {
  const broken: string[] = [];
  for (const { from, to, external } of imports) {
    const fromArea = area(from);
    if (external) {
      if (to.startsWith("@tauri-apps/") && fromArea !== "ipc") broken.push(`${from} imports ${to}: only ui/src/ipc talks to Tauri`);
      continue;
    }
    const toArea = area(to);
    if (BELOW_FEATURES.includes(fromArea) && (toArea.startsWith("features/") || toArea === "app" || toArea === "main.tsx")) {
      broken.push(`${from} imports ${to}: ${fromArea}/ is below features/ and app/`);
    }
    if (fromArea.startsWith("features/") && toArea.startsWith("features/") && fromArea !== toArea) {
      broken.push(`${from} imports ${to}: one feature imports another (share it through components/, format/ or i18n/)`);
    }
  }
  return broken;
}

describe("the import reader and its rules", () => {
  const internal = (from: string, to: string, typeOnly = false): Import => ({ from, to, typeOnly, external: false });

  it("reads type-only, re-exporting, side-effect and dynamic imports, and not commented ones", () => {
    const text = [
      'import type { A } from "./a";',
      'import { b, type C } from "./b";',
      'export * from "./c";',
      'export { d } from "./d";',
      'import "./e.css";',
      'const f = await import("./f");',
      '// import { g } from "./g";',
      'import {\n  h,\n  i,\n} from "./h";',
    ].join("\n");
    expect(importsOf(text)).toEqual([
      { spec: "./a", typeOnly: true },
      { spec: "./b", typeOnly: false },
      { spec: "./c", typeOnly: false },
      { spec: "./d", typeOnly: false },
      { spec: "./e.css", typeOnly: false },
      { spec: "./h", typeOnly: false },
      { spec: "./f", typeOnly: false },
    ]);
  });

  it("finds a circle made of type-only imports", () => {
    const found = cycles([internal("a.ts", "b.ts", true), internal("b.ts", "c.ts"), internal("c.ts", "a.ts", true)]);
    expect(found.map((c) => c.join(" → "))).toEqual(["a.ts → b.ts → c.ts → a.ts"]);
  });

  it("flags each kind of floor crossing", () => {
    const broken = ruleBreaks([
      internal("i18n/en.ts", "features/chat/words.ts"),
      internal("components/Button.tsx", "app/context.ts"),
      internal("format/points.ts", "features/balances/store.ts"),
      internal("ipc/call.ts", "app/sessions.ts"),
      internal("features/voices/Cost.tsx", "features/balances/format.ts"),
      { from: "features/chat/x.ts", to: "@tauri-apps/api/core", typeOnly: false, external: true },
      // Allowed: a feature using the app's stores, the app showing a feature, ipc talking to Tauri.
      internal("features/chat/useChat.ts", "app/sessions.ts"),
      internal("app/CurrentScreen.tsx", "features/chat/ChatScreen.tsx"),
      { from: "ipc/call.ts", to: "@tauri-apps/api/core", typeOnly: false, external: true },
    ]);
    expect(broken.map((b) => b.split(" imports ")[0])).toEqual([
      "i18n/en.ts",
      "components/Button.tsx",
      "format/points.ts",
      "ipc/call.ts",
      "features/voices/Cost.tsx",
      "features/chat/x.ts",
    ]);
  });
});

describe("ui/src imports", () => {
  const graph = importGraph();

  it("reads every file and resolves every relative import", () => {
    expect(graph.files.length).toBeGreaterThan(150);
    expect(graph.imports.length).toBeGreaterThan(500);
    expect(graph.unresolved).toEqual([]);
  });

  it("has no import circle, type-only imports included", () => {
    expect(cycles(graph.imports).map((c) => c.join(" → "))).toEqual([]);
  });

  it("keeps each floor to what it may import", () => {
    expect(ruleBreaks(graph.imports)).toEqual([]);
  });
});
