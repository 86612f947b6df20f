// The one place dates and times are formatted, through `Intl` in the active language
// (amounts are in points.ts). Every screen uses these, so "7:52 AM" never sits beside
// "07:52 AM", nor "12/1/2026" beside "Dec 1, 2026".

import { getLocale, t } from "../i18n";

const cache = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(kind: "time" | "timeSeconds" | "date" | "dateTime" | "dateTimeSeconds" | "day"): Intl.DateTimeFormat {
  const locale = getLocale();
  const key = `${locale}|${kind}`;
  let format = cache.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === "time"
        ? { timeStyle: "short" }
        : kind === "timeSeconds"
          ? { timeStyle: "medium" }
          : kind === "date"
            ? { dateStyle: "medium" }
            : kind === "dateTime"
              ? { dateStyle: "medium", timeStyle: "short" }
              : kind === "dateTimeSeconds"
                ? { dateStyle: "medium", timeStyle: "medium" }
                : { month: "short", day: "numeric" };
    format = new Intl.DateTimeFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

function safely(ms: number, kind: Parameters<typeof dateTimeFormat>[0]): string {
  const date = new Date(ms);
  if (!Number.isFinite(date.getTime())) return "";
  try {
    return dateTimeFormat(kind).format(date);
  } catch {
    return date.toISOString();
  }
}

/** "7:52 AM" / "07:52". */
export const formatTime = (ms: number, seconds = false): string => safely(ms, seconds ? "timeSeconds" : "time");
/** "Dec 1, 2026" / "2026年12月1日". */
export const formatDate = (ms: number): string => safely(ms, "date");
/** "Dec 1, 2026, 7:52 AM" / "2026年12月1日 07:52". */
export const formatDateTime = (ms: number, seconds = false): string => safely(ms, seconds ? "dateTimeSeconds" : "dateTime");
/** "Dec 1" / "12月1日". */
export const formatDayMonth = (ms: number): string => safely(ms, "day");

/** An RFC 3339 time the platform sent, in the active language; text that is not one is shown as sent. */
export function formatSentTime(raw: string): string {
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? formatDateTime(ms) : raw;
}

/** A time when it is today, otherwise the date and time. */
export function formatWhen(ms: number, now = Date.now(), seconds = false): string {
  const sameDay = new Date(now).toDateString() === new Date(ms).toDateString();
  return sameDay ? formatTime(ms, seconds) : formatDateTime(ms, seconds);
}

/** A time when it is today, otherwise only the date (lists). */
export function formatTimeOrDate(ms: number, now = Date.now()): string {
  const sameDay = new Date(now).toDateString() === new Date(ms).toDateString();
  return sameDay ? formatTime(ms) : formatDate(ms);
}

/** "just now", "3 minutes ago", "yesterday" in the active language. */
export function formatAgo(ms: number, now: number): string {
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 60) return t("balances.justNow");
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  try {
    const rtf = new Intl.RelativeTimeFormat(getLocale(), { numeric: "auto" });
    for (const [unit, size] of units) {
      if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit);
    }
  } catch {
    // Fall through to an absolute time.
  }
  return formatWhen(ms, now);
}

/** A local day from `YYYY-MM-DD` as "Nov 29" / "11月29日". */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-").map((p) => Number.parseInt(p, 10));
  if (!y || !m || !d) return day;
  return formatDayMonth(new Date(y, m - 1, d).getTime()) || day;
}
