import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { minuteClock, useMinuteClock } from "../../src/app/time";

afterEach(() => {
  vi.useRealTimers();
});

describe("minute clock", () => {
  it("ticks once a minute while read, and stops when nobody reads it", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    function Clock() {
      return <p>{new Date(useMinuteClock()).toISOString()}</p>;
    }
    const root = document.createElement("div");
    act(() => render(<Clock />, root));
    // The clock starts with its first reader (catching up at once); the reader re-renders
    // on the next task.
    await act(async () => {
      await Promise.resolve();
      vi.advanceTimersByTime(0);
    });
    expect(root.textContent).toBe("2026-01-01T00:00:00.000Z");
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    await act(async () => {
      vi.advanceTimersByTime(1); // the reader's re-render, batched to the next task
    });
    expect(root.textContent).toBe("2026-01-01T00:01:00.000Z");
    act(() => render(null, root));
    const last = minuteClock.value;
    vi.advanceTimersByTime(120_000);
    // Its last reader gone, the clock stopped: no tick, and no timer left behind.
    expect(minuteClock.value).toBe(last);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a reader that mounts between ticks shows the time now, not the last tick", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    function Clock(props: { id: string }) {
      return <p data-id={props.id}>{new Date(useMinuteClock()).toISOString()}</p>;
    }
    const root = document.createElement("div");
    act(() => render(<Clock id="first" />, root));
    await act(async () => {
      await Promise.resolve();
      vi.advanceTimersByTime(0);
    });
    // 30 s later, between two ticks, a second reader appears (a card just signed in).
    vi.setSystemTime(new Date("2026-01-01T00:00:30Z"));
    act(() =>
      render(
        <>
          <Clock id="first" />
          <Clock id="second" />
        </>,
        root,
      ),
    );
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(root.querySelector("[data-id=second]")?.textContent).toBe("2026-01-01T00:00:30.000Z");
    act(() => render(null, root));
    vi.useRealTimers();
  });
});
