import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import { session, withCommands } from "../support/core";
import { mountRoot } from "../support/dom";

// The Teams come from a stubbed `list_teams`; the picker's list is a radio group
// with roving focus (arrows move and select).
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    listTeams: () =>
      Promise.resolve([
        { teamId: "t_alpha", name: "Team Alpha", role: "owner" },
        { teamId: "t_beta", name: "Team Beta", role: "member" },
      ]),
  }),
);

const { TeamPicker } = await import("../../src/features/account/TeamPicker");

const personal = session();

let root: HTMLElement;
mountRoot((el) => (root = el));

describe("<TeamPicker>", () => {
  it("lists the Teams as radios, marks the signed-in one, and moves the choice with the arrows", async () => {
    await act(async () => {
      render(
        <TeamPicker open onClose={() => {}} personal={personal} signedInTeamIds={new Set(["t_beta"])} onSignInPersonal={() => {}} />,
        root,
      );
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    const list = document.querySelector<HTMLElement>("[data-testid=team-list]");
    expect(list?.getAttribute("role")).toBe("radiogroup");
    const radios = () => Array.from(document.querySelectorAll<HTMLElement>("[role=radio]"));
    expect(radios().map((r) => r.getAttribute("data-team-id"))).toEqual(["t_alpha", "t_beta"]);
    expect(document.querySelector("[data-testid=team-option-t_beta]")?.textContent).toContain("Signed in");
    act(() => {
      list?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
    });
    expect(radios().map((r) => r.getAttribute("aria-checked"))).toEqual(["false", "true"]);
    expect(document.querySelector("[data-testid=team-sign-in-confirm]")?.textContent).toContain("Team Beta");
  });
});
