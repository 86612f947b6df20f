import { render } from "preact";
import { act } from "preact/test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { withCommands } from "../support/core";
import { mountRoot } from "../support/dom";

// No core here: the two commands the notice can call are observed instead.
const calls: string[] = [];
const view = { sessions: [], signInPending: false, ended: [], payerNotChosen: false };
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    cancelSignIn: () => {
      calls.push("cancel");
      return Promise.resolve(view);
    },
    beginAccountAccess: () => {
      calls.push("begin accountAccess");
      return Promise.resolve({ ...view, signInPending: true });
    },
    beginSignIn: (request: { kind: string; teamId?: string; makePayer?: boolean }) => {
      calls.push(
        `begin ${request.kind} ${request.teamId ?? ""}${request.makePayer === undefined ? "" : ` payer=${request.makePayer}`}`.trim(),
      );
      return Promise.resolve({ ...view, signInPending: true });
    },
  }),
);

const { SignInExpired } = await import("../../src/features/account/SignInExpired");

let root: HTMLElement;
mountRoot((el) => (root = el));
beforeEach(() => {
  calls.length = 0;
});

describe("<SignInExpired>", () => {
  it("says the sign-in expired, shows the exact redirect URI it sent and what to check", () => {
    const expired = {
      contextKind: "team",
      teamId: "team_01",
      redirectUri: "http://127.0.0.1:49215/oauth/callback",
      makePayer: false,
      reason: "timedOut",
    } as const;
    act(() => render(<SignInExpired expired={expired} />, root));
    const text = root.textContent ?? "";
    expect(text).toContain("The sign-in expired");
    expect(text).toContain("redirect URI registered for the client");
    expect(root.querySelector("[data-testid=sign-in-expired-redirect]")?.textContent).toBe(expired.redirectUri);
  });

  it("says when a loopback sign-in ended because the app could not listen again after a restart", () => {
    const expired = {
      contextKind: "personal",
      redirectUri: "http://127.0.0.1:49215/oauth/callback",
      makePayer: false,
      reason: "notListening",
    } as const;
    act(() => render(<SignInExpired expired={expired} />, root));
    const text = root.textContent ?? "";
    expect(text).toContain("The sign-in ended when the app restarted");
    expect(text).not.toContain("within 10 minutes");
    expect(root.querySelector("[data-testid=sign-in-expired-redirect]")?.textContent).toBe(expired.redirectUri);
  });

  it("starts the same sign-in again (with the same payer choice), or puts the notice away", async () => {
    const expired = {
      contextKind: "team",
      teamId: "team_01",
      redirectUri: "xiaoya-companion://oauth/callback",
      makePayer: true,
      reason: "timedOut",
    } as const;
    act(() => render(<SignInExpired expired={expired} />, root));
    await act(async () => root.querySelector<HTMLButtonElement>("[data-testid=sign-in-expired-retry]")?.click());
    await act(async () => root.querySelector<HTMLButtonElement>("[data-testid=sign-in-expired-dismiss]")?.click());
    expect(calls).toEqual(["begin team team_01 payer=true", "cancel"]);
  });

  it("asks for access to account details again, never a Personal sign-in that would take over who pays", async () => {
    const expired = {
      contextKind: "personal",
      redirectUri: "xiaoya-companion://oauth/callback",
      makePayer: false,
      reason: "timedOut",
    } as const;
    act(() => render(<SignInExpired expired={expired} />, root));
    await act(async () => root.querySelector<HTMLButtonElement>("[data-testid=sign-in-expired-retry]")?.click());
    expect(calls).toEqual(["begin accountAccess"]);
  });
});
