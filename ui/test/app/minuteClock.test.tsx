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
    await act(async () => {
      await Promise.resolve();
    });
    expect(root.textContent).toBe("2026-01-01T00:00:00.000Z");
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(root.textContent).toBe("2026-01-01T00:01:00.000Z");
    act(() => render(null, root));
    const last = minuteClock.peek();
    vi.advanceTimersByTime(120_000);
    expect(minuteClock.peek()).toBe(last);
    expect(vi.getTimerCount()).toBe(0);
  });
});
