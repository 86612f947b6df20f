import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { useStore, signal } from "../../src/app/store";
import { Announcer, announce, toast, ToastRegion } from "../../src/components";
import { applyLocale, useLocale } from "../../src/i18n";

// The stores are signals: a component that reads one re-renders when it changes,
// and only the components that read it.

let root: HTMLElement;
beforeEach(() => {
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  applyLocale("en");
});

describe("signal stores", () => {
  it("useStore re-renders the reader on a change, and not on an equal value", () => {
    const count = signal(1);
    let renders = 0;
    function Reader() {
      renders += 1;
      return <p>{useStore(count)}</p>;
    }
    act(() => render(<Reader />, root));
    expect(root.textContent).toBe("1");
    act(() => {
      count.value = 2;
    });
    expect(root.textContent).toBe("2");
    const after = renders;
    act(() => {
      count.value = 2;
    });
    expect(renders).toBe(after);
  });

  it("useLocale follows applyLocale", () => {
    function Lang() {
      return <p>{useLocale()}</p>;
    }
    act(() => render(<Lang />, root));
    act(() => applyLocale("zh-CN"));
    expect(root.textContent).toBe("zh-CN");
    act(() => applyLocale("en"));
    expect(root.textContent).toBe("en");
  });

  it("toast() reaches the toast region", () => {
    act(() => render(<ToastRegion />, document.body.appendChild(root)));
    act(() => {
      toast({ tone: "success", title: "Saved the draft" });
    });
    expect(document.querySelector("[data-testid=toast-success]")?.textContent).toContain("Saved the draft");
  });

  it("announce() fills the live region", async () => {
    act(() => render(<Announcer />, root));
    await act(async () => {
      announce("Charged to Personal");
      await new Promise((r) => setTimeout(r, 80));
    });
    expect(root.querySelector("[data-testid=announcer-polite]")?.textContent).toBe("Charged to Personal");
  });
});
