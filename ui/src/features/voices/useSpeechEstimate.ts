// What the text would cost with the chosen configuration and voice. The estimate is made
// again when the configuration's counting rule changes (a settled clip may teach it: the
// core tells it with the clip, `countingVersion`).

import { useLoad } from "../../app/useLoad";
import { type CostEstimate, type SpeechRequest, type TtsConfig, ttsEstimate } from "../../ipc";
import type { Draft } from "./Composer";
import { hasSpeech } from "./format";

export function useSpeechEstimate(
  config: TtsConfig | null,
  voiceId: string | null,
  draft: Draft,
  countingVersion: number,
  request: (voiceId: string) => SpeechRequest,
) {
  // The estimate follows the text, voice and configuration as they change; one that
  // can't be made shows none.
  const estimated = useLoad<CostEstimate>(
    () => ttsEstimate(request(voiceId ?? "")),
    "estimate",
    [config?.ttsConfigId, voiceId, draft.text, countingVersion],
    {
      skip: !config || !hasSpeech(draft.text),
      delayMs: 180,
    },
  );
  const estimate = estimated.error ? null : estimated.data;
  const estimating = estimated.loading;
  return { estimate, estimating };
}
