import { listen, type UnlistenFn } from "@tauri-apps/api/event";
import { isTauri } from "@tauri-apps/api/core";

import type { AppEvent } from "../bindings/AppEvent";

/** The single event name the shell emits app-wide changes on. */
const APP_EVENT = "app-event";

/**
 * Subscribes to app-wide events: `platformChanged`, `sessionsChanged` (sign-in
 * started or cancelled, context switched, signed out, a session ended), `signedIn`
 * and `signInFailed`. The handler gets the typed `AppEvent` union; switch on `type`.
 * Returns a synchronous disposer so it drops straight into `useEffect`.
 */
export function onAppEvent(handler: (event: AppEvent) => void): () => void {
  if (!isTauri()) return () => {};
  let unlisten: UnlistenFn | undefined;
  let disposed = false;
  listen<AppEvent>(APP_EVENT, (event) => handler(event.payload))
    .then((fn) => {
      if (disposed) fn();
      else unlisten = fn;
    })
    .catch((err: unknown) => {
      console.warn("could not listen to app events", err);
    });
  return () => {
    disposed = true;
    unlisten?.();
  };
}
