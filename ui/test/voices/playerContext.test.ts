import { describe, expect, it, vi } from "vitest";

// No orphan player: switching who pays stops the clip started in the context that was left.
const calls: string[] = [];
vi.mock("../../src/ipc", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/ipc")>();
  const state = (status: string, clipId?: string) => ({ status, positionMs: 0, volume: 1, device: "default", ...(clipId ? { clipId } : {}) }) as never;
  return {
    ...real,
    playClip: (id: string) => {
      calls.push(`play ${id}`);
      return Promise.resolve(state("paused", id));
    },
    stopPlayback: () => {
      calls.push("stop");
      return Promise.resolve(state("idle"));
    },
  };
});

const { sessionsState } = await import("../../src/app/sessions");
const { player, playerState } = await import("../../src/features/voices/playback");

const session = (id: string) => ({
  id,
  context: { kind: "personal" as const },
  displayName: "Lin",
  userId: "u",
  grantedScopes: [],
  expiresAt: "2030-01-01T00:00:00Z",
  expiresInSecs: 1,
  origin: "http://x",
});
const viewWith = (activeId: string) => ({
  status: "ready" as const,
  view: { sessions: [session("a"), session("b")], activeId, signInPending: false, ended: [], payerNotChosen: false },
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
