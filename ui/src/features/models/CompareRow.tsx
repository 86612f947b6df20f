// One row of the model comparison: the fact, a "differs" badge, one cell per context.

import type { ComponentChildren } from "preact";

import { Badge } from "../../components";
import { t } from "../../i18n";

export function Row(props: { label: ComponentChildren; differs: boolean; testid: string; cells: ComponentChildren[] }) {
  return (
    <tr
      class={props.differs ? "compare-row compare-row--differs" : "compare-row"}
      data-testid={props.testid}
      data-differs={props.differs ? "true" : "false"}
    >
      <th scope="row">
        <span class="compare-row__label">{props.label}</span>
        {props.differs && <Badge tone="warning">{t("models.compare.differsBadge")}</Badge>}
      </th>
      {props.cells.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </tr>
  );
}
