// Small helpers for the Voices screen: counting, prices as the platform states them,
// clip times, and the voice-board filters. Amounts stay decimal text throughout.

import { formatDayMonth } from "../../format/dates";
import { formatPoints } from "../../format/points";
import { formatNumber, t } from "../../i18n";
import type { TtsPrice, Voice } from "../../ipc";

/** An amount of points in words ("2 points", "2 积分"). */
export function pts(text: string): string {
  return t("voices.points", { n: formatPoints(text) });
}

/** Unicode code points, as the platform counts the input (an emoji is one). */
export function codePoints(text: string): number {
  return Array.from(text).length;
}

/** Not empty and not only whitespace (the platform's rule). */
export function hasSpeech(text: string): boolean {
  return text.trim().length > 0;
}

/** "2 points per 100 characters", "1 point per 10 seconds of audio", or the raw unit.
 *  A price the app can't read is shown as it was sent; a missing block size is said, never
 *  taken to be 1. */
export function priceLabel(price: TtsPrice): string {
  if (price.points === undefined || price.unavailable === "unreadablePrice") {
    return t("voices.price.unreadable", { raw: price.raw });
  }
  const points = formatPoints(price.points);
  const size = price.unitSize;
  if (size === undefined) return t("voices.price.noSize", { points, unit: price.unit });
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

/**
 * What the board keeps per voice list (one catalog load), so that a keystroke is one pass
 * over flat arrays and no sort: the list in each sort order once asked for (a filter keeps
 * the order), each with its lower-cased search text beside it once a search needs it. The
 * collator sorts by name once per list; the other orders compare each voice's place in the
 * name order (equal names share one), integers. Made lazily: a first, unfiltered render
 * costs the name sort, as before, and nothing more.
 */
interface Sorted {
  voices: Voice[];
  /** Lower-cased `displayName + "\n" + voiceId`, index for index with `voices`. */
  text?: string[];
}

interface Prepared {
  /** The list sorted by name, which every other order starts from. */
  byName: Voice[];
  sorted: Map<VoiceSort, Sorted>;
  rank?: Map<Voice, number>;
}

const preparedLists = new WeakMap<readonly Voice[], Prepared>();

function sortedVoices(voices: readonly Voice[], sort: VoiceSort): Sorted {
  let p = preparedLists.get(voices);
  if (!p) {
    const named = voices.slice().sort(byName);
    p = { byName: named, sorted: new Map([["name", { voices: named }]]) };
    preparedLists.set(voices, p);
  }
  const cached = p.sorted.get(sort);
  if (cached) return cached;
  if (!p.rank) {
    const order = p.byName;
    const rank = new Map<Voice, number>();
    let r = 0;
    order.forEach((v, i) => {
      if (i > 0 && byName(order[i - 1], v) !== 0) r = i;
      rank.set(v, r);
    });
    p.rank = rank;
  }
  const rank = p.rank;
  // Every voice of the list has a place (set just above from the same list).
  const by = (v: Voice) => rank.get(v) ?? 0;
  const sorted = voices.slice();
  switch (sort) {
    case "name":
      sorted.sort((a, b) => by(a) - by(b));
      break;
    case "nameDesc":
      sorted.sort((a, b) => by(b) - by(a));
      break;
    case "ownFirst":
      sorted.sort((a, b) => Number(a.shared) - Number(b.shared) || by(a) - by(b));
      break;
    case "deadline":
      sorted.sort((a, b) => deadline(a) - deadline(b) || by(a) - by(b));
      break;
  }
  const made: Sorted = { voices: sorted };
  p.sorted.set(sort, made);
  return made;
}

/** The list's lower-cased search text, made the first time a search needs it. */
function searchText(sorted: Sorted): string[] {
  if (sorted.text === undefined) sorted.text = sorted.voices.map((v) => `${v.displayName.toLowerCase()}\n${v.voiceId.toLowerCase()}`);
  return sorted.text;
}

/** Search by name and id, filter, sort: the voice board's rows. */
export function boardRows(voices: readonly Voice[], q: BoardQuery): Voice[] {
  // A search box's value has no line breaks, so the needle never spans name and id.
  const needle = q.search.trim().toLowerCase();
  const sorted = sortedVoices(voices, q.sort);
  const list = sorted.voices;
  const text = needle ? searchText(sorted) : null;
  const rows: Voice[] = [];
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (q.ownership === "shared" && !v.shared) continue;
    if (q.ownership === "own" && v.shared) continue;
    if (q.state !== "any" && v.state !== q.state) continue;
    if (text && !text[i].includes(needle)) continue;
    rows.push(v);
  }
  return rows;
}

/** A short local date: "3 Dec" / "12月3日". */
export function shortDate(iso: string): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return iso;
  return formatDayMonth(at) || iso;
}
