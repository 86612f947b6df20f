import { useState } from "preact/hooks";

import { keptKey } from "../../app/keep";
import { useLoad } from "../../app/useLoad";
import { Card, EmptyState, ErrorState, Segmented, SkeletonList } from "../../components";
import { formatPoints, isZero } from "../../format/points";
import { t } from "../../i18n";
import { type SpendingChart, spendingChart } from "../../ipc";
import { SpendingBars } from "./SpendingBars";

const RANGES = ["7", "14", "30"] as const;
type Range = (typeof RANGES)[number];

/** Points spent per day and context, drawn as plain SVG bars from the local ledger. */
export function SpendingChartCard(props: { contextKey: string; version: number }) {
  const [range, setRange] = useState<Range>("14");
  const days = Number.parseInt(range, 10);
  const chart = useLoad<SpendingChart>(
    () => spendingChart({ days, utcOffsetMinutes: -new Date().getTimezoneOffset() }),
    `${props.contextKey}|${range}`,
    props.version,
    { keep: keptKey(props.contextKey, `balances.chart.${range}`) },
  );
  return (
    <Card
      title={t("balances.chart.title")}
      description={t("balances.chart.description")}
      data-testid="spending-chart"
      actions={
        <Segmented<Range>
          label={t("balances.chart.range")}
          size="sm"
          value={range}
          onChange={setRange}
          data-testid="spending-range"
          options={RANGES.map((value) => ({
            value,
            label: t("balances.chart.days", { days: value }),
            "data-testid": `spending-range-${value}`,
          }))}
        />
      }
    >
      {chart.error ? (
        <ErrorState error={chart.error} onRetry={chart.reload} />
      ) : !chart.data ? (
        <SkeletonList rows={2} />
      ) : chart.data.series.length === 0 ? (
        <EmptyState icon="activity" title={t("balances.chart.empty")} data-testid="spending-empty" />
      ) : (
        <SpendingBars chart={chart.data} />
      )}
      {chart.data && !isZero(chart.data.byUsageCounter) && (
        <p class="balance-footnote" data-testid="spending-by-counter">
          {t("balances.chart.byCounter", { amount: formatPoints(chart.data.byUsageCounter) })}
        </p>
      )}
      {chart.data && chart.data.unpriced > 0 && (
        <p class="balance-footnote">
          {chart.data.unpriced === 1 ? t("balances.chart.unpricedOne") : t("balances.chart.unpriced", { count: chart.data.unpriced })}
        </p>
      )}
    </Card>
  );
}
