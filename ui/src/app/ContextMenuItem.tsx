// One signed-in session in the "Charged to" menu: pick it to make its context pay.

import { Icon } from "../components";
import type { SessionSummary } from "../ipc";
import { contextName, roleLabel } from "./sessions";

export function ContextMenuItem(props: { session: SessionSummary; checked: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={props.checked ? "true" : "false"}
      tabIndex={-1}
      class={`menu__item${props.checked ? " is-checked" : ""}`}
      data-testid={`context-option-${props.session.id}`}
      data-context={props.session.context.kind}
      onClick={props.onChoose}
    >
      <span class={`menu__icon menu__icon--${props.session.context.kind}`} aria-hidden="true">
        <Icon name={props.session.context.kind === "team" ? "team" : "user"} size={16} />
      </span>
      <span class="menu__text">
        <span class="menu__title">
          {contextName(props.session)}
          {props.session.role && <span class="menu__role">{roleLabel(props.session.role)}</span>}
        </span>
        <span class="menu__sub">{props.session.displayName}</span>
      </span>
      <span class="menu__check" aria-hidden="true">
        {props.checked && <Icon name="check" size={16} />}
      </span>
    </button>
  );
}
