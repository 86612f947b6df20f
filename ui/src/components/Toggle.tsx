import type { ComponentChildren } from "preact";
import { useId } from "preact/hooks";

/** An on/off switch with a visible label. */
export function Toggle(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ComponentChildren;
  hint?: ComponentChildren;
  disabled?: boolean;
  "data-testid"?: string;
}) {
  const id = useId();
  return (
    <div class="toggle-row">
      <div class="toggle-row__text">
        <span class="toggle-row__label" id={`${id}-label`}>
          {props.label}
        </span>
        {props.hint && (
          <span class="toggle-row__hint" id={`${id}-hint`}>
            {props.hint}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        class="toggle"
        aria-checked={props.checked ? "true" : "false"}
        aria-labelledby={`${id}-label`}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        disabled={props.disabled}
        data-testid={props["data-testid"]}
        onClick={() => props.onChange(!props.checked)}
      >
        <span class="toggle__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
