// Screens are code-split: each one's module (and CSS) loads on its first visit, so the
// start-up bundle holds only the shell. The first screen starts loading at once, beside
// `app_info`, and a loaded screen renders at once on every later visit.

import type { ComponentType } from "preact";

import type { ScreenId } from "./screens";

export type ScreenComponent = ComponentType<Record<string, never>>;

const loaders: Record<ScreenId, () => Promise<ScreenComponent>> = {
  account: () => import("../features/account/AccountScreen").then((m) => m.AccountScreen),
  models: () => import("../features/models/ModelsScreen").then((m) => m.ModelsScreen),
  chat: () => import("../features/chat/ChatScreen").then((m) => m.ChatScreen),
  voices: () => import("../features/voices/VoicesScreen").then((m) => m.VoicesScreen),
  balances: () => import("../features/balances/BalancesScreen").then((m) => m.BalancesScreen),
  check: () => import("../features/check/CheckScreen").then((m) => m.CheckScreen),
  settings: () => import("../features/settings/SettingsScreen").then((m) => m.SettingsScreen),
};

const loaded = new Map<ScreenId, ScreenComponent>();
const inFlight = new Map<ScreenId, Promise<ScreenComponent>>();

/** The screen's component when its module has loaded, else null. */
export function loadedScreen(id: ScreenId): ScreenComponent | null {
  return loaded.get(id) ?? null;
}

/** Loads a screen's module once; a failed load is forgotten so a retry loads again. */
export function loadScreen(id: ScreenId): Promise<ScreenComponent> {
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  let pending = inFlight.get(id);
  if (!pending) {
    pending = loaders[id]().then(
      (component) => {
        loaded.set(id, component);
        inFlight.delete(id);
        return component;
      },
      (error: unknown) => {
        inFlight.delete(id);
        throw error;
      },
    );
    inFlight.set(id, pending);
  }
  return pending;
}
