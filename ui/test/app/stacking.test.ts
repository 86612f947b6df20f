import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

import { defined } from "../support/dom";

// One stacking scale in the design tokens. The "Charged to" menu lives in the header;
// it can only draw over the Voices player (a sticky bar in the screen) if the header
// layer is above every sticky layer. Raw numbers are how that went wrong before.

const src = join(__dirname, "../../src");

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return path.endsWith(".css") ? [path] : [];
  });
}

const tokens = readFileSync(join(src, "styles/tokens.css"), "utf8");
const scale = new Map(Array.from(tokens.matchAll(/(--z-[\w-]+):\s*(\d+);/g), (m) => [m[1], Number(m[2])]));

/** The z-index a rule of `file` sets for `selector` (a token name). */
function layerOf(file: string, selector: string): string | undefined {
  const css = readFileSync(join(src, file), "utf8");
  const at = css.indexOf(`${selector} {`);
  if (at < 0) return undefined;
  const body = css.slice(at, css.indexOf("}", at));
  return /z-index:\s*var\((--z-[\w-]+)\)/.exec(body)?.[1];
}

describe("the z-index scale", () => {
  it("every z-index in the stylesheets is a token of the scale", () => {
    const raw: string[] = [];
    for (const file of cssFiles(src)) {
      for (const m of readFileSync(file, "utf8").matchAll(/z-index:\s*([^;]+);/g)) {
        const value = m[1].trim();
        const token = /^var\((--z-[\w-]+)\)$/.exec(value)?.[1];
        if (!token || !scale.has(token)) raw.push(`${file.slice(src.length)}: z-index: ${value}`);
      }
    }
    expect(raw).toEqual([]);
  });

  it("the header (and the Charged-to menu in it) is above the player bar and sticky table heads", () => {
    const header = defined(layerOf("styles/shell.css", ".app-header"), "the header's layer");
    const player = defined(layerOf("features/voices/voices.css", ".player__bar"), "the player bar's layer");
    const z = (token: string) => defined(scale.get(token), token);
    expect(z(header)).toBeGreaterThan(z(player));
    expect(z("--z-dialog")).toBeGreaterThan(z(header));
    expect(z("--z-toast")).toBeGreaterThan(z("--z-dialog"));
  });
});
