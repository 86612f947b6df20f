import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Issue #12: a component or hook that does several things is split into parts named for what
// they show. The UI twin of the core's `no_command_body_is_longer_than_five_lines`: no `.tsx`
// file and no `use*.ts` hook under ui/src is longer than LIMIT lines (counted as `wc -l` does,
// one per newline). Data files (i18n, bindings, ipc/generated.ts) and pure logic modules are
// `.ts` files not named use*, so they are not counted.

const LIMIT = 140;
const src = join(__dirname, "../src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith(".tsx") || /^use[A-Z]\w*\.ts$/.test(name) ? [path] : [];
  });
}

function lines(path: string): number {
  return readFileSync(path, "utf8").split("\n").length - 1;
}

const measured = files(src).map((path) => ({ file: relative(src, path), lines: lines(path) }));

describe("ui/src structure", () => {
  it("finds the components and hooks it measures", () => {
    expect(measured.map((m) => m.file)).toEqual(expect.arrayContaining(["app/App.tsx", "features/chat/useChat.ts", "app/useLoad.ts"]));
  });

  it(`has no component or hook longer than ${LIMIT} lines`, () => {
    const offenders = measured.filter((m) => m.lines > LIMIT).map((m) => `${m.file}: ${m.lines} lines`);
    expect(offenders).toEqual([]);
  });
});
