// One model in the catalog list: its name, code, type and what it can do.

import { Badge } from "../../components";
import type { ModelEntry } from "../../ipc";
import { chips, typeLabel } from "./labels";

export function ModelRow(props: { model: ModelEntry; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      class={`models-row${props.selected ? " is-selected" : ""}`}
      aria-pressed={props.selected ? "true" : "false"}
      onClick={props.onSelect}
      data-testid={`model-row-${props.model.modelCode}`}
    >
      <span class="models-row__name">{props.model.displayName}</span>
      <span class="models-row__code mono">{props.model.modelCode}</span>
      <span class="models-row__chips">
        <Badge tone={props.model.chatCapable ? "accent" : "neutral"}>{typeLabel(props.model.modelType)}</Badge>
        {chips(props.model).map((c) => (
          <span key={c} class="models-row__chip">
            {c}
          </span>
        ))}
      </span>
    </button>
  );
}
