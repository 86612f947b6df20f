// Byte counts in human units, in the active language: binary units (1 KiB = 1024 bytes),
// as storage limits are set, with at most one decimal and no rounding up past a limit's
// exact value ("200 MiB", "1.5 GiB"). The exact count is kept for a tooltip.

import { getLocale } from "../i18n";

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"] as const;

/** "200 MiB", "100 GiB", "512 B"; a negative or non-finite count is shown as sent. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return String(bytes);
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Truncated, not rounded: a limit of 1023.96 MiB never reads as "1,024 MiB".
  const shown = Math.floor(value * 10) / 10;
  const text = new Intl.NumberFormat(getLocale(), { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(shown);
  return `${text} ${UNITS[unit]}`;
}

/** "209,715,200 bytes" for a tooltip: the exact number the platform sent. */
export function formatByteCount(bytes: number): string {
  return new Intl.NumberFormat(getLocale(), { maximumFractionDigits: 0 }).format(bytes);
}
