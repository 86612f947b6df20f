import { afterAll, describe, expect, it, vi } from "vitest";

import type { AppEvent, PlaybackState } from "../../src/ipc";
import { withCommands } from "../support/core";

// #23: the player is told by the core (`playbackChanged`), it never asks on a timer; a
// comparison goes on to its next clip when the core tells the end of the one playing.
const calls: string[] = [];
const handlers: ((event: AppEvent) => void)[] = [];
const state = (status: PlaybackState["status"], clipId?: string, positionMs = 0): PlaybackState => ({
  status,
  positionMs,
  volume: 1,
  device: "ready",
  ...(clipId ? { clipId } : {}),
});
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    onAppEvent: (handler: (event: AppEvent) => void) => {
      handlers.push(handler);
      return () => {};
    },
    playbackState: () => {
      calls.push("ask");
      return Promise.resolve(state("playing", "clip_a"));
    },
    playClip: (id: string) => {
      calls.push(`play ${id}`);
      return Promise.resolve(state("playing", id));
    },
  }),
);

const { player, playerState } = await import("../../src/features/voices/playback");
const tell = (playback: PlaybackState) => {
  for (const handler of handlers) handler({ type: "playbackChanged", playback });
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
afterAll(() => vi.useRealTimers());

describe("the player as the core tells it", () => {
  it("shows what it is told, asks nothing while a clip plays, and plays the next clip at the end", async () => {
    vi.useRealTimers();
    await player.playAll(["clip_a", "clip_b"]);
    expect(calls).toEqual(["play clip_a"]);
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval"] });
    tell(state("playing", "clip_a", 400));
    vi.advanceTimersByTime(5_000);
    expect(playerState.get().playback.positionMs).toBe(400);
    expect(calls).toEqual(["play clip_a"]);
    vi.useRealTimers();

    tell(state("ended", "clip_a", 2_000));
    await settle();
    expect(calls).toEqual(["play clip_a", "play clip_b"]);
    expect(playerState.get().playback.clipId).toBe("clip_b");
    // The same end told again starts nothing more.
    tell(state("ended", "clip_b", 2_000));
    tell(state("ended", "clip_b", 2_000));
    await settle();
    expect(calls).toEqual(["play clip_a", "play clip_b"]);
    expect(playerState.get().queue).toEqual([]);
  });
});
