// #24 (READINGS I2): a Team balance the platform sent as a whole number without its exact
// `balancePointsDecimal` may be rounded (859.75 written 860). The Balances screen never shows
// it as exact: "≈ 860", a Rounded badge and a note saying why, and the member figure says
// "about", in both languages; an exact balance keeps its words.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { AppContext, type AppContextValue } from "../../src/app/context";
import { PointsScope } from "../../src/components";
import { BalanceHero } from "../../src/features/balances/BalanceHero";
import { TeamBreakdown } from "../../src/features/balances/TeamBreakdown";
import { applyLocale } from "../../src/i18n";
import type { BalanceOverview } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

const app = {
  info: null,
  screen: "balances",
  navigate: () => {},
  platformChanged: () => {},
  changeTheme: () => Promise.resolve(),
} as unknown as AppContextValue;

function beta(spendable: string, spendableRounded: boolean): BalanceOverview {
  return {
    sessionId: "s_beta",
    context: { kind: "team", teamId: "t_beta", teamName: "Team Beta" },
    spendable,
    spendableRounded,
    detail: { kind: "team", teamId: "t_beta", role: "member", memberBalance: spendable, wallet: "12500" },
    refreshedAt: Date.now(),
    low: false,
    lowThreshold: "0",
    settled: [],
  };
}

function show(overview: BalanceOverview) {
  act(() =>
    render(
      <AppContext.Provider value={app}>
        <PointsScope>
          <BalanceHero overview={overview} who="Team Beta" stale={false} now={Date.now()} />
          <TeamBreakdown overview={overview} />
        </PointsScope>
      </AppContext.Provider>,
      root,
    ),
  );
}

describe("a Team balance without its exact decimal", () => {
  it("is shown as about that much, with why, in English", () => {
    applyLocale("en");
    show(beta("860", true));
    expect(findIn(root, "[data-testid=balance-spendable]").textContent).toContain("≈ 860");
    expect(findIn(root, "[data-testid=balance-hero-rounded]").textContent).toBe("Rounded");
    expect(findIn(root, "[data-testid=balance-rounded-note]").textContent).toContain(
      "sent this balance as a whole number without its exact decimal",
    );
    expect(findIn(root, "[data-testid=balance-member]").textContent).toContain("About what you can spend");
    expect(findIn(root, "[data-testid=balance-member]").textContent).not.toContain("Exactly");
    // The member's figure is the same rounded number: marked the same way.
    expect(findIn(root, "[data-testid=balance-member] .balance-figure__value").textContent).toBe("≈ 860");
  });

  it("is shown as about that much, with why, in Chinese", () => {
    applyLocale("zh-CN");
    show(beta("860", true));
    expect(findIn(root, "[data-testid=balance-hero-rounded]").textContent).toBe("已取整");
    expect(findIn(root, "[data-testid=balance-rounded-note]").textContent).toContain("没有给出精确的小数值");
    expect(findIn(root, "[data-testid=balance-member]").textContent).toContain("大约可以使用");
  });

  it("keeps an exact balance exact", () => {
    applyLocale("en");
    show(beta("859.75", false));
    expect(findIn(root, "[data-testid=balance-spendable]").textContent).not.toContain("≈");
    expect(root.querySelector("[data-testid=balance-rounded-note]")).toBeNull();
    expect(findIn(root, "[data-testid=balance-member]").textContent).toContain("Exactly what you can spend");
    expect(findIn(root, "[data-testid=balance-member] .balance-figure__value").textContent).not.toContain("≈");
  });
});
