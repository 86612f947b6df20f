import { describe, expect, it, vi } from "vitest";

import { session, withCommands } from "../support/core";

// No orphan player: the core stops the clip when another context starts paying and tells it
// (`playbackChanged`); the page stops nothing itself, and drops what is left of its queue.
const calls: string[] = [];
const listeners: ((event: unknown) => void)[] = [];
const state = (status: string, clipId?: string) => ({ status, positionMs: 0, volume: 1, device: "default", ...(clipId ? { clipId } : {}) });
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    playClip: (id: string) => {
      calls.push(`play ${id}`);
      return Promise.resolve(state("playing", id));
    },
    stopPlayback: () => {
      calls.push("stop");
      return Promise.resolve(state("idle"));
    },
    onAppEvent: (listener: (event: unknown) => void) => {
      listeners.push(listener);
      return () => {};
    },
  }),
);

const { sessionsState } = await import("../../src/app/sessions");
const { player, playerState } = await import("../../src/features/voices/playback");

const viewWith = (activeId: string) => ({
  status: "ready" as const,
  view: { sessions: [session({ id: "a" }), session({ id: "b" })], activeId, signInPending: false, ended: [], payerNotChosen: false },
  loadError: null,
  pending: null,
  lastAttempt: null,
  signInError: null,
});

const tell = (playback: unknown) => {
  for (const listener of listeners) listener({ type: "playbackChanged", playback });
};

describe("player and the paying context", () => {
  it("drops a comparison's queue when another context pays, and shows the stop the core tells", async () => {
    sessionsState.set(viewWith("a"));
    await player.playAll(["clip_1", "clip_2", "clip_3"]);
    expect(calls).toEqual(["play clip_1"]);
    expect(playerState.get().queue).toEqual(["clip_2", "clip_3"]);
    // Same paying context, a new view: the queue stays.
    sessionsState.set({ ...viewWith("a"), view: { ...viewWith("a").view, signInPending: true } });
    expect(playerState.get().queue).toEqual(["clip_2", "clip_3"]);
    // Another context pays: the page asks for no stop (the core stops it) and plays nothing more.
    sessionsState.set(viewWith("b"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(["play clip_1"]);
    expect(playerState.get().queue).toEqual([]);
    // The core tells the stop: the bar shows it.
    tell(state("idle"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(playerState.get().playback.status).toBe("idle");
    expect(calls).toEqual(["play clip_1"]);
  });
});
