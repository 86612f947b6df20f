import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { withCommands } from "../support/core";
import { findIn } from "../support/dom";

// A toast keeps the words it was made with, so switching the language puts the showing
// ones away instead of leaving English on a Chinese screen.
vi.mock("../../src/ipc", (real) => withCommands(real, { setLocale: (locale: string) => Promise.resolve({ locale }) }));

const { ToastRegion, toast } = await import("../../src/components");
const { LocaleSwitch } = await import("../../src/app/LocaleSwitch");
const { applyLocale } = await import("../../src/i18n");

let root: HTMLElement | null = null;
afterEach(() => {
  if (root) render(null, root);
  root?.remove();
  applyLocale("en");
});

async function settle() {
  await act(async () => new Promise((r) => setTimeout(r, 20)));
}

describe("toasts and the language switch", () => {
  it("puts the showing toasts away when the language changes, not when it stays", async () => {
    const el = document.createElement("div");
    root = el;
    document.body.append(el);
    act(() =>
      render(
        <>
          <ToastRegion />
          <LocaleSwitch testId="locale-switch" />
        </>,
        el,
      ),
    );
    act(() => void toast({ tone: "success", title: "Signed in — Personal" }));
    await settle();
    expect(document.body.textContent).toContain("Signed in — Personal");
    act(() => findIn<HTMLElement>(document, "[data-testid=locale-switch-en]").click());
    await settle();
    expect(document.body.textContent).toContain("Signed in — Personal");
    act(() => findIn<HTMLElement>(document, "[data-testid=locale-switch-zh-CN]").click());
    await settle();
    expect(document.body.textContent).not.toContain("Signed in — Personal");
  });
});
