// #29: the Personal card asks for the `account` scope only when the person asks, and once it
// is granted the Account screen shows the Personal entitlements (the Team entitlements'
// view), in English and in 中文. A refusal for the scope reads as "not granted", with the
// same button; a refused consent says the Personal sign-in is unchanged.

import { render } from "preact";
import { act } from "preact/test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";

import type { PersonalEntitlements } from "../../src/bindings/PersonalEntitlements";
import type { TeamEntitlements } from "../../src/bindings/TeamEntitlements";
import { englishWords } from "../support/chineseText";
import { session, withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

const calls: string[] = [];
let answer: PersonalEntitlements = { state: "notGranted", sessionId: "s_personal" };
const view = { sessions: [], signInPending: false, ended: [], payerNotChosen: false };
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    beginAccountAccess: () => {
      calls.push("beginAccountAccess");
      return Promise.resolve({ ...view, signInPending: true });
    },
    beginSignIn: () => {
      calls.push("beginSignIn");
      return Promise.resolve({ ...view, signInPending: true });
    },
    personalEntitlements: () => {
      calls.push("personalEntitlements");
      return Promise.resolve(answer);
    },
  }),
);

const { applyLocale } = await import("../../src/i18n");
const { SessionCard } = await import("../../src/features/account/SessionCard");
const { PersonalEntitlementsSection } = await import("../../src/features/account/AccountDetails");
const { SignInError } = await import("../../src/features/account/SignInError");

const ENT: TeamEntitlements = {
  accountType: "personal",
  accountId: "oau_5f2c9a7d41e8b603",
  maxFileBytes: 209_715_200,
  totalBytes: 21_474_836_480,
  memberLimit: null,
  planFeatures: [],
  planFeatureFields: [],
  byok: true,
  sources: [
    { startsAt: "2025-03-01T00:00:00Z", endsAt: null, openEnded: true, other: [{ key: "sourceType", value: "base" }] },
    {
      startsAt: "2026-11-01T00:00:00Z",
      endsAt: "2027-11-01T00:00:00Z",
      openEnded: false,
      other: [{ key: "planId", value: "plan_personal_pro" }],
    },
  ],
  other: [],
};
const READ: PersonalEntitlements = {
  state: "asked",
  sessionId: "s_personal",
  read: { outcome: "read", value: ENT, report: { shape: "data", missing: [], unrecognised: [] }, raw: '{\n  "byok": true\n}' },
};

const personal = session({ grantedScopes: ["profile", "balance", "usage", "model"] });
const granted = session({ grantedScopes: ["profile", "balance", "usage", "model", "account"] });

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);
beforeEach(() => {
  calls.length = 0;
  answer = { state: "notGranted", sessionId: "s_personal" };
});

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("asking for access to account details", () => {
  it("offers the button on a Personal card without `account`, and asks only when pressed", async () => {
    act(() => render(<SessionCard session={personal} active others={[]} />, root));
    const missing = findIn(root, "[data-testid=account-access-missing]");
    expect(missing.textContent).toContain("This permission was not granted");
    const ask = findIn<HTMLButtonElement>(root, "[data-testid=account-access-ask]");
    expect(ask.textContent).toBe("Ask for access to account details");
    expect(calls).toEqual([]);
    await act(async () => ask.click());
    expect(calls).toEqual(["beginAccountAccess"]);
  });

  it("is not offered once `account` is granted, nor on a Team card", () => {
    act(() => render(<SessionCard session={granted} active others={[]} />, root));
    expect(root.querySelector("[data-testid=account-access-ask]")).toBeNull();
    const team = session({ id: "s_team", context: { kind: "team", teamId: "t1", teamName: "Team Alpha" }, grantedScopes: ["profile"] });
    act(() => render(<SessionCard session={team} active others={[]} />, root));
    expect(root.querySelector("[data-testid=account-access-ask]")).toBeNull();
  });

  it("shows the Personal entitlements in human units, bring-your-own-key in words, sources with dates", async () => {
    answer = READ;
    act(() => render(<PersonalEntitlementsSection personal={granted} />, root));
    await settle();
    expect(calls).toEqual(["personalEntitlements"]);
    const card = findIn(root, "[data-testid=personal-entitlements-card]");
    expect(card.textContent).toContain("Personal entitlements");
    expect(findIn(card, "[data-testid=personal-ent-max-file]").textContent).toBe("200 MiB");
    expect(findIn(card, "[data-testid=personal-ent-total]").textContent).toBe("20 GiB");
    expect(findIn(card, "[data-testid=personal-ent-max-file]").getAttribute("title")).toBe("209,715,200");
    expect(findIn(card, "[data-testid=personal-ent-byok]").textContent).toContain("allowed");
    const sources = card.querySelectorAll("[data-testid=personal-source]");
    expect(sources.length).toBe(2);
    expect(findIn(root, "[data-testid=personal-source][data-open-ended=true]").textContent).toContain("no end date");
    expect(sources[1].textContent).toContain("2027");
    expect(sources[1].textContent).toContain("plan_personal_pro");
    expect(root.querySelector("[data-testid=team-ent-member-limit]")).toBeNull();
    expect(findIn(root, "[data-testid=personal-ent-read-raw]").textContent).toContain('"byok": true');
  });

  it("reads a 403 for the scope as not granted, with the same button, never as a failure", async () => {
    answer = {
      state: "asked",
      sessionId: "s_personal",
      read: {
        outcome: "refused",
        refusal: {
          kind: "scopeMissing",
          status: 403,
          platformCode: "OPEN_AGENT_SCOPE_REQUIRED",
          message: "The account scope is required",
          requestId: "req_1",
        },
      },
    };
    act(() => render(<PersonalEntitlementsSection personal={granted} />, root));
    await settle();
    expect(findIn(root, "[data-testid=account-access-not-granted]").textContent).toContain("This permission was not granted");
    expect(root.querySelector("[data-testid=account-access-ask]")).not.toBeNull();
    expect(root.querySelector("[data-testid=error-state]")).toBeNull();
  });

  it("says plainly that a refused consent left the Personal sign-in unchanged", () => {
    const failure = {
      code: "SIGN_IN_FAILED",
      platformCode: "access_denied",
      message: "The user denied the authorization request",
      source: "callback",
      attempt: { request: { kind: "personal" }, purpose: "accountAccess", startedAt: Date.now() },
      at: Date.now(),
    } as const;
    act(() => render(<SignInError failure={failure} onRetry={null} />, root));
    const alert = findIn(root, "[data-testid=sign-in-error]");
    expect(alert.textContent).toContain("Access to account details was not granted");
    expect(findIn(root, "[data-testid=account-access-unchanged]").textContent).toBe(
      "Your Personal sign-in is unchanged: it keeps the permissions it had.",
    );
  });
});

describe("asking for access to account details, in 中文", () => {
  beforeEach(() => applyLocale("zh-CN"));

  it("words the button and the missing permission in Chinese", () => {
    act(() => render(<SessionCard session={personal} active others={[]} />, root));
    const missing = findIn(root, "[data-testid=account-access-missing]");
    expect(missing.textContent).toContain("未授予此权限");
    expect(findIn(root, "[data-testid=account-access-ask]").textContent).toBe("请求访问账户详情");
    expect(englishWords(missing.textContent ?? "")).toEqual([]);
  });

  it("shows the entitlements with Chinese words", async () => {
    answer = READ;
    act(() => render(<PersonalEntitlementsSection personal={granted} />, root));
    await settle();
    const card = findIn(root, "[data-testid=personal-entitlements-card]");
    expect(card.textContent).toContain("个人账户权益");
    expect(findIn(card, "[data-testid=personal-ent-byok]").textContent).toContain("允许");
    expect(findIn(root, "[data-testid=personal-source][data-open-ended=true]").textContent).toContain("长期有效");
    expect(findIn(card, "[data-testid=personal-ent-total]").textContent).toBe("20 GiB");
  });
});
