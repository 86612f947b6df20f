// Whether a reply that was asked for JSON is JSON (and matches the schema), and why not.

import { Badge } from "../../components";
import { t } from "../../i18n";
import type { JsonCheck } from "../../ipc";
import { jsonProblemText } from "./format";

export function JsonCheckView(props: { check: JsonCheck }) {
  const { check } = props;
  return (
    <div
      class={`chat-msg__json chat-msg__json--${check.valid ? "ok" : "bad"}`}
      data-testid="chat-json-check"
      data-valid={String(check.valid)}
    >
      <Badge tone={check.valid ? "success" : "warning"} icon={check.valid ? "checkCircle" : "alert"}>
        {check.valid
          ? check.mode === "json_schema"
            ? t("chat.json.matchesSchema")
            : t("chat.json.valid")
          : check.mode === "json_schema"
            ? t("chat.json.schemaMismatch")
            : t("chat.json.invalid")}
      </Badge>
      {check.problems.length > 0 && (
        <ul class="chat-msg__json-problems">
          {check.problems.map((p, i) => (
            <li key={i} class="mono">
              {jsonProblemText(p)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
