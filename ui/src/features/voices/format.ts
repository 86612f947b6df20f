// Small helpers for the Voices screen: counting, prices as the platform states them,
// clip times, and the voice-board filters. Amounts stay decimal text throughout.

import { formatNumber, getLocale, t } from "../../i18n";
import type { TtsPrice, Voice } from "../../ipc";
import { formatPoints } from "../balances";

/** Unicode code points, as the platform counts the input (an emoji is one). */
export function codePoints(text: string): number {
  return Array.from(text).length;
}

/** Not empty and not only whitespace (the platform's rule). */
export function hasSpeech(text: string): boolean {
  return text.trim().length > 0;
}

/** "2 points per 100 characters", "1 point per 10 seconds of audio", or the raw unit. */
export function priceLabel(price: TtsPrice): string {
  const points = formatPoints(price.points);
  const size = price.unitSize;
  switch (price.unit) {
    case "characters":
      return t("voices.price.characters", { points, size });
    case "audio_seconds":
      return t("voices.price.seconds", { points, size });
    default:
      return t("voices.price.other", { points, size, unit: price.unit });
  }
}

/** m:ss for clip positions. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${s.toString().padStart(2, "0")}`;
}

export function seconds(ms: string | undefined): string | null {
  if (!ms || !/^\d+$/.test(ms)) return null;
  return formatNumber(Number(ms) / 1000, { maximumFractionDigits: 1 });
}

export type Ownership = "all" | "shared" | "own";
export type StateFilter = "any" | "active" | "pendingActivation" | "expired";
export type VoiceSort = "name" | "nameDesc" | "ownFirst" | "deadline";

export interface BoardQuery {
  search: string;
  ownership: Ownership;
  state: StateFilter;
  sort: VoiceSort;
}

const collator = (() => {
  try {
    return new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
  } catch {
    return null;
  }
})();

function byName(a: Voice, b: Voice): number {
  return collator ? collator.compare(a.displayName, b.displayName) : a.displayName.localeCompare(b.displayName);
}

function deadline(v: Voice): number {
  const at = v.expiresAt ? Date.parse(v.expiresAt) : NaN;
  return v.state === "pendingActivation" && Number.isFinite(at) ? at : Number.POSITIVE_INFINITY;
}

/** Search by name and id, filter, sort: the voice board's rows. */
export function boardRows(voices: readonly Voice[], q: BoardQuery): Voice[] {
  const needle = q.search.trim().toLowerCase();
  const rows = voices.filter((v) => {
    if (q.ownership === "shared" && !v.shared) return false;
    if (q.ownership === "own" && v.shared) return false;
    if (q.state !== "any" && v.state !== q.state) return false;
    if (!needle) return true;
    return v.displayName.toLowerCase().includes(needle) || v.voiceId.toLowerCase().includes(needle);
  });
  const sorted = rows.slice();
  switch (q.sort) {
    case "name":
      sorted.sort(byName);
      break;
    case "nameDesc":
      sorted.sort((a, b) => byName(b, a));
      break;
    case "ownFirst":
      sorted.sort((a, b) => Number(a.shared) - Number(b.shared) || byName(a, b));
      break;
    case "deadline":
      sorted.sort((a, b) => deadline(a) - deadline(b) || byName(a, b));
      break;
  }
  return sorted;
}

/** A short local date: "3 Dec" / "12月3日". */
export function shortDate(iso: string): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return iso;
  try {
    return new Intl.DateTimeFormat(getLocale(), { month: "short", day: "numeric" }).format(new Date(at));
  } catch {
    return iso;
  }
}
