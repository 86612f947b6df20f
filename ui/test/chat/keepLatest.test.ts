// #30 part 3: the windowed message log keeps its newest messages in the document (so in the
// accessibility tree) wherever the view is scrolled: a screen reader always finds the
// question and the reply being streamed, and the pinned (focused, edited) ones.

import { describe, expect, it } from "vitest";

import { KEEP_LAST, withPinned } from "../../src/features/chat/usePinnedMessages";

describe("the rendered messages of a windowed log", () => {
  it("include the newest two, the pinned ones and those in view, in order, once each", () => {
    expect(KEEP_LAST).toBe(2);
    // Scrolled to the top of a thousand messages, one pinned in the middle.
    expect(withPinned([0, 1, 2, 3], [500], 1000)).toEqual([0, 1, 2, 3, 500, 998, 999]);
    // At the bottom: nothing added twice.
    expect(withPinned([995, 996, 997, 998, 999], [], 1000)).toEqual([995, 996, 997, 998, 999]);
    expect(withPinned([0], [0], 1)).toEqual([0]);
    expect(withPinned([], [], 0)).toEqual([]);
  });
});
