// The running totals under the composer: points and clips this session, and in the
// paying context (with the clips whose charge the platform did not report).

import { usePoints } from "../../components";
import { formatNumber, t } from "../../i18n";
import type { TtsTotals } from "../../ipc";

export function TotalsView(props: { totals: TtsTotals | null }) {
  const x = props.totals;
  const formatPoints = usePoints([x?.sessionPoints, x?.contextPoints]);
  const pts = (text: string) => t("voices.points", { n: formatPoints(text) });
  if (!x) return null;
  return (
    <dl class="totals" data-testid="tts-totals">
      <div>
        <dt>{t("voices.totals.session")}</dt>
        <dd data-testid="tts-totals-session">
          {pts(x.sessionPoints)} ·{" "}
          {x.sessionClips === 1 ? t("voices.totals.clipsOne") : t("voices.totals.clips", { n: formatNumber(x.sessionClips) })}
        </dd>
      </div>
      <div>
        <dt>{t("voices.totals.context", { context: x.contextLabel })}</dt>
        <dd data-testid="tts-totals-context">
          {pts(x.contextPoints)} ·{" "}
          {x.contextClips === 1 ? t("voices.totals.clipsOne") : t("voices.totals.clips", { n: formatNumber(x.contextClips) })}
          {x.unreportedClips > 0 && <span class="muted"> · {t("voices.totals.unreported", { n: x.unreportedClips })}</span>}
        </dd>
      </div>
    </dl>
  );
}
