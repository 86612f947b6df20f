import { useState } from "preact/hooks";

import { Card, EmptyState, ErrorState, Segmented, SkeletonList } from "../../components";
import { t } from "../../i18n";
import { spendingChart, type SpendingChart } from "../../ipc";
import { formatDay, formatPoints, isZero } from "./format";
import { contextKeyOf, contextLabelOf } from "./labels";
import { useLoad } from "../../app/useLoad";

const RANGES = ["7", "14", "30"] as const;
type Range = (typeof RANGES)[number];

// The drawing's own coordinate system; the SVG scales to the card's width.
const WIDTH = 640;
const HEIGHT = 180;
const PLOT_TOP = 12;
const PLOT_BOTTOM = 150;
const PLOT_LEFT = 8;
const PLOT_RIGHT = WIDTH - 8;

/** Points spent per day and context, drawn as plain SVG bars from the local ledger. */
export function SpendingChartCard(props: { contextKey: string; version: number }) {
  const [range, setRange] = useState<Range>("14");
  const days = Number.parseInt(range, 10);
  const chart = useLoad<SpendingChart>(
    () => spendingChart({ days, utcOffsetMinutes: -new Date().getTimezoneOffset() }),
    `${props.contextKey}|${range}`,
    props.version,
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
        <Bars chart={chart.data} />
      )}
      {chart.data && chart.data.unpriced > 0 && (
        <p class="balance-footnote">
          {chart.data.unpriced === 1
            ? t("balances.chart.unpricedOne")
            : t("balances.chart.unpriced", { count: chart.data.unpriced })}
        </p>
      )}
    </Card>
  );
}

function Bars(props: { chart: SpendingChart }) {
  const { chart } = props;
  const dayCount = chart.days.length;
  const seriesCount = chart.series.length;
  const slot = (PLOT_RIGHT - PLOT_LEFT) / dayCount;
  const gap = Math.min(6, slot * 0.2);
  const barWidth = Math.max(1, (slot - gap) / seriesCount);
  const plotHeight = PLOT_BOTTOM - PLOT_TOP;
  const labelEvery = dayCount <= 7 ? 1 : dayCount <= 14 ? 2 : 5;

  return (
    <div class="spend-chart">
      <ul class="spend-chart__legend" data-testid="spending-legend">
        {chart.series.map((s, index) => (
          <li key={contextKeyOf(s.context)} data-testid="spending-series" data-total={s.total}>
            <span class={`spend-chart__swatch spend-series-${index % 6}`} aria-hidden="true" />
            <span class="spend-chart__name">{contextLabelOf(s.context)}</span>
            <span class="spend-chart__total">{t("balances.chart.total", { amount: formatPoints(s.total) })}</span>
          </li>
        ))}
      </ul>
      <svg
        class="spend-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t("balances.chart.aria", { days: dayCount, max: formatPoints(chart.max) })}
        data-testid="spending-svg"
      >
        <line class="spend-chart__axis" x1={PLOT_LEFT} x2={PLOT_RIGHT} y1={PLOT_BOTTOM + 0.5} y2={PLOT_BOTTOM + 0.5} />
        <line class="spend-chart__grid" x1={PLOT_LEFT} x2={PLOT_RIGHT} y1={PLOT_TOP + 0.5} y2={PLOT_TOP + 0.5} />
        <text class="spend-chart__max" x={PLOT_RIGHT} y={PLOT_TOP - 2} text-anchor="end">
          {formatPoints(chart.max)}
        </text>
        {chart.days.map((day, d) => {
          const x0 = PLOT_LEFT + d * slot + gap / 2;
          return (
            <g key={day}>
              {chart.series.map((s, index) => {
                const value = s.values[d] ?? "0";
                if (isZero(value)) return null;
                const permille = s.permille[d] ?? 0;
                // A day that spent anything stays visible next to a huge one.
                const h = Math.max(1.5, (permille / 1000) * plotHeight);
                return (
                  <rect
                    key={contextKeyOf(s.context)}
                    class={`spend-chart__bar spend-series-${index % 6}`}
                    x={x0 + index * barWidth}
                    y={PLOT_BOTTOM - h}
                    width={Math.max(1, barWidth - 1)}
                    height={h}
                    rx={Math.min(3, barWidth / 3)}
                  >
                    <title>{`${formatDay(day)} · ${contextLabelOf(s.context)}: ${formatPoints(value)}`}</title>
                  </rect>
                );
              })}
              {d % labelEvery === (dayCount - 1) % labelEvery && (
                <text class="spend-chart__day" x={x0 + (slot - gap) / 2} y={HEIGHT - 8} text-anchor="middle">
                  {formatDay(day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details class="spend-chart__table">
        <summary>{t("balances.chart.showTable")}</summary>
        <table class="data-table" data-testid="spending-table">
          <caption class="sr-only">{t("balances.chart.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("balances.chart.day")}</th>
              {chart.series.map((s) => (
                <th scope="col" key={contextKeyOf(s.context)}>
                  {contextLabelOf(s.context)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.days.map((day, d) => (
              <tr key={day}>
                <th scope="row">{formatDay(day)}</th>
                {chart.series.map((s) => (
                  <td key={contextKeyOf(s.context)} class="num">
                    {formatPoints(s.values[d] ?? "0")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
