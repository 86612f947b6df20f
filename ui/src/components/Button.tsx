import type { ButtonHTMLAttributes, ComponentChildren } from "preact";

import { Icon, type IconName } from "./Icon";
import { Spinner } from "./Spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

type NativeProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "size" | "icon" | "loading" | "type" | "disabled">;

export interface ButtonProps extends NativeProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the width, and blocks clicks while an action runs. */
  loading?: boolean;
  icon?: IconName;
  iconAfter?: IconName;
  type?: "button" | "submit" | "reset";
  disabled?: boolean;
  children?: ComponentChildren;
}

export function Button(props: ButtonProps) {
  const {
    variant = "secondary",
    size = "md",
    loading = false,
    icon,
    iconAfter,
    type = "button",
    disabled,
    children,
    class: extra,
    onClick,
    ...rest
  } = props;
  const iconSize = size === "sm" ? 15 : size === "lg" ? 19 : 17;
  const classes = ["btn", `btn--${variant}`, `btn--${size}`];
  if (loading) classes.push("is-loading");
  if (!children) classes.push("btn--icon-only");
  if (extra) classes.push(String(extra));
  return (
    <button
      {...rest}
      type={type}
      class={classes.join(" ")}
      disabled={disabled}
      aria-busy={loading ? "true" : undefined}
      aria-disabled={loading ? "true" : undefined}
      onClick={(event) => {
        // Kept focusable while loading (so focus isn't lost) but inert.
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {loading ? <Spinner size="sm" /> : icon ? <Icon name={icon} size={iconSize} /> : null}
      {children != null && <span class="btn__label">{children}</span>}
      {iconAfter && !loading && <Icon name={iconAfter} size={iconSize} />}
    </button>
  );
}
