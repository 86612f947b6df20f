import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

const REQUEST_ID = "5b2e61a4-0f7e-4a57-9c3e-2f1d0c9b8a77";
const calls = vi.hoisted(() => ({ asked: [] as string[] }));
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    copyRequest: (target: { kind: string }, shell: string) => {
      calls.asked.push(`${target.kind}:${shell}`);
      return Promise.resolve(`# Xiaoya request ${REQUEST_ID}\n${shell} -H "Authorization: Bearer $XIAOYA_TOKEN"\n`);
    },
  }),
);

const { CopyAsCurl, chooseCurlShell } = await import("../../src/app/CopyAsCurl");
const { createMasker, setMasker } = await import("../../src/format/mask");
const { applyLocale } = await import("../../src/i18n");

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

const written: string[] = [];
Object.defineProperty(navigator, "clipboard", {
  configurable: true,
  value: {
    writeText: (text: string) => {
      written.push(text);
      return Promise.resolve();
    },
  },
});

async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

afterEach(() => {
  setMasker(null);
  chooseCurlShell("bash");
  calls.asked.length = 0;
  written.length = 0;
});

describe("CopyAsCurl", () => {
  it("is a labelled button and shell menu, and copies the text fetched for the chosen shell", async () => {
    act(() => render(<CopyAsCurl target={{ kind: "chatReply", id: "m1" }} testid="curl" />, root));
    await settle();
    const group = findIn(root, "[data-testid=curl]");
    expect(group.dataset.ready).toBe("bash");
    expect(findIn(root, "[data-testid=curl-copy]").textContent).toBe("Copy as curl");
    const select = findIn<HTMLSelectElement>(root, "select[data-testid=curl-shell]");
    expect(select.getAttribute("aria-label")).toBe("Command line for Copy as curl");
    expect([...select.options].map((o) => o.value)).toEqual(["bash", "powerShell", "httpie"]);

    act(() => findIn<HTMLButtonElement>(root, "[data-testid=curl-copy]").click());
    await settle();
    expect(written).toEqual([`# Xiaoya request ${REQUEST_ID}\nbash -H "Authorization: Bearer $XIAOYA_TOKEN"\n`]);

    act(() => chooseCurlShell("powerShell"));
    await settle();
    expect(calls.asked).toEqual(["chatReply:bash", "chatReply:powerShell"]);
    expect(group.dataset.ready).toBe("powerShell");
  });

  it("copies through Presenting mode's masker while presenting", async () => {
    setMasker(createMasker([]));
    act(() => render(<CopyAsCurl target={{ kind: "clip", id: "c1" }} testid="curl" />, root));
    await settle();
    act(() => findIn<HTMLButtonElement>(root, "[data-testid=curl-copy]").click());
    await settle();
    expect(written).toHaveLength(1);
    expect(written[0]).not.toContain(REQUEST_ID);
    expect(written[0]).toContain("$XIAOYA_TOKEN");
  });
});
