import { render } from "preact";
import { act } from "preact/test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { session, withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

// Issue 15, point 11: signing in to a Team changes who pays only when the person turns it
// on in the picker. The store is replaced so the test sees exactly what the picker asks for.
vi.mock("../../src/ipc", (real) =>
  withCommands(real, { listTeams: () => Promise.resolve([{ teamId: "t_alpha", name: "Team Alpha", role: "owner" }]) }),
);

const personal = session();

const signIn = vi.fn((_request: unknown, _name?: string) => Promise.resolve(true));
let sessions: (typeof personal)[] = [personal];
let active: typeof personal | null = personal;

vi.mock("../../src/app/sessions", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/app/sessions")>();
  return {
    ...real,
    useSessions: () => ({ view: { sessions, activeId: active?.id, payerNotChosen: active === null, signInPending: false, ended: [] } }),
    useActiveSession: () => active,
    sessionsStore: { ...real.sessionsStore, signIn, get: () => ({ signInError: null }) },
  };
});

const { TeamPicker } = await import("../../src/features/account/TeamPicker");
const { applyLocale } = await import("../../src/i18n");

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);
beforeEach(() => {
  signIn.mockClear();
  sessions = [personal];
  active = personal;
});

async function open() {
  await act(async () => {
    render(<TeamPicker open onClose={() => {}} personal={personal} signedInTeamIds={new Set()} onSignInPersonal={() => {}} />, root);
  });
  await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  act(() => findIn<HTMLElement>(document, "[data-testid=team-option-t_alpha]").click());
}

async function confirm() {
  await act(async () => {
    findIn<HTMLElement>(document, "[data-testid=team-sign-in-confirm]").click();
  });
}

describe("<TeamPicker> and who pays", () => {
  it("keeps the payer by default and says who pays now", async () => {
    await open();
    const toggle = findIn<HTMLElement>(document, "[data-testid=team-make-payer]");
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(document.body.textContent).toContain("Requests are charged to Personal now, and stay that way unless you turn this on.");
    await confirm();
    expect(signIn).toHaveBeenCalledWith({ kind: "team", teamId: "t_alpha", makePayer: false }, "Team Alpha");
  });

  // #26 item 10: the hint is a sentence a person would say, in both languages.
  it("says who pays now in a natural sentence, in English and Chinese", async () => {
    await open();
    const hint = () => findIn(document, "[data-testid=team-make-payer]").closest(".toggle-row")?.textContent ?? "";
    expect(hint()).toContain(
      "Requests are charged to Personal now, and stay that way unless you turn this on. You can switch at any time from the header.",
    );
    expect(hint()).not.toContain("Left off");
    // The window re-renders everything on a language switch (App reads the locale).
    act(() => render(null, root));
    applyLocale("zh-CN");
    await open();
    expect(hint()).toContain("请求目前由“个人”计费，不开启此项就保持不变。之后也可以随时在顶部栏切换。");
  });

  it("makes the Team the payer when the person turns it on", async () => {
    await open();
    act(() => findIn<HTMLElement>(document, "[data-testid=team-make-payer]").click());
    await confirm();
    expect(signIn).toHaveBeenCalledWith({ kind: "team", teamId: "t_alpha", makePayer: true }, "Team Alpha");
  });

  it("offers no choice when nobody is signed in: the Team is the only one that can pay", async () => {
    sessions = [];
    active = null;
    await act(async () => {
      render(<TeamPicker open onClose={() => {}} personal={null} signedInTeamIds={new Set()} onSignInPersonal={() => {}} />, root);
    });
    expect(document.querySelector("[data-testid=team-make-payer]")).toBeNull();
    const input = findIn<HTMLInputElement>(document, "input");
    await act(async () => {
      input.value = "t_alpha";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await confirm();
    expect(signIn).toHaveBeenCalledWith({ kind: "team", teamId: "t_alpha", makePayer: true }, undefined);
  });
});
