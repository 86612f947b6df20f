import type { ComponentChildren } from "preact";
import { createPortal } from "preact/compat";
import { useId, useRef } from "preact/hooks";

import { t } from "../i18n";
import { Button } from "./Button";
import { useDialogFocus } from "./useDialogFocus";

/**
 * A modal dialog: focus moves in and is trapped, Esc or the close button closes it,
 * and focus returns to whatever opened it.
 */
export function Dialog(props: {
  open: boolean;
  onClose: () => void;
  title: ComponentChildren;
  description?: ComponentChildren;
  children?: ComponentChildren;
  /** Buttons shown at the bottom; a close button is always present in the corner. */
  footer?: ComponentChildren;
  size?: "sm" | "md" | "lg";
  "data-testid"?: string;
}) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useDialogFocus(props.open, panel, onClose);

  if (!props.open) return null;
  const host = document.getElementById("overlays") ?? document.body;
  return createPortal(
    // A click on the backdrop closes, as a pointer shortcut; the keyboard closes with Esc
    // (useDialogFocus) or the close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut with keyboard equivalents (see above)
    <div
      class="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) props.onClose();
      }}
    >
      <div
        ref={panel}
        class={`dialog dialog--${props.size ?? "md"}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={props.description ? `${id}-desc` : undefined}
        tabIndex={-1}
        data-testid={props["data-testid"]}
      >
        <header class="dialog__header">
          <h2 class="dialog__title" id={`${id}-title`}>
            {props.title}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            icon="close"
            aria-label={t("common.close")}
            title={t("common.close")}
            onClick={props.onClose}
            data-testid="dialog-close"
          />
        </header>
        {props.description != null && (
          <p class="dialog__description" id={`${id}-desc`}>
            {props.description}
          </p>
        )}
        {props.children != null && <div class="dialog__body">{props.children}</div>}
        {props.footer != null && <footer class="dialog__footer">{props.footer}</footer>}
      </div>
    </div>,
    host,
  );
}
