import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { type Loaded, type LoadOptions, useLoad } from "../../src/app/useLoad";
import { AppError } from "../../src/ipc";

// Answers are released by hand, in any order, to show which one the hook keeps.
interface Pending {
  label: string;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}
let asked: Pending[] = [];
function ask(label: string): Promise<string> {
  return new Promise((resolve, reject) => asked.push({ label, resolve, reject }));
}
function answer(label: string, value = label) {
  const entry = asked.find((p) => p.label === label);
  if (!entry) throw new Error(`nothing asked for ${label}`);
  entry.resolve(value);
}

let seen: Loaded<string>;
function Probe(props: { k: string; dep: number; options?: LoadOptions }) {
  seen = useLoad(() => ask(`${props.k}#${props.dep}`), props.k, props.dep, props.options);
  return null;
}

let root: HTMLElement;
beforeEach(() => {
  asked = [];
  root = document.createElement("div");
});
afterEach(() => render(null, root));

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe("useLoad", () => {
  it("never lets a stale answer overwrite a newer one", async () => {
    act(() => render(<Probe k="a" dep={1} />, root));
    act(() => render(<Probe k="a" dep={2} />, root));
    answer("a#2");
    await settle();
    expect(seen.data).toBe("a#2");
    answer("a#1");
    await settle();
    expect(seen.data).toBe("a#2");
    expect(seen.loading).toBe(false);
  });

  it("drops the answer for a previous key, and clears that key's data at once", async () => {
    act(() => render(<Probe k="personal" dep={0} />, root));
    answer("personal#0");
    await settle();
    expect(seen.data).toBe("personal#0");
    act(() => render(<Probe k="team" dep={0} />, root));
    expect(seen.data).toBeNull();
    expect(seen.loading).toBe(true);
    answer("team#0");
    await settle();
    expect(seen.data).toBe("team#0");
  });

  it("reloads in place on a dep change, and keeps the last good data with an error", async () => {
    act(() => render(<Probe k="a" dep={1} />, root));
    answer("a#1");
    await settle();
    act(() => render(<Probe k="a" dep={2} />, root));
    expect(seen.data).toBe("a#1");
    expect(seen.loading).toBe(true);
    asked.find((p) => p.label === "a#2")?.reject(new AppError({ code: "NETWORK", detail: "offline" }));
    await settle();
    expect(seen.data).toBe("a#1");
    expect(seen.error?.code).toBe("NETWORK");
    act(() => seen.reload());
    const retry = asked.filter((p) => p.label === "a#2");
    expect(retry).toHaveLength(2);
    retry[1]?.resolve("a#2 again");
    await settle();
    expect(seen.data).toBe("a#2 again");
    expect(seen.error).toBeNull();
  });

  it("asks nothing while skipped, and waits for the delay", async () => {
    act(() => render(<Probe k="a" dep={1} options={{ skip: true }} />, root));
    expect(asked).toEqual([]);
    expect(seen.loading).toBe(false);
    act(() => render(<Probe k="a" dep={2} options={{ delayMs: 20 }} />, root));
    act(() => render(<Probe k="a" dep={3} options={{ delayMs: 20 }} />, root));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 40)));
    expect(asked.map((p) => p.label)).toEqual(["a#3"]);
  });
});
