import type { ButtonHTMLAttributes, ComponentChildren } from "preact";

import { Icon, type IconName } from "./Icon";

export type BadgeTone = "neutral" | "accent" | "success" | "warning" | "danger" | "sandbox";

/** A static status label. */
export function Badge(props: { tone?: BadgeTone; icon?: IconName; children: ComponentChildren; "data-testid"?: string }) {
  return (
    <span class={`badge badge--${props.tone ?? "neutral"}`} data-testid={props["data-testid"]}>
      {props.icon && <Icon name={props.icon} size={14} />}
      <span class="badge__text">{props.children}</span>
    </span>
  );
}

/** A pill-shaped button for compact status that leads somewhere (e.g. "Charged to"). */
export function Chip(
  props: {
    tone?: BadgeTone;
    icon?: IconName;
    /** A trailing icon, e.g. a chevron when the chip opens a menu. */
    iconAfter?: IconName;
    children: ComponentChildren;
  } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "icon" | "role" | "type">,
) {
  const { tone = "neutral", icon, iconAfter, children, class: extra, ...rest } = props;
  return (
    <button type="button" {...rest} class={`chip chip--${tone}${extra ? ` ${String(extra)}` : ""}`}>
      {icon && <Icon name={icon} size={15} />}
      <span class="chip__text">{children}</span>
      {iconAfter && <Icon name={iconAfter} size={14} class="chip__after" />}
    </button>
  );
}
