import { describe, expect, it } from "vitest";

import { type BoardQuery, boardRows, type Ownership, type StateFilter, type VoiceSort } from "../../src/features/voices/format";
import type { Voice } from "../../src/ipc";

// The board's rows as a plain filter-then-sort: what the cached, pre-sorted version must
// give for every query.
const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });
const byName = (a: Voice, b: Voice) => collator.compare(a.displayName, b.displayName);
const deadline = (v: Voice) => {
  const at = v.expiresAt ? Date.parse(v.expiresAt) : NaN;
  return v.state === "pendingActivation" && Number.isFinite(at) ? at : Number.POSITIVE_INFINITY;
};

function reference(voices: readonly Voice[], q: BoardQuery): Voice[] {
  const needle = q.search.trim().toLowerCase();
  const rows = voices.filter(
    (v) =>
      !(q.ownership === "shared" && !v.shared) &&
      !(q.ownership === "own" && v.shared) &&
      (q.state === "any" || v.state === q.state) &&
      (!needle || v.displayName.toLowerCase().includes(needle) || v.voiceId.toLowerCase().includes(needle)),
  );
  const order: Record<VoiceSort, (a: Voice, b: Voice) => number> = {
    name: byName,
    nameDesc: (a, b) => byName(b, a),
    ownFirst: (a, b) => Number(a.shared) - Number(b.shared) || byName(a, b),
    deadline: (a, b) => deadline(a) - deadline(b) || byName(a, b),
  };
  return rows.slice().sort(order[q.sort]);
}

function voices(n: number): Voice[] {
  const names = ["Narrator 12", "narrator 12", "Narrator 2", "小雅 温柔", "Xiaoxiao (bright)", "Anchor", "anchor", "Zed 100"];
  const states = ["active", "pendingActivation", "expired", "unknown"] as const;
  return Array.from({ length: n }, (_, i) => {
    const state = states[(i * 7) % states.length];
    return {
      voiceId: `voice ${i} (${i % 3 === 0 ? "clone" : "stock"})`,
      displayName: `${names[i % names.length]}${i % 5 === 0 ? "" : ` ${i % 11}`}`,
      shared: i % 3 !== 0,
      state,
      stateRaw: state,
      usable: state === "active",
      ...(state === "pendingActivation" ? { expiresAt: new Date(Date.UTC(2026, 11, 1 + (i % 9))).toISOString() } : {}),
    } as Voice;
  });
}

describe("boardRows", () => {
  it("gives exactly the plain filter-and-sort rows for every query", () => {
    const list = voices(600);
    const searches = ["", "narrator", "narrator 12", "  NARRATOR ", "(clone)", "voice 1", "小雅", "zzz", "\n"];
    const ownerships: Ownership[] = ["all", "shared", "own"];
    const stateFilters: StateFilter[] = ["any", "active", "pendingActivation", "expired"];
    const sorts: VoiceSort[] = ["name", "nameDesc", "ownFirst", "deadline"];
    for (const sort of sorts)
      for (const ownership of ownerships)
        for (const state of stateFilters)
          for (const search of searches) {
            const q = { search, ownership, state, sort };
            const got = boardRows(list, q).map((v) => v.voiceId);
            expect(got, JSON.stringify(q)).toEqual(reference(list, q).map((v) => v.voiceId));
          }
  });

  it("answers a new catalog load with its own rows, not a cached list", () => {
    const first = voices(20);
    const q: BoardQuery = { search: "", ownership: "all", state: "any", sort: "name" };
    expect(boardRows(first, q)).toHaveLength(20);
    const second = first.slice(0, 5);
    expect(boardRows(second, q).map((v) => v.voiceId)).toEqual(reference(second, q).map((v) => v.voiceId));
  });
});
