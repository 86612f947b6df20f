// The TTS explorer and playback. Amounts are exact decimal text (format with
// `formatPoints`); voice ids are opaque data, passed back exactly as received. The core
// creates every request id; the UI never does. The wrappers are generated from the
// command registry (`generated.ts`); the two below add a default and a rounding.

import type { Clip } from "../bindings/Clip";
import type { ClipFilter } from "../bindings/ClipFilter";
import type { PlaybackState } from "../bindings/PlaybackState";
import * as generated from "./generated";

export {
  deleteClip,
  openVoiceLibrary,
  pausePlayback,
  playbackState,
  playClip,
  resumePlayback,
  retryClip,
  retrySaveAudio,
  saveClip,
  setPlaybackVolume,
  stopPlayback,
  synthesizeSpeech,
  ttsCatalog,
  ttsClip,
  ttsCompareQuote,
  ttsEstimate,
  ttsTotals,
} from "./generated";

/** The active context's audio ledger, newest first. Local only. */
export function ttsClips(filter: ClipFilter = {}): Promise<Clip[]> {
  return generated.ttsClips(filter);
}

/** Moves playback to `positionMs` (whole, non-negative milliseconds). */
export function seekPlayback(positionMs: number): Promise<PlaybackState> {
  return generated.seekPlayback(Math.max(0, Math.round(positionMs)));
}
