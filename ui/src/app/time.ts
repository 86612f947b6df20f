// A shared clock for "expires in …" labels: one interval for the whole app, and
// the formatting of a time left in the active language.

import { useEffect, useState } from "preact/hooks";

import { t } from "../i18n";
import { formatDateTime as formatDateTimeIntl } from "../i18n/format";

const MINUTE = 60_000;

let now = Date.now();
let timer: number | undefined;
const listeners = new Set<(value: number) => void>();

function tick() {
  now = Date.now();
  for (const listener of listeners) listener(now);
}

/** The current time, re-rendering the caller once a minute. */
export function useMinuteClock(): number {
  const [value, setValue] = useState(() => Date.now());
  useEffect(() => {
    listeners.add(setValue);
    if (timer === undefined) timer = window.setInterval(tick, MINUTE);
    // Catch up with a tick that happened before this component subscribed.
    setValue(Date.now());
    return () => {
      listeners.delete(setValue);
      if (listeners.size === 0 && timer !== undefined) {
        window.clearInterval(timer);
        timer = undefined;
      }
    };
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
