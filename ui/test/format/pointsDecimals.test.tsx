// #26 item 7: one rule for fractional points. A fractional amount shows the platform's
// precision (three decimals: Team charges are exact to 0.001 point); amounts shown on one
// screen share one number of decimals, so Team Beta's 859.75, 859.568, 857.37 and 855.172
// line up; whole amounts stay whole where nothing is fractional; the screen says why in a
// short note, in both languages.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { AppContext, type AppContextValue } from "../../src/app/context";
import { BalanceCheckNotice, PointsScope } from "../../src/components";
import { BalanceHero } from "../../src/features/balances/BalanceHero";
import { IntervalView } from "../../src/features/balances/IntervalView";
import { TeamBreakdown } from "../../src/features/balances/TeamBreakdown";
import { formatPoints, POINT_PLACES, pointsPlaces } from "../../src/format/points";
import { applyLocale } from "../../src/i18n";
import type { BalanceInterval, BalanceOverview, LedgerEntry } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

const beta = { kind: "team", teamId: "t_beta", teamName: "Team Beta" } as const;

function teamBeta(spendable: string): BalanceOverview {
  return {
    sessionId: "s_beta",
    context: beta,
    spendable,
    detail: {
      kind: "team",
      teamId: "t_beta",
      role: "member",
      memberBalance: spendable,
      wallet: "5000",
      quota: { limit: "1000", used: "140.25", remaining: spendable, usedPermille: 140 },
    },
    refreshedAt: Date.now(),
    low: false,
    lowThreshold: "0",
    spendableRounded: false,
    settled: [],
  };
}

function charge(id: string, points: string): LedgerEntry {
  return {
    id,
    context: beta,
    source: "tts",
    requestId: `req-${id}`,
    summary: "TTS · Narrator",
    cost: { kind: "reported", points },
    receiptRef: id,
    at: Date.now() - 60_000,
    points,
  };
}

function interval(from: string, to: string, change: string, charges: LedgerEntry[]): BalanceInterval {
  return {
    from: { at: Date.now() - 120_000, spendable: from },
    to: { at: Date.now() - 60_000, spendable: to },
    change,
    charges,
    explained: change.replace("-", ""),
    unpriced: 0,
    unexplained: "0",
    counterRestarted: false,
    counterScopeUnknown: false,
  };
}

const app = { navigate: () => {} } as unknown as AppContextValue;

/** Team Beta's Balances, as the screen puts it together: hero, breakdown, two changes. */
function showTeamBeta() {
  act(() =>
    render(
      <AppContext.Provider value={app}>
        <PointsScope>
          <BalanceHero overview={teamBeta("857.37")} who="Team Beta" stale={false} now={Date.now()} />
          <TeamBreakdown overview={teamBeta("857.37")} />
          <ul>
            <IntervalView interval={interval("859.75", "859.568", "-0.182", [charge("a", "0.182")])} now={Date.now()} sharedWallet />
            <IntervalView interval={interval("859.568", "857.37", "-2.198", [charge("b", "2.198")])} now={Date.now()} sharedWallet />
          </ul>
        </PointsScope>
      </AppContext.Provider>,
      root,
    ),
  );
}

/** Every point amount the screen shows, in its order. */
function amounts(): string[] {
  return Array.from((root.textContent ?? "").matchAll(/−?\d[\d,]*(?:\.\d+)?/g), (m) => m[0]).filter((n) => /[.,]/.test(n) || n.length > 2);
}

describe("the rule", () => {
  it("shows a fractional amount to the platform's precision, a whole one whole, and never rounds", () => {
    expect(POINT_PLACES).toBe(3);
    expect(formatPoints("859.75")).toBe("859.750");
    expect(formatPoints("855.172")).toBe("855.172");
    expect(formatPoints("2500")).toBe("2,500");
    expect(formatPoints("0.0015")).toBe("0.0015");
    expect(formatPoints("9007199254740993")).toBe("9,007,199,254,740,993");
    expect(pointsPlaces(["859.75", "859.568", "857.37", "855.172"])).toBe(3);
    expect(pointsPlaces(["2500", "2499", null, undefined])).toBe(0);
    expect(["859.75", "859.568", "857.37", "1000"].map((a) => formatPoints(a, { places: 3 }))).toEqual([
      "859.750",
      "859.568",
      "857.370",
      "1,000.000",
    ]);
  });
});

describe("Team Beta's Balances", () => {
  it("shows every amount with the same three decimals, whole ones too", () => {
    showTeamBeta();
    const shown = amounts();
    expect(shown).toEqual(expect.arrayContaining(["859.750", "859.568", "857.370", "5,000.000", "140.250", "1,000.000", "2.198"]));
    const places = new Set(shown.map((n) => n.split(".")[1]?.length ?? 0));
    expect([...places], `one number of decimals on the screen: ${shown.join(" ")}`).toEqual([3]);
    expect(findIn(root, "[data-testid=balance-spendable]").textContent).toContain("857.370");
  });

  it("says why in a short note, in both languages", () => {
    showTeamBeta();
    expect(findIn(root, "[data-testid=points-fraction-note]").textContent).toContain("0.001 point");
    act(() => render(null, root));
    applyLocale("zh-CN");
    showTeamBeta();
    expect(findIn(root, "[data-testid=points-fraction-note]").textContent).toContain("0.001 积分");
  });

  it("keeps Personal's whole points whole, with no note", () => {
    const personal: BalanceOverview = {
      sessionId: "s_p",
      context: { kind: "personal" },
      spendable: "2498",
      detail: { kind: "personal", subscription: "2000", giftCard: "0", recharge: "498", total: "2498" },
      refreshedAt: Date.now(),
      low: false,
      lowThreshold: "100",
      spendableRounded: false,
      settled: [],
    };
    act(() =>
      render(
        <AppContext.Provider value={app}>
          <PointsScope>
            <BalanceHero overview={personal} who="Personal" stale={false} now={Date.now()} />
          </PointsScope>
        </AppContext.Provider>,
        root,
      ),
    );
    expect(findIn(root, "[data-testid=balance-spendable]").textContent).toContain("2,498");
    expect(root.textContent).not.toMatch(/\d\.\d/);
    expect(root.querySelector("[data-testid=points-fraction-note]")).toBeNull();
  });
});

describe("one sentence", () => {
  it("a balance warning's amounts share their decimals", () => {
    act(() =>
      render(
        <BalanceCheckNotice
          check={{ verdict: "exceeds", estimate: "12.5", remaining: "3", limitedBy: "balance", lowThreshold: "0", stale: false }}
        />,
        root,
      ),
    );
    expect(root.textContent).toContain("12.500");
    expect(root.textContent).toContain("3.000");
  });
});
