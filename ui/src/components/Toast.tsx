// Short, non-blocking confirmations ("Connected to …", "Couldn't save …").
// `toast()` can be called from anywhere; <ToastRegion/> renders them in the overlay
// layer so they stay visible (and reachable) while a dialog is open.

import { createPortal } from "preact/compat";
import { useEffect, useState } from "preact/hooks";

import { t } from "../i18n";
import { Button } from "./Button";
import { Icon, type IconName } from "./Icon";

export type ToastTone = "success" | "error" | "info";

export interface ToastMessage {
  id: number;
  tone: ToastTone;
  title: string;
  body?: string;
}

let nextId = 1;
let current: ToastMessage[] = [];
const listeners = new Set<(toasts: ToastMessage[]) => void>();
const timers = new Map<number, number>();

function publish(next: ToastMessage[]) {
  current = next;
  for (const listener of listeners) listener(current);
}

export function dismissToast(id: number): void {
  window.clearTimeout(timers.get(id));
  timers.delete(id);
  publish(current.filter((toast) => toast.id !== id));
}

/** Shows a toast; errors stay longer. Returns its id. */
export function toast(message: { tone?: ToastTone; title: string; body?: string }): number {
  const id = nextId++;
  const entry: ToastMessage = { id, tone: message.tone ?? "info", title: message.title };
  if (message.body) entry.body = message.body;
  publish([...current.slice(-3), entry]);
  timers.set(id, window.setTimeout(() => dismissToast(id), entry.tone === "error" ? 9000 : 5000));
  return id;
}

const icons: Record<ToastTone, IconName> = { success: "checkCircle", error: "alert", info: "info" };

export function ToastRegion() {
  const [toasts, setToasts] = useState(current);
  useEffect(() => {
    listeners.add(setToasts);
    return () => listeners.delete(setToasts);
  }, []);
  const host = document.getElementById("overlays") ?? document.body;
  return createPortal(
    <div class="toast-region" role="status" aria-live="polite" aria-relevant="additions" data-testid="toasts">
      {toasts.map((item) => (
        <div key={item.id} class={`toast toast--${item.tone}`} data-testid={`toast-${item.tone}`}>
          <Icon name={icons[item.tone]} size={18} class="toast__icon" />
          <div class="toast__text">
            <p class="toast__title">{item.title}</p>
            {item.body && <p class="toast__body">{item.body}</p>}
          </div>
          <Button
            variant="ghost"
            size="sm"
            icon="close"
            aria-label={t("common.dismiss")}
            title={t("common.dismiss")}
            onClick={(event) => {
              // Keep keyboard focus somewhere sensible once the toast is gone.
              const hadFocus = event.currentTarget === document.activeElement;
              dismissToast(item.id);
              if (hadFocus) document.getElementById("main-content")?.focus();
            }}
          />
        </div>
      ))}
    </div>,
    host,
  );
}
