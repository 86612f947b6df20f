// The spending chart as a table (behind "Show as table"): one row a day, one column a
// context, the points spent.

import { usePoints } from "../../components";
import { formatDay } from "../../format/dates";
import { t } from "../../i18n";
import type { SpendingChart } from "../../ipc";
import { contextKeyOf, contextLabelOf } from "./labels";

export function SpendingTable(props: { chart: SpendingChart }) {
  const { chart } = props;
  const formatPoints = usePoints(chart.series.flatMap((s) => s.values));
  return (
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
  );
}
