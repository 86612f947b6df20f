// The one place dates, times and abbreviated amounts are formatted, through `Intl` in
// the active language. Every screen uses these, so "7:52 AM" never sits beside
// "07:52 AM", nor "12/1/2026" beside "Dec 1, 2026".

import { getLocale } from "./index";

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

/**
 * Decimal text ("12345678.25") abbreviated for tight places: "12M" / "1235万". Amounts
 * below `from` (default 10,000,000) come back unchanged as `null` so the caller shows
 * them exactly. The exact value always belongs in a tooltip beside the short one.
 */
export function formatCompact(text: string, from = 10_000_000): string | null {
  const match = /^(-)?(\d+)(?:\.\d+)?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[2]);
  if (!Number.isFinite(value) || value < from) return null;
  try {
    const short = new Intl.NumberFormat(getLocale(), {
      notation: "compact",
      maximumFractionDigits: 1,
      roundingMode: "trunc",
    } as Intl.NumberFormatOptions).format(value);
    return match[1] ? `\u2212${short}` : short;
  } catch {
    return null;
  }
}
