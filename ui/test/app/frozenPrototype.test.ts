// The window runs with Tauri's `freezePrototype`: `Object.prototype` is frozen before any
// of the app's scripts. A library that assigns an inherited name such as `toString` on its
// own prototype then throws while loading and nothing renders (@preact/signals did).
// Every store module must load and work there.

import { expect, it } from "vitest";

Object.freeze(Object.prototype);

it("the stores load and update with Object.prototype frozen, as in the window", async () => {
  expect(Object.isFrozen(Object.prototype)).toBe(true);
  const { atom, computed, watchedAtom } = await import("../../src/app/store");
  await import("../../src/i18n");
  await import("../../src/components");
  const { sessionsState, activeSession } = await import("../../src/app/sessions");
  const { balanceState } = await import("../../src/features/balances/store");
  await import("../../src/features/voices/playback");
  await import("../../src/app/receipts");
  await import("../../src/app/time");

  const count = atom(1);
  const doubled = computed(count, (n) => n * 2);
  const seen: number[] = [];
  const off = doubled.listen((n) => seen.push(n));
  count.set(2);
  off();
  expect(seen).toEqual([4]);

  let watching = 0;
  const watched = watchedAtom(0, { watched: () => (watching += 1), unwatched: () => (watching -= 1) });
  const stop = watched.listen(() => {});
  expect(watching).toBe(1);
  stop();

  expect(activeSession.get()).toBeNull();
  expect(sessionsState.value.status).not.toBeUndefined();
  expect(balanceState.value.sessionId).toBeNull();
});
