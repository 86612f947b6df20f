import { describe, expect, it, vi } from "vitest";

import { session, withCommands } from "../support/core";

// No orphan player: switching who pays stops the clip started in the context that was left.
const calls: string[] = [];
const state = (status: string, clipId?: string) => ({ status, positionMs: 0, volume: 1, device: "default", ...(clipId ? { clipId } : {}) });
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    playClip: (id: string) => {
      calls.push(`play ${id}`);
      return Promise.resolve(state("paused", id));
    },
    stopPlayback: () => {
      calls.push("stop");
      return Promise.resolve(state("idle"));
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

describe("player and the paying context", () => {
  it("stops the clip when another context starts paying, and not on other session changes", async () => {
    sessionsState.set(viewWith("a"));
    await player.play("clip_1");
    expect(calls).toEqual(["play clip_1"]);
    // Same paying context, a new view: the clip plays on.
    sessionsState.set({ ...viewWith("a"), view: { ...viewWith("a").view, signInPending: true } });
    expect(calls).toEqual(["play clip_1"]);
    sessionsState.set(viewWith("b"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(["play clip_1", "stop"]);
    expect(playerState.get().playback.status).toBe("idle");
  });
});
