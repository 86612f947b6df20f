// Synthesize, Retry and Save again on the Voices screen: the request in flight, the last clip or
// failure, and what a settled clip does (announce it, play it when it has audio).

import { useState } from "preact/hooks";

import { announce } from "../../components";
import { t } from "../../i18n";
import {
  type AppError,
  type Clip,
  retryClip,
  retrySaveAudio,
  type SpeechRequest,
  synthesizeSpeech,
  toAppError,
  type Voice,
} from "../../ipc";
import { player } from "./playback";

export function useSynthesis(deps: {
  request: (voiceId: string) => SpeechRequest;
  /** The chosen voice of the chosen configuration, or null. */
  voice: Voice | null;
  /** A clip came back, charged or not. */
  onClip: (clip: Clip) => void;
  /** It was a clone's first use (or a retry), which changes the voice's state. */
  onFirstUse: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [lastClip, setLastClip] = useState<Clip | null>(null);
  const [actionError, setActionError] = useState<AppError | null>(null);
  const [retryingId, setRetryingId] = useState<string | null>(null);

  const afterClip = (clip: Clip, wasPending: boolean) => {
    setLastClip(clip);
    deps.onClip(clip);
    if (clip.status === "complete" && clip.hasAudio) {
      announce(t("voices.outcome.savedAnnounce", { voice: clip.voiceName }));
      void player.play(clip.id);
    } else {
      announce(t(`voices.status.${clip.status}`), "assertive");
    }
    if (wasPending) deps.onFirstUse();
  };

  const synthesize = async () => {
    const voice = deps.voice;
    if (!voice) return;
    setBusy(true);
    setActionError(null);
    setLastClip(null);
    try {
      const clip = await synthesizeSpeech(deps.request(voice.voiceId));
      afterClip(clip, voice.state === "pendingActivation");
    } catch (err) {
      setActionError(toAppError(err));
    } finally {
      setBusy(false);
    }
  };

  const retry = async (clip: Clip) => {
    setRetryingId(clip.id);
    try {
      // Audio kept in memory after a full disk is saved, never sent again.
      const next = clip.audioKept ? await retrySaveAudio(clip.id) : await retryClip(clip.id);
      afterClip(next, true);
    } catch (err) {
      setActionError(toAppError(err));
    } finally {
      setRetryingId(null);
    }
  };

  return { busy, lastClip, actionError, retryingId, synthesize, retry };
}
