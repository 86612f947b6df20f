// The TTS explorer and playback. Amounts are exact decimal text (format with
// `formatPoints`); voice ids are opaque data, passed back exactly as received. The core
// creates every request id; the UI never does.

import type { Clip } from "../bindings/Clip";
import type { ClipExport } from "../bindings/ClipExport";
import type { ClipFilter } from "../bindings/ClipFilter";
import type { CompareQuote } from "../bindings/CompareQuote";
import type { CostEstimate } from "../bindings/CostEstimate";
import type { PlaybackState } from "../bindings/PlaybackState";
import type { SpeechRequest } from "../bindings/SpeechRequest";
import type { TtsCatalog } from "../bindings/TtsCatalog";
import type { TtsTotals } from "../bindings/TtsTotals";
import { call } from "./commands";

/** The active context's configurations and voices, fresh from the platform. */
export function ttsCatalog(): Promise<TtsCatalog> {
  return call<TtsCatalog>("tts_catalog");
}

/** The estimate for a request (no network once the catalog is loaded). */
export function ttsEstimate(request: SpeechRequest): Promise<CostEstimate> {
  return call<CostEstimate>("tts_estimate", { request });
}

/** The summed estimate for the same text in up to four voices, and the batch id to use. */
export function ttsCompareQuote(requests: SpeechRequest[]): Promise<CompareQuote> {
  return call<CompareQuote>("tts_compare_quote", { requests });
}

/**
 * Synthesizes and saves a clip. Platform failures resolve with the clip's status
 * (`unknown`, `failed`, `settledNoAudio`) and its request id; only problems before the
 * request is journaled reject (INVALID_INPUT, NOT_SIGNED_IN, …).
 */
export function synthesizeSpeech(request: SpeechRequest): Promise<Clip> {
  return call<Clip>("synthesize_speech", { request });
}

/** Sends a clip again under its own request id. */
export function retryClip(id: string): Promise<Clip> {
  return call<Clip>("retry_clip", { id });
}

/** The active context's audio ledger, newest first. Local only. */
export function ttsClips(filter: ClipFilter = {}): Promise<Clip[]> {
  return call<Clip[]>("tts_clips", { filter });
}

export function ttsClip(id: string): Promise<Clip> {
  return call<Clip>("tts_clip", { id });
}

/** Points charged for speech: since the app started, and all time, in the active context. */
export function ttsTotals(): Promise<TtsTotals> {
  return call<TtsTotals>("tts_totals");
}

/** Copies a clip to `<data>/exports/`, or to the folder or file path typed (absolute or ~/). */
export function exportClip(id: string, destination: string | null): Promise<ClipExport> {
  return call<ClipExport>("export_clip", { id, destination });
}

export function deleteClip(id: string): Promise<void> {
  return call<void>("delete_clip", { id });
}

/** The core opens the configuration's voice library in the system browser (https only). */
export function openVoiceLibrary(ttsConfigId: string): Promise<void> {
  return call<void>("open_voice_library", { ttsConfigId });
}

/** Plays a saved clip from the start (AUDIO_UNAVAILABLE without a device, AUDIO_UNREADABLE if damaged). */
export function playClip(id: string): Promise<PlaybackState> {
  return call<PlaybackState>("play_clip", { id });
}

export function pausePlayback(): Promise<PlaybackState> {
  return call<PlaybackState>("pause_playback");
}

export function resumePlayback(): Promise<PlaybackState> {
  return call<PlaybackState>("resume_playback");
}

export function stopPlayback(): Promise<PlaybackState> {
  return call<PlaybackState>("stop_playback");
}

export function seekPlayback(positionMs: number): Promise<PlaybackState> {
  return call<PlaybackState>("seek_playback", { positionMs: Math.max(0, Math.round(positionMs)) });
}

/** 0–1. */
export function setPlaybackVolume(volume: number): Promise<PlaybackState> {
  return call<PlaybackState>("set_playback_volume", { volume });
}

export function playbackState(): Promise<PlaybackState> {
  return call<PlaybackState>("playback_state");
}
