// One voice of a comparison: its place, name, estimate and, once made, what it was
// charged and how the clip came out.

import { Badge, Icon, Spinner, usePoints } from "../../components";
import { t } from "../../i18n";
import type { Clip, CompareQuote, Voice } from "../../ipc";

export function CompareItem(props: {
  voice: Voice;
  index: number;
  item: CompareQuote["items"][number] | undefined;
  /** The clip made, the error it met, or null while not made yet. */
  result: Clip | string | null | undefined;
  running: boolean;
}) {
  const { voice, item, result, running } = props;
  const i = props.index;
  const clip = typeof result === "object" && result !== null ? result : null;
  const formatPoints = usePoints([item?.totalPoints, item?.lowestTotalPoints, clip?.cost?.charged, clip?.cost?.difference]);
  return (
    <li class="compare-item" data-testid="compare-item" data-voice-id={voice.voiceId}>
      <span class="compare-item__n">{i + 1}</span>
      <span class="compare-item__voice">{voice.displayName}</span>
      <span class="compare-item__cost">
        {item?.totalPoints
          ? t("voices.ledger.est", {
              v:
                item.lowestTotalPoints !== undefined
                  ? `${formatPoints(item.lowestTotalPoints)}–${formatPoints(item.totalPoints)}`
                  : formatPoints(item.totalPoints),
            })
          : t("voices.compare.noEstimate")}
        {clip && (
          <span data-testid="compare-charged">
            {" · "}
            {t("voices.ledger.charged", { v: clip.cost?.charged ? formatPoints(clip.cost.charged) : "—" })}
          </span>
        )}
      </span>
      <span class="compare-item__state">
        {running && result === null && <Spinner size="sm" />}
        {clip && clip.status === "complete" && clip.cost?.verdict === "differs" && (
          <Badge tone="warning" icon="alert">
            {formatPoints(clip.cost.difference ?? "0", { signed: true })}
          </Badge>
        )}
        {clip && clip.status === "complete" && clip.cost?.verdict !== "differs" && (
          <Icon name="checkCircle" size={16} label={t("voices.status.complete")} />
        )}
        {clip && clip.status !== "complete" && <Badge tone="danger">{t(`voices.status.${clip.status}`)}</Badge>}
        {typeof result === "string" && <Badge tone="danger">{result}</Badge>}
      </span>
    </li>
  );
}
