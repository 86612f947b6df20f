import type { ComponentChildren } from "preact";

import { Icon, type IconName } from "./Icon";

/** What a screen shows when there is nothing yet, and the one next step to take. */
export function EmptyState(props: {
  icon: IconName;
  title: ComponentChildren;
  body?: ComponentChildren;
  action?: ComponentChildren;
  "data-testid"?: string;
}) {
  return (
    <div class="empty-state" data-testid={props["data-testid"] ?? "empty-state"}>
      <div class="empty-state__art" aria-hidden="true">
        <Icon name={props.icon} size={28} />
      </div>
      <h2 class="empty-state__title">{props.title}</h2>
      {props.body != null && <p class="empty-state__body">{props.body}</p>}
      {props.action != null && <div class="empty-state__action">{props.action}</div>}
    </div>
  );
}
