// A refused Team read says why in the person's language, beside the platform's own words;
// a read keeps the answer as sent on demand and flags what it could not read.

import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";

import type { TeamRead } from "../../src/bindings/TeamRead";
import { TeamReadView } from "../../src/components/PlatformRead";
import { applyLocale } from "../../src/i18n";

const refused: TeamRead<string> = {
  outcome: "refused",
  refusal: {
    kind: "planRequired",
    status: 402,
    platformCode: "TEAM_CREDIT_PACK_PLAN_REQUIRED",
    message: "The Team must activate a seat plan before buying credit packs",
    requestId: "req_1",
  },
};

function show(read: TeamRead<string>): HTMLElement {
  const root = document.createElement("div");
  document.body.append(root);
  render(
    <TeamReadView read={read} testid="part" onRetry={() => {}}>
      {(value) => <p data-testid="value">{value}</p>}
    </TeamReadView>,
    root,
  );
  return root;
}

afterEach(() => {
  document.body.innerHTML = "";
  applyLocale("en");
});

describe("TeamReadView", () => {
  it("says a 402 plan-required refusal in English and Chinese, with the platform's words", () => {
    applyLocale("en");
    let root = show(refused);
    const reason = root.querySelector("[data-testid=team-refusal-reason]")?.textContent ?? "";
    expect(reason).toContain("no active seat plan");
    expect(root.querySelector("[data-testid=team-refusal-message]")?.textContent).toBe(
      refused.outcome === "refused" ? refused.refusal.message : "",
    );
    expect(root.textContent).toContain("TEAM_CREDIT_PACK_PLAN_REQUIRED");
    document.body.innerHTML = "";
    applyLocale("zh-CN");
    root = show(refused);
    expect(root.querySelector("[data-testid=team-refusal-reason]")?.textContent).toContain("没有有效的席位套餐");
  });

  it("shows a read, flags what was missing and keeps the raw answer", () => {
    const root = show({
      outcome: "read",
      value: "hello",
      report: { shape: "data.items", missing: ["members[].role"], unrecognised: [] },
      raw: '{"items": []}',
    });
    expect(root.querySelector("[data-testid=value]")?.textContent).toBe("hello");
    expect(root.querySelector("[data-testid=part-flags]")?.textContent).toContain("members[].role");
    expect(root.querySelector("[data-testid=part-raw]")?.textContent).toBe('{"items": []}');
  });
});
