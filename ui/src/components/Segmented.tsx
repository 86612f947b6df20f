import { useRef } from "preact/hooks";

import { Icon, type IconName } from "./Icon";

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
  icon?: IconName;
  "data-testid"?: string;
}

/**
 * A single-choice control (radio group) with roving focus: Tab enters at the
 * selected option, arrow keys / Home / End move and select.
 */
export function Segmented<V extends string>(props: {
  label: string;
  /** id of a visible label element; when given it names the group instead of `label`. */
  labelledBy?: string;
  value: V;
  options: readonly SegmentedOption<V>[];
  onChange: (value: V) => void;
  size?: "sm" | "md";
  disabled?: boolean;
  "data-testid"?: string;
}) {
  const group = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    props.options.findIndex((o) => o.value === props.value),
  );

  const select = (next: number) => {
    const count = props.options.length;
    const wrapped = (next + count) % count;
    const option = props.options[wrapped];
    if (!option) return;
    props.onChange(option.value);
    const buttons = group.current?.querySelectorAll<HTMLButtonElement>("[role=radio]");
    buttons?.[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (props.disabled) return;
    const keys: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: props.options.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={props.labelledBy ? undefined : props.label}
      aria-labelledby={props.labelledBy}
      class={`segmented segmented--${props.size ?? "md"}`}
      onKeyDown={onKeyDown}
      data-testid={props["data-testid"]}
    >
      {props.options.map((option, i) => {
        const checked = i === index;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a complete WAI-ARIA radio group (roving tabindex, arrow keys in onKeyDown above, aria-checked); native radios would change the markup that the styles and tests hold to
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked ? "true" : "false"}
            tabIndex={checked ? 0 : -1}
            class={`segmented__option${checked ? " is-selected" : ""}`}
            disabled={props.disabled}
            data-value={option.value}
            data-testid={option["data-testid"]}
            onClick={() => {
              if (!checked) props.onChange(option.value);
            }}
          >
            {option.icon && <Icon name={option.icon} size={15} />}
            <span>{option.label}</span>
          </button>
        );
      })}
    </div>
  );
}
