import type { ComponentChildren } from "preact";

import { createPortal } from "preact/compat";
import { useEffect, useId, useRef } from "preact/hooks";

import { t } from "../i18n";
import { Button } from "./Button";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

let openCount = 0;

/** While any dialog is open the app behind it is inert: no focus, no clicks. */
function setBackgroundInert(inert: boolean) {
  const app = document.getElementById("app");
  if (!app) return;
  if (inert) app.setAttribute("inert", "");
  else app.removeAttribute("inert");
}

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

  useEffect(() => {
    if (!props.open) return;
    const opener = document.activeElement as HTMLElement | null;
    openCount += 1;
    setBackgroundInert(true);

    const node = panel.current;
    const first = node?.querySelector<HTMLElement>("[data-autofocus]") ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? node)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onClose.current();
        return;
      }
      if (event.key !== "Tab" || !node) return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        event.preventDefault();
        node.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || active === node)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && active === lastItem) {
        event.preventDefault();
        firstItem.focus();
      } else if (!node.contains(active)) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      openCount -= 1;
      if (openCount === 0) setBackgroundInert(false);
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [props.open]);

  if (!props.open) return null;
  const host = document.getElementById("overlays") ?? document.body;
  return createPortal(
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
