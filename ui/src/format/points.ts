// Points arrive from the core as exact decimal text ("859.75", "9007199254740993",
// "-12"). They are formatted here digit by digit, with the active language's separators,
// and never go through Number(): a JavaScript number can't hold 9007199254740993 (only
// formatCompact's abbreviation, which shows an approximate value anyway, does).

import { getLocale } from "../i18n";

interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Decimal text split into its parts, leading zeros and trailing fraction zeros trimmed. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const int = (match[2] ?? "0").replace(/^0+(?=\d)/, "");
  const frac = (match[3] ?? "").replace(/0+$/, "");
  const zero = int === "0" && frac === "";
  return { negative: match[1] === "-" && !zero, int, frac };
}

const separatorCache = new Map<string, { group: string; decimal: string }>();

function separators(locale: string): { group: string; decimal: string } {
  const cached = separatorCache.get(locale);
  if (cached) return cached;
  let group = ",";
  let decimal = ".";
  try {
    // A constant sample, only to learn the separators this locale uses.
    for (const part of new Intl.NumberFormat(locale).formatToParts(12345.6)) {
      if (part.type === "group") group = part.value;
      if (part.type === "decimal") decimal = part.value;
    }
  } catch {
    // Unknown locale: keep the defaults.
  }
  const found = { group, decimal };
  separatorCache.set(locale, found);
  return found;
}

function group(int: string, separator: string): string {
  let out = "";
  for (let i = 0; i < int.length; i++) {
    if (i > 0 && (int.length - i) % 3 === 0) out += separator;
    out += int[i];
  }
  return out;
}

/**
 * The platform's precision for fractional points: Personal charges are whole points and
 * Team charges are exact to a thousandth (src-tauri/sandbox/README.md, "Balances and
 * prices"; READINGS.md: `X-Xiaoya-Charged-Points` "whole for Personal, 0.001 for Team").
 *
 * One rule for decimals: a whole amount shows no decimals; a fractional one shows this many
 * (859.75 → 859.750), more only when the platform sent more (never rounded: the amounts
 * are exact). Amounts shown together — one list, one screen — share the places of the most
 * precise among them (`pointsPlaces`), so 859.750, 859.568 and 857.370 line up, and a
 * whole 1,000 beside them reads 1,000.000. Where a screen shows fractional amounts it says
 * so in a short note (components/PointsScope.tsx).
 */
export const POINT_PLACES = 3;

/** The decimals a fractional amount has (0 for a whole one or text that isn't decimal). */
function fractionDigits(text: string | null | undefined): number {
  if (text === null || text === undefined) return 0;
  return parseDecimal(text)?.frac.length ?? 0;
}

/**
 * The places for amounts shown together: 0 when all are whole, else the platform's
 * precision (`POINT_PLACES`) or the longest fraction among them, whichever is more.
 */
export function pointsPlaces(amounts: Iterable<string | null | undefined>): number {
  let longest = 0;
  for (const amount of amounts) longest = Math.max(longest, fractionDigits(amount));
  return longest === 0 ? 0 : Math.max(POINT_PLACES, longest);
}

/**
 * "9,007,199,254,740,993", "859.750", "−12". With `signed`, positive amounts get a "+";
 * `places` (from `pointsPlaces`) pads to the decimals of the amounts shown beside it.
 * Text that isn't a decimal is shown as it came.
 */
export function formatPoints(text: string, options: { signed?: boolean; places?: number } = {}): string {
  const d = parseDecimal(text);
  if (!d) return text;
  const { group: g, decimal } = separators(getLocale());
  const places = Math.max(options.places ?? pointsPlaces([text]), d.frac.length);
  const frac = d.frac.padEnd(places, "0");
  const body = group(d.int, g) + (frac ? decimal + frac : "");
  if (d.negative) return `\u2212${body}`;
  return options.signed && !isZero(text) ? `+${body}` : body;
}

/** Counts (requests, tokens): the same exact grouping, no padding. */
export const formatCount = (text: string): string => formatPoints(text, { places: 0 });

export function isZero(text: string): boolean {
  const d = parseDecimal(text);
  return d !== null && d.int === "0" && d.frac === "";
}

export function isNegative(text: string): boolean {
  return parseDecimal(text)?.negative ?? false;
}

/** The amount without its sign, as decimal text. */
export function absText(text: string): string {
  return text.startsWith("-") ? text.slice(1) : text;
}

/** A non-negative amount a person may type: digits and at most six decimals. */
export function isAmountText(text: string): boolean {
  return /^\d{1,30}(\.\d{1,6})?$/.test(text.trim());
}

/**
 * `part / whole` in whole percent, exactly (BigInt on micro-points, no float), for
 * labels like "32% of the total". Null when `whole` is zero or either isn't decimal.
 */
export function percentOf(part: string, whole: string): number | null {
  const micro = (text: string): bigint | null => {
    const d = parseDecimal(text);
    if (!d || d.frac.length > 6) return null;
    const value = BigInt(d.int + d.frac.padEnd(6, "0"));
    return d.negative ? -value : value;
  };
  const p = micro(part);
  const w = micro(whole);
  if (p === null || w === null || w <= 0n) return null;
  return Number((p * 100n) / w);
}

/**
 * Whole-percent shares of `whole` for every part, rounded by the largest remainder so
 * that parts adding up to the whole show percentages adding up to 100 (never 99).
 * Null entries where a part isn't decimal, or all null when `whole` is zero.
 */
export function percentShares(parts: string[], whole: string): (number | null)[] {
  const micro = (text: string): bigint | null => {
    const d = parseDecimal(text);
    if (!d || d.frac.length > 6) return null;
    const value = BigInt(d.int + d.frac.padEnd(6, "0"));
    return d.negative ? -value : value;
  };
  const w = micro(whole);
  const values = parts.map(micro);
  if (w === null || w <= 0n) return parts.map(() => null);
  const floors = values.map((v) => (v === null || v < 0n ? null : (v * 100n) / w));
  const remainders = values.map((v) => (v === null || v < 0n ? -1n : (v * 100n) % w));
  const known = values.every((v) => v !== null && v >= 0n);
  const sum = values.reduce<bigint>((acc, v) => acc + (v ?? 0n), 0n);
  if (!known || sum !== w) return floors.map((f) => (f === null ? null : Number(f)));
  let missing = 100n - floors.reduce<bigint>((acc, f) => acc + (f ?? 0n), 0n);
  const order = remainders.map((r, i) => [r, i] as const).sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] > b[0] ? -1 : 1));
  const out = floors.map((f) => f ?? 0n);
  for (const [, i] of order) {
    if (missing <= 0n) break;
    out[i] = out[i] + 1n;
    missing -= 1n;
  }
  return out.map(Number);
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
