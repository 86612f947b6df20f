// Points spent per day and context as plain SVG bars, with the legend above and the same
// figures as a table below.

import { usePoints } from "../../components";
import { formatDay } from "../../format/dates";
import { isZero } from "../../format/points";
import { t } from "../../i18n";
import type { SpendingChart } from "../../ipc";
import { contextKeyOf, contextLabelOf } from "./labels";
import { SpendingTable } from "./SpendingTable";

// The drawing's own coordinate system; the SVG scales to the card's width.
const WIDTH = 640;
const HEIGHT = 180;
const PLOT_TOP = 12;
const PLOT_BOTTOM = 150;
const PLOT_LEFT = 8;
const PLOT_RIGHT = WIDTH - 8;

export function SpendingBars(props: { chart: SpendingChart }) {
  const { chart } = props;
  const dayCount = chart.days.length;
  const seriesCount = chart.series.length;
  const slot = (PLOT_RIGHT - PLOT_LEFT) / dayCount;
  const gap = Math.min(6, slot * 0.2);
  const barWidth = Math.max(1, (slot - gap) / seriesCount);
  const plotHeight = PLOT_BOTTOM - PLOT_TOP;
  const labelEvery = dayCount <= 7 ? 1 : dayCount <= 14 ? 2 : 5;
  const formatPoints = usePoints([chart.max, ...chart.series.flatMap((s) => [s.total, ...s.values])]);

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
      <SpendingTable chart={chart} />
    </div>
  );
}
