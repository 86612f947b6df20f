import type { ComponentChildren } from "preact";
import { useId } from "preact/hooks";

import { Icon } from "./Icon";

/** Props a Field hands to its control so label, hint and error are wired up. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: "true";
}

/**
 * A labelled form control with an optional hint and error. The control is a render
 * prop so any input (TextInput, Select, …) gets the right id and descriptions.
 */
export function Field(props: {
  label: ComponentChildren;
  hint?: ComponentChildren;
  error?: string | null;
  required?: boolean;
  children: (control: FieldControlProps) => ComponentChildren;
  "data-testid"?: string;
}) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div class={`field${props.error ? " has-error" : ""}`} data-testid={props["data-testid"]}>
      <label class="field__label" for={id}>
        {props.label}
      </label>
      {props.children({
        id,
        "aria-describedby": describedBy,
        "aria-invalid": props.error ? "true" : undefined,
      })}
      {props.error && (
        <p class="field__error" id={errorId}>
          <Icon name="alert" size={14} />
          <span>{props.error}</span>
        </p>
      )}
      {props.hint && (
        <p class="field__hint" id={hintId}>
          {props.hint}
        </p>
      )}
    </div>
  );
}
