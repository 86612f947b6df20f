// Compare: the same text in up to four voices. The summed estimate comes first and
// nothing is sent until the person confirms it; then each clip is made in turn, shown with
// its own cost, and they play one after another.

import { useEffect, useState } from "preact/hooks";

import { useBalanceCheck } from "../../app/useBalanceCheck";
import { BalanceCheckNotice, Button, Dialog, Spinner } from "../../components";
import { formatPoints } from "../../format/points";
import { errorMessage, formatNumber, t } from "../../i18n";
import { type Clip, type CompareQuote, type SpeechRequest, synthesizeSpeech, toAppError, ttsCompareQuote, type Voice } from "../../ipc";
import { CompareItem } from "./CompareItem";
import { player } from "./playback";

type Phase =
  | { kind: "quoting" }
  | { kind: "quoted"; quote: CompareQuote }
  | { kind: "running"; quote: CompareQuote }
  | { kind: "done"; quote: CompareQuote }
  | { kind: "failed"; message: string };

export function CompareDialog(props: {
  open: boolean;
  voices: readonly Voice[];
  request: Omit<SpeechRequest, "voiceId" | "batchId">;
  onClose: () => void;
  onSettled: () => void;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: "quoting" });
  const [results, setResults] = useState<(Clip | string | null)[]>([]);
  const requests: SpeechRequest[] = props.voices.map((v) => ({ ...props.request, voiceId: v.voiceId }));

  useEffect(() => {
    if (!props.open) return;
    let current = true;
    setPhase({ kind: "quoting" });
    setResults([]);
    ttsCompareQuote(requests)
      .then((quote) => current && setPhase({ kind: "quoted", quote }))
      .catch((err: unknown) => current && setPhase({ kind: "failed", message: errorMessage(toAppError(err).code) }));
    return () => {
      current = false;
    };
  }, [props.open]);

  const quote = phase.kind === "quoted" || phase.kind === "running" || phase.kind === "done" ? phase.quote : null;
  const check = useBalanceCheck(phase.kind === "quoted" ? (quote?.totalPoints ?? quote?.knownPoints ?? null) : null);

  const run = async () => {
    if (!quote) return;
    setPhase({ kind: "running", quote });
    const out: (Clip | string | null)[] = requests.map(() => null);
    setResults(out.slice());
    for (let i = 0; i < requests.length; i++) {
      const req = requests[i];
      if (!req) continue;
      try {
        out[i] = await synthesizeSpeech({ ...req, batchId: quote.batchId });
      } catch (err) {
        out[i] = errorMessage(toAppError(err).code);
      }
      setResults(out.slice());
    }
    setPhase({ kind: "done", quote });
    props.onSettled();
    const playable = out.filter((c): c is Clip => typeof c === "object" && c !== null && c.hasAudio).map((c) => c.id);
    void player.playAll(playable);
  };

  const running = phase.kind === "running";
  return (
    <Dialog
      open={props.open}
      onClose={() => {
        if (!running) props.onClose();
      }}
      title={t("voices.compare.title", { n: props.voices.length })}
      description={t("voices.compare.description")}
      data-testid="compare-dialog"
      footer={
        phase.kind === "done" || phase.kind === "failed" ? (
          <>
            {phase.kind === "done" && (
              <Button
                icon="play"
                onClick={() =>
                  void player.playAll(results.filter((c): c is Clip => typeof c === "object" && c !== null && c.hasAudio).map((c) => c.id))
                }
                data-testid="compare-play-all"
              >
                {t("voices.compare.playAll")}
              </Button>
            )}
            <Button variant="primary" onClick={props.onClose} data-testid="compare-close">
              {t("common.close")}
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" disabled={running} onClick={props.onClose}>
              {t("common.cancel")}
            </Button>
            <Button
              variant="primary"
              icon="columns"
              loading={running}
              disabled={!quote}
              onClick={() => void run()}
              data-testid="compare-confirm"
            >
              {quote?.totalPoints
                ? t("voices.compare.confirm", { points: formatPoints(quote.totalPoints) })
                : t("voices.compare.confirmUnknown")}
            </Button>
          </>
        )
      }
    >
      {phase.kind === "quoting" && <Spinner label={t("common.loading")} />}
      {phase.kind === "failed" && <p class="field__error">{phase.message}</p>}
      {quote && (
        <>
          <ol class="compare-list" data-testid="compare-list">
            {props.voices.map((voice, i) => (
              <CompareItem key={voice.voiceId} voice={voice} index={i} item={quote.items[i]} result={results[i]} running={running} />
            ))}
          </ol>
          <p class="compare-total" data-testid="compare-total">
            {quote.totalPoints
              ? t("voices.compare.total", { points: formatPoints(quote.totalPoints) })
              : t("voices.compare.partial", { points: formatPoints(quote.knownPoints), n: formatNumber(quote.unestimatedItems) })}
          </p>
          <BalanceCheckNotice check={check} data-testid="compare-balance-check" />
        </>
      )}
    </Dialog>
  );
}
