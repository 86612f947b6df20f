// Issue 24 (READINGS B7, E3): a throttled sign-in says how long to wait before starting
// again, and the Team picker says when a membership is not active, in both languages.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

import { englishWords } from "../support/chineseText";
import { session, withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    listTeams: () =>
      Promise.resolve([
        { teamId: "t_alpha", name: "Team Alpha", role: "owner", status: "active", memberStatus: "active" },
        { teamId: "t_beta", name: "Team Beta", role: "member", status: "active", memberStatus: "disabled" },
        { teamId: "t_gamma", name: "Team Gamma", role: "member", status: "active", memberStatus: "invited" },
      ]),
  }),
);

const { applyLocale } = await import("../../src/i18n");
const { SignInError } = await import("../../src/features/account/SignInError");
const { TeamPicker } = await import("../../src/features/account/TeamPicker");

let root: HTMLElement;
mountRoot((el) => (root = el));
afterEach(() => applyLocale("en"));

const busy = {
  code: "PLATFORM_BUSY",
  platformCode: "temporarily_unavailable",
  message: "Too many token requests",
  retryAfterSecs: 30,
  source: "callback",
  attempt: null,
  at: Date.now(),
} as const;

async function openPicker() {
  await act(async () => {
    render(<TeamPicker open onClose={() => {}} personal={session()} signedInTeamIds={new Set()} onSignInPersonal={() => {}} />, root);
  });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
}

describe("the platform's other readings, as the person meets them", () => {
  it("says a throttled sign-in changed nothing and how long to wait before starting again (B7)", () => {
    act(() => render(<SignInError failure={busy} onRetry={null} />, root));
    expect(findIn(root, "[data-testid=sign-in-error-explanation]").textContent).toBe(
      "The platform was too busy to finish the sign-in, so nothing changed. It asked to wait 30 s; then start the sign-in again here.",
    );
    expect(findIn(root, "[data-testid=sign-in-error-message]").textContent).toContain("Too many token requests");
    const { retryAfterSecs: _, ...noWait } = busy;
    act(() => render(<SignInError failure={{ ...noWait, at: Date.now() + 1 }} onRetry={null} />, root));
    expect(findIn(root, "[data-testid=sign-in-error-explanation]").textContent).toContain("Wait a moment");
  });

  it("says so in Chinese too (B7)", () => {
    applyLocale("zh-CN");
    act(() => render(<SignInError failure={busy} onRetry={null} />, root));
    const said = findIn(root, "[data-testid=sign-in-error-explanation]").textContent ?? "";
    expect(said).toContain("30 秒");
    expect(englishWords(said)).toEqual([]);
  });

  it("marks a Team whose membership is disabled or only an invitation (E3)", async () => {
    await openPicker();
    // The picker is a dialog, rendered outside `root`.
    expect(document.querySelector("[data-testid=team-membership-t_alpha]")).toBeNull();
    expect(findIn(document, "[data-testid=team-membership-t_beta]").textContent).toBe("Membership: Disabled");
    expect(findIn(document, "[data-testid=team-membership-t_gamma]").textContent).toBe("Membership: Invited");
    applyLocale("zh-CN");
    await openPicker();
    expect(findIn(document, "[data-testid=team-membership-t_beta]").textContent).toBe("成员状态：已停用");
  });
});
