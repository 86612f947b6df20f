import { Channel, isTauri } from "@tauri-apps/api/core";

import type { AppEvent } from "../bindings/AppEvent";
import { appEvents } from "./generated";

// App-wide events arrive on one channel handed to the `app_events` command. The window
// has no permission to listen to global Tauri events at all (so no script here can hear
// the deep-link plugin's URL broadcast); this channel is the only event source.
const handlers = new Set<(event: AppEvent) => void>();
let subscribed = false;

function subscribe() {
  if (subscribed) return;
  subscribed = true;
  const channel = new Channel<AppEvent>();
  channel.onmessage = (event) => {
    for (const handler of [...handlers]) {
      try {
        handler(event);
      } catch (err) {
        console.warn("app event handler failed", err);
      }
    }
  };
  appEvents(channel).catch((err: unknown) => {
    subscribed = false;
    console.warn("could not subscribe to app events", err);
  });
}

/**
 * Subscribes to app-wide events: `platformChanged`, `sessionsChanged` (sign-in
 * started or cancelled, context switched, signed out), `sessionEnded` (a session ended by
 * itself, with its reason), `signedIn`, `signInFailed`, `balanceChanged`, `clipSettled` and `playbackChanged`. The handler gets the typed `AppEvent` union;
 * switch on `type`. Returns a synchronous disposer so it drops straight into `useEffect`.
 */
export function onAppEvent(handler: (event: AppEvent) => void): () => void {
  if (!isTauri()) return () => {};
  handlers.add(handler);
  subscribe();
  return () => {
    handlers.delete(handler);
  };
}
