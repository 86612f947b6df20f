// The player as the screen sees it: the core's playback state, as the core tells it
// (`playbackChanged`: every change, and the position while a clip plays), plus a queue so a
// comparison plays its clips one after another. Playback itself happens in Rust; this only
// steers it.

import { activeKey } from "../../app/sessions";
import { atom, useStore } from "../../app/store";
import {
  type AppError,
  onAppEvent,
  type PlaybackState,
  pausePlayback,
  playbackState,
  playClip,
  resumePlayback,
  seekPlayback,
  setPlaybackVolume,
  stopPlayback,
  toAppError,
} from "../../ipc";

export interface PlayerState {
  playback: PlaybackState;
  /** Clips still to play after the current one (a comparison). */
  queue: string[];
  /** The last failure (no device, damaged clip); cleared by the next success. */
  error: AppError | null;
  /** The clip a failure was about. */
  errorClipId: string | null;
}

const IDLE: PlaybackState = { status: "idle", positionMs: 0, volume: 1, device: "notOpened" };

/** The player's state: read `.value`, or `usePlayer()` in a component. */
export const playerState = atom<PlayerState>({ playback: IDLE, queue: [], error: null, errorClipId: null });

function publish(next: PlayerState) {
  playerState.set(next);
}

/** A state the core told or answered: shown, and at a clip's end the queue goes on. */
async function told(playback: PlaybackState) {
  const was = playerState.get().playback;
  publish({ ...playerState.get(), playback });
  const { queue } = playerState.get();
  const justEnded = playback.status === "ended" && !(was.status === "ended" && was.clipId === playback.clipId);
  if (justEnded && queue.length > 0) {
    const [next, ...rest] = queue;
    if (next) await start(next, rest);
  }
}

async function refresh() {
  try {
    await told(await playbackState());
  } catch (err) {
    publish({ ...playerState.get(), error: toAppError(err) });
  }
}

onAppEvent((event) => {
  if (event.type === "playbackChanged") void told(event.playback);
});

async function run(action: () => Promise<PlaybackState>, clipId: string | null = null): Promise<boolean> {
  try {
    const playback = await action();
    publish({ ...playerState.get(), playback, error: null, errorClipId: null });
    return true;
  } catch (err) {
    publish({ ...playerState.get(), error: toAppError(err), errorClipId: clipId, queue: [] });
    return false;
  }
}

/** The paying context the current clip (and its queue) was started in. */
let startedIn: string | null = null;

async function start(clipId: string, queue: string[]): Promise<boolean> {
  playerState.set({ ...playerState.get(), queue });
  startedIn = activeKey.get();
  return run(() => playClip(clipId), clipId);
}

// No orphan player: when another context starts paying (or nobody is signed in), the core
// stops the clip started in the context that was left and tells it (`playbackChanged`);
// here only what is left of a comparison's queue, and a failure about that context's clip,
// are dropped, so nothing of it plays or shows under the new payer.
function followContext(now: string) {
  if (startedIn === null || now === startedIn) return;
  startedIn = null;
  playerState.set({ ...playerState.get(), queue: [], error: null, errorClipId: null });
}
activeKey.listen(followContext);

export const player = {
  get: () => playerState.get(),
  /** Plays one clip from the start. Resolves false when it could not (see `error`). */
  play: (clipId: string) => start(clipId, []),
  /** Plays clips one after another. */
  playAll: (clipIds: string[]) => {
    const [first, ...rest] = clipIds;
    return first ? start(first, rest) : Promise.resolve(false);
  },
  pause: () => run(pausePlayback),
  resume: () => run(resumePlayback),
  stop: () => {
    playerState.set({ ...playerState.get(), queue: [] });
    return run(stopPlayback);
  },
  seek: (ms: number) => run(() => seekPlayback(ms)),
  volume: (v: number) => run(() => setPlaybackVolume(Math.min(1, Math.max(0, v)))),
  /** Reads the state once (on mount, so a clip still playing shows). */
  sync: () => refresh(),
  /** Calls `listener` on every later change; returns the disposer. */
  subscribe: (listener: (s: PlayerState) => void): (() => void) => playerState.listen(listener),
};

export function usePlayer(): PlayerState {
  return useStore(playerState);
}
