// What the text would cost with the chosen configuration and voice, and what its receipts
// have shown of how it counts. Both are made again when a new clip may have taught the
// configuration's counting rule (`ledgerVersion`).

import { useLoad } from "../../app/useLoad";
import { type CostEstimate, type SpeechRequest, type TtsConfig, ttsEstimate } from "../../ipc";
import type { Draft } from "./Composer";
import { hasSpeech } from "./format";

export function useSpeechEstimate(
  config: TtsConfig | null,
  voiceId: string | null,
  draft: Draft,
  ledgerVersion: number,
  request: (voiceId: string) => SpeechRequest,
) {
  // The estimate follows the text, voice and configuration as they change; one that
  // can't be made shows none.
  // A new clip may teach the configuration's counting rule: the estimate is made again.
  const estimated = useLoad<CostEstimate>(
    () => ttsEstimate(request(voiceId ?? "")),
    "estimate",
    [config?.ttsConfigId, voiceId, draft.text, ledgerVersion],
    {
      skip: !config || !hasSpeech(draft.text),
      delayMs: 180,
    },
  );
  const estimate = estimated.error ? null : estimated.data;
  const estimating = estimated.loading;
  // What the chosen configuration's receipts have shown of its count (for the hint under
  // the text, whatever the text): the estimate of one Chinese character says it, locally.
  const countingProbe = useLoad<CostEstimate>(
    () => ttsEstimate({ ...request(voiceId ?? ""), input: "字" }),
    `counting:${config?.ttsConfigId ?? ""}`,
    [ledgerVersion],
    { skip: !config },
  );
  const counting = countingProbe.error ? null : (countingProbe.data?.counting ?? null);
  return { estimate, estimating, counting };
}
