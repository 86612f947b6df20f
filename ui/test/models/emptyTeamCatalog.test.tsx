// #24 (P3): a Team whose catalog is empty (its plan ended, or offers no model yet) is told
// why on Models and in Chat, in both languages, instead of a bare "no models"; Personal and
// a filter that matches nothing keep their own words.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { ModelCatalog, SessionsView } from "../../src/ipc";
import { chatCommands, session, withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

const team = session({
  id: "s_team",
  context: { kind: "team", teamId: "team_beta_02", teamName: "Team Beta", role: "member", memberId: "m_1" },
  grantedScopes: ["profile", "model"],
} as never);
const personal = session({ grantedScopes: ["profile", "model"] });
let view: SessionsView = { sessions: [team], activeId: team.id, signInPending: false, ended: [], payerNotChosen: false };

function emptyCatalog(kind: "team" | "personal"): ModelCatalog {
  return {
    context: kind === "team" ? { kind, teamId: "team_beta_02", label: "Team Beta" } : { kind, teamId: null, label: "Personal" },
    teamContextVersion: null,
    planVersionId: null,
    catalogVersion: null,
    items: [],
    skipped: 0,
    fetchedAt: Date.now(),
    fromCache: false,
    reading: { shape: "data.items", missing: [], unrecognised: [] },
    stale: null,
  } as unknown as ModelCatalog;
}
let answer = emptyCatalog("team");

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    ...chatCommands({ list: () => [], messages: () => [] }),
    getSessions: () => Promise.resolve(view),
    modelsCatalog: () => Promise.resolve(answer),
  }),
);

const { sessionsStore, sessionsState } = await import("../../src/app/sessions");
const { forgetAllKept } = await import("../../src/app/keep");
const { AppContext } = await import("../../src/app/context");
const { ModelsScreen } = await import("../../src/features/models/ModelsScreen");
const { ChatScreen } = await import("../../src/features/chat/ChatScreen");
const { applyLocale } = await import("../../src/i18n");
const stop = sessionsStore.start();
afterAll(() => stop());

const app = { info: null, screen: "models" as const, navigate: () => {}, platformChanged: () => {}, changeTheme: () => Promise.resolve() };

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);
beforeEach(() => {
  forgetAllKept();
  applyLocale("en");
});

async function settle() {
  for (let i = 0; i < 6; i += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function show(node: preact.JSX.Element, active: typeof team) {
  view = { ...view, sessions: [active], activeId: active.id };
  sessionsState.set({ ...sessionsState.get(), status: "ready", view });
  act(() => render(<AppContext.Provider value={app}>{node}</AppContext.Provider>, root));
  await settle();
}

describe("an empty Team catalog", () => {
  it("says on Models that the Team's plan decides, in both languages", async () => {
    answer = emptyCatalog("team");
    await show(<ModelsScreen />, team);
    const none = () => findIn<HTMLElement>(root, "[data-testid=models-none]").textContent ?? "";
    expect(none()).toContain("Team Beta offers no models right now");
    expect(none()).toContain("the Team's owner can change that");
    applyLocale("zh-CN");
    act(() => render(null, root));
    await show(<ModelsScreen />, team);
    expect(none()).toContain("Team Beta 目前没有可用的模型");
  });

  it("says the same in Chat instead of 'no model that writes text'", async () => {
    answer = emptyCatalog("team");
    await show(<ChatScreen />, team);
    const body = findIn<HTMLElement>(root, "[data-testid=chat-start-body]").textContent ?? "";
    expect(body).toContain("Team Beta offers no models right now");
    expect(body).not.toContain("no model that writes text");
  });

  it("leaves Personal's empty catalog in its own words", async () => {
    answer = emptyCatalog("personal");
    await show(<ModelsScreen />, personal);
    expect(findIn<HTMLElement>(root, "[data-testid=models-none]").textContent).toContain("This context's catalog is empty.");
    await show(<ChatScreen />, personal);
    expect(findIn<HTMLElement>(root, "[data-testid=chat-start-body]").textContent).toContain("no model that writes text");
  });
});
