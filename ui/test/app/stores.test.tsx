import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { atom, useStore } from "../../src/app/store";
import { Announcer, announce, ToastRegion, toast } from "../../src/components";
import { applyLocale, useLocale } from "../../src/i18n";
import { mountRoot } from "../support/dom";

// The stores are Nano Stores atoms: a component that reads one re-renders when it changes,
// and only the components that read it.

let root: HTMLElement;
mountRoot((el) => (root = el));
afterEach(() => {
  applyLocale("en");
});

/** Runs `change` and lets the readers re-render (useStore batches them to the next task). */
async function changed(change: () => void): Promise<void> {
  await act(async () => {
    change();
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe("atom stores", () => {
  it("useStore re-renders the reader on a change, and not on an equal value", async () => {
    const count = atom(1);
    let renders = 0;
    function Reader() {
      renders += 1;
      return <p>{useStore(count)}</p>;
    }
    act(() => render(<Reader />, root));
    expect(root.textContent).toBe("1");
    await changed(() => count.set(2));
    expect(root.textContent).toBe("2");
    const after = renders;
    await changed(() => count.set(2));
    expect(renders).toBe(after);
  });

  it("useLocale follows applyLocale", async () => {
    function Lang() {
      return <p>{useLocale()}</p>;
    }
    act(() => render(<Lang />, root));
    await changed(() => applyLocale("zh-CN"));
    expect(root.textContent).toBe("zh-CN");
    await changed(() => applyLocale("en"));
    expect(root.textContent).toBe("en");
  });

  it("toast() reaches the toast region", async () => {
    act(() => render(<ToastRegion />, document.body.appendChild(root)));
    await changed(() => toast({ tone: "success", title: "Saved the draft" }));
    expect(document.querySelector("[data-testid=toast-success]")?.textContent).toContain("Saved the draft");
  });

  it("announce() fills the live region", async () => {
    act(() => render(<Announcer />, root));
    act(() => announce("Charged to Personal"));
    // The text lands after a short delay (so a repeat is announced again) and a re-render;
    // poll rather than guess how long a loaded machine takes.
    await vi.waitFor(
      async () => {
        await act(async () => new Promise((r) => setTimeout(r, 20)));
        expect(root.querySelector("[data-testid=announcer-polite]")?.textContent).toBe("Charged to Personal");
      },
      { timeout: 3000, interval: 50 },
    );
  });
});
