// Short, non-blocking confirmations ("Connected to …", "Couldn't save …").
// `toast()` can be called from anywhere; <ToastRegion/> renders them in the overlay
// layer so they stay visible (and reachable) while a dialog is open.

import { useStore } from "@nanostores/preact";
import { atom } from "nanostores";
import { createPortal } from "preact/compat";

import { hasPrivate } from "../format/mask";
import { t } from "../i18n";
import { Button } from "./Button";
import { Icon, type IconName } from "./Icon";

export type ToastTone = "success" | "error" | "info";

/** One button in a toast that leads somewhere (e.g. "Sign in again" → Account). */
export interface ToastAction {
  label: string;
  onClick: () => void;
  "data-testid"?: string;
}

export interface ToastMessage {
  id: number;
  tone: ToastTone;
  title: string;
  body?: string;
  /** Shown on hover over the body (e.g. a saved file's whole path, which the body leaves out). */
  bodyTitle?: string;
  action?: ToastAction;
  /** The screen it was shown on: leaving that screen puts it away. */
  screen?: string;
}

let nextId = 1;
/** The toasts on screen, oldest first. */
export const toasts = atom<ToastMessage[]>([]);
const timers = new Map<number, number>();

function publish(next: ToastMessage[]) {
  toasts.set(next);
}

export function dismissToast(id: number): void {
  window.clearTimeout(timers.get(id));
  timers.delete(id);
  publish(toasts.get().filter((toast) => toast.id !== id));
}

/** Puts every toast away (their words are in a language the window no longer speaks). */
export function dismissAllToasts(): void {
  for (const timer of timers.values()) window.clearTimeout(timer);
  timers.clear();
  publish([]);
}

let currentScreen = "";

/** Called on every screen change (the shell's navigate): toasts of another screen go. */
export function toastsBelongTo(screen: string): void {
  currentScreen = screen;
  for (const item of toasts.get()) if (item.screen && item.screen !== screen) dismissToast(item.id);
}

/** Shows a short toast; errors and toasts with an action stay a little longer. Returns its id. */
export function toast(message: { tone?: ToastTone; title: string; body?: string; bodyTitle?: string; action?: ToastAction }): number {
  const id = nextId++;
  // Presenting is quiet: a toast that would carry an id, an address or a path is not shown
  // (the screen that made it says the same in place); an error still is, masked.
  if (message.tone !== "error" && [message.title, message.body ?? "", message.bodyTitle ?? ""].some(hasPrivate)) return id;
  const entry: ToastMessage = { id, tone: message.tone ?? "info", title: message.title };
  if (message.body) entry.body = message.body;
  if (message.bodyTitle) entry.bodyTitle = message.bodyTitle;
  if (message.action) entry.action = message.action;
  if (currentScreen) entry.screen = currentScreen;
  publish([...toasts.get().slice(-2), entry]);
  const ms = entry.action || entry.tone === "error" ? 8000 : 4000;
  timers.set(
    id,
    window.setTimeout(() => dismissToast(id), ms),
  );
  return id;
}

const icons: Record<ToastTone, IconName> = { success: "checkCircle", error: "alert", info: "info" };

export function ToastRegion() {
  const shown = useStore(toasts);
  const host = document.getElementById("overlays") ?? document.body;
  return createPortal(
    <div class="toast-region" role="status" aria-live="polite" aria-relevant="additions" data-testid="toasts">
      {shown.map((item) => (
        <div key={item.id} class={`toast toast--${item.tone}`} data-testid={`toast-${item.tone}`}>
          <Icon name={icons[item.tone]} size={18} class="toast__icon" />
          <div class="toast__text">
            <p class="toast__title">{item.title}</p>
            {item.body && (
              <p class="toast__body" title={item.bodyTitle}>
                {item.body}
              </p>
            )}
            {item.action && (
              <div class="toast__action">
                <Button
                  variant="secondary"
                  size="sm"
                  iconAfter="arrowRight"
                  data-testid={item.action["data-testid"]}
                  onClick={() => {
                    const action = item.action;
                    dismissToast(item.id);
                    action?.onClick();
                  }}
                >
                  {item.action.label}
                </Button>
              </div>
            )}
          </div>
          <Button
            variant="ghost"
            size="sm"
            icon="close"
            aria-label={t("common.dismiss")}
            title={t("common.dismiss")}
            data-testid="toast-dismiss"
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
