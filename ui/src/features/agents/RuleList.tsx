// One line per rule: the verdict, the rule's id, why, and the rule as the docs say it.

import { Badge } from "../../components";
import type { RuleLine } from "../../ipc";
import { VERDICT_ICON, VERDICT_TONE, verdictName } from "./verdicts";

export function RuleList(props: { lines: readonly RuleLine[]; "data-testid"?: string }) {
  return (
    <ul class="agent-rules" data-testid={props["data-testid"] ?? "agent-rules"}>
      {props.lines.map((line, i) => (
        <li key={`${line.rule}-${i}`} class="agent-rule" data-testid="agent-rule" data-rule={line.rule} data-verdict={line.verdict}>
          <Badge tone={VERDICT_TONE[line.verdict]} icon={VERDICT_ICON[line.verdict]} data-testid="agent-rule-verdict">
            {verdictName(line.verdict)}
          </Badge>
          <code class="agent-rule__id" data-testid="agent-rule-id">
            {line.rule}
          </code>
          <span class="agent-rule__reason" data-testid="agent-rule-reason">
            {line.reason}
          </span>
          <span class="agent-rule__text" data-testid="agent-rule-text">
            {line.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
