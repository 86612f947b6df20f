// A modal's focus while it is open: focus moves in (to [data-autofocus] or the first
// control) and Tab is trapped inside, Esc closes, the app behind is inert, and focus goes
// back to whatever opened it.

import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

let openCount = 0;

/** Whether a modal dialog is open (app shortcuts stay quiet while one is). */
export function anyDialogOpen(): boolean {
  return openCount > 0;
}

/** While any dialog is open the app behind it is inert: no focus, no clicks. */
function setBackgroundInert(inert: boolean) {
  const app = document.getElementById("app");
  if (!app) return;
  if (inert) app.setAttribute("inert", "");
  else app.removeAttribute("inert");
}

export function useDialogFocus(open: boolean, panel: RefObject<HTMLDivElement | null>, onClose: RefObject<() => void>) {
  useEffect(() => {
    if (!open) return;
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
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
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
  }, [open]);
}
