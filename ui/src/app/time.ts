// A shared clock for "expires in …" labels: one interval for the whole app, and
// the formatting of a time left in the active language.

import { useEffect } from "preact/hooks";

import { formatDateTime as formatDateTimeIntl } from "../format/dates";
import { t } from "../i18n";
import { useStore, watchedAtom } from "./store";

const MINUTE = 60_000;

let timer: number | undefined;

/** The time, updated once a minute while something reads it. */
export const minuteClock = watchedAtom(Date.now(), {
  watched() {
    // Catch up with the minutes that passed while nobody was reading.
    queueMicrotask(() => minuteClock.set(Date.now()));
    timer = window.setInterval(() => minuteClock.set(Date.now()), MINUTE);
  },
  unwatched() {
    window.clearInterval(timer);
    timer = undefined;
  },
});

/**
 * The current time, re-rendering the caller once a minute. A reader that mounts brings
 * the shared clock up to now, so what it shows first is never up to a minute old (a
 * session signed in a moment ago reads "6 d 23 h", not "7 d 0 h").
 */
export function useMinuteClock(): number {
  const value = useStore(minuteClock);
  useEffect(() => {
    const now = Date.now();
    if (now - minuteClock.value >= 1_000) minuteClock.set(now);
  }, []);
  return value;
}

/** When a session ends, in ms since the epoch (falls back to the seconds left). */
export function expiryTime(session: { expiresAt: string; expiresInSecs: number }, receivedAt = Date.now()): number {
  const parsed = Date.parse(session.expiresAt);
  return Number.isFinite(parsed) ? parsed : receivedAt + session.expiresInSecs * 1000;
}

/** "6 d 23 h", "5 h 12 min", "12 min", "less than a minute" (rounded down). */
export function formatDuration(ms: number): string {
  const totalMinutes = Math.floor(Math.max(0, ms) / MINUTE);
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return t("time.daysHours", { d: days, h: hours });
  if (hours > 0) return t("time.hoursMinutes", { h: hours, m: minutes });
  if (minutes > 0) return t("time.minutes", { m: minutes });
  return t("time.underAMinute");
}

/** "expires in 6 d 23 h" / "6 天 23 小时后过期"; "expired" once the time has passed. */
export function formatExpiresIn(expiresAt: number, at: number): string {
  const left = expiresAt - at;
  if (left <= 0) return t("time.expired");
  return t("time.expiresIn", { time: formatDuration(left) });
}

/** A full local date and time for tooltips and diagnostics. */
export function formatDateTime(ms: number): string {
  return formatDateTimeIntl(ms);
}
