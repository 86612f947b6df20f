import { render } from "preact";
import { act } from "preact/test-utils";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { AppError, AppEvent, EndedSession, SessionSummary, SessionsView } from "../../src/ipc";
import { session, withCommands } from "../support/core";

// No core here: the sessions store is fed the core's events by hand, and the commands
// it calls answer from `core`. What it must do: one named notice per `sessionEnded`,
// none for a sign-out from this window or a platform switch (both `sessionsChanged`).
const core = {
  view: { sessions: [], signInPending: false, ended: [], payerNotChosen: false } as SessionsView,
  reads: 0,
  emit: (_event: AppEvent) => {},
  commandError: (_error: AppError, _command: string) => {},
};

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    getSessions: () => {
      core.reads += 1;
      return Promise.resolve(core.view);
    },
    signOut: (id: string) => {
      core.view = { ...core.view, sessions: core.view.sessions.filter((s) => s.id !== id), activeId: undefined };
      return Promise.resolve(core.view);
    },
    dismissSessionNotice: (id: string) => {
      core.view = { ...core.view, ended: core.view.ended.filter((e) => e.id !== id) };
      return Promise.resolve(core.view);
    },
    onAppEvent: (handler: (event: AppEvent) => void) => {
      core.emit = handler;
      return () => {};
    },
    onCommandError: (listener: (error: AppError, command: string) => void) => {
      core.commandError = listener;
      return () => {};
    },
  }),
);

const { sessionsStore, sessionsState } = await import("../../src/app/sessions");
const { SessionNotices } = await import("../../src/app/SessionNotices");
const { AppContext } = await import("../../src/app/context");
const { AppError: AppErrorClass } = await import("../../src/ipc");

const expiresAt = new Date(Date.now() + 6 * 86_400_000).toISOString();
const lin = { displayName: "Lin Xiaoya", grantedScopes: ["model", "balance"], expiresAt, expiresInSecs: 6 * 86_400 };
const personal = session({ ...lin, id: "s_personal" });
const alpha = session({ ...lin, id: "s_alpha", context: { kind: "team", teamId: "t_alpha", teamName: "Team Alpha" } });

function ended(of: SessionSummary, reason: EndedSession["reason"]): EndedSession {
  return { id: of.id, context: of.context, displayName: of.displayName, reason, at: new Date().toISOString(), wasPaying: true };
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

const notices: EndedSession[] = [];
const offEnded = sessionsStore.onSessionEnded((e) => notices.push(e));
const stop = sessionsStore.start();
afterAll(() => {
  offEnded();
  stop();
});

let root: HTMLElement;
beforeEach(async () => {
  notices.length = 0;
  core.view = { sessions: [personal, alpha], activeId: alpha.id, signInPending: false, ended: [], payerNotChosen: false };
  core.emit({ type: "sessionsChanged", view: core.view });
  await flush();
  root?.remove();
  root = document.createElement("div");
  document.body.append(root);
});

function renderNotices() {
  const app = { info: null, screen: "chat" as const, navigate: () => {}, platformChanged: () => {}, changeTheme: () => Promise.resolve() };
  act(() =>
    render(
      <AppContext.Provider value={app}>
        <SessionNotices />
      </AppContext.Provider>,
      root,
    ),
  );
}

describe("sessions store without correlation", () => {
  it("gives one named notice, with its reason, per sessionEnded", async () => {
    renderNotices();
    const end = ended(alpha, "rejected");
    core.view = { sessions: [personal], signInPending: false, ended: [end], payerNotChosen: true };
    act(() => core.emit({ type: "sessionEnded", ended: end, view: core.view }));
    await flush();

    expect(notices).toEqual([end]);
    expect(sessionsState.get().view.sessions.map((s) => s.id)).toEqual([personal.id]);
    const panels = root.querySelectorAll("[data-testid=session-ended]");
    expect(panels).toHaveLength(1);
    expect(panels[0]?.getAttribute("data-reason")).toBe("rejected");
    expect(root.querySelector("[data-testid=session-ended-title]")?.textContent).toBe("Team Alpha sign-in ended");
    expect(root.querySelector("[data-testid=session-ended-was-paying]")).not.toBeNull();

    // A later change of the same view is no second notice.
    act(() => core.emit({ type: "sessionsChanged", view: { ...core.view } }));
    await flush();
    expect(notices).toHaveLength(1);
  });

  it("names each of two sessions that end, once each", async () => {
    const first = ended(alpha, "contextEnded");
    const second = ended(personal, "expired");
    core.view = { sessions: [personal], signInPending: false, ended: [first], payerNotChosen: true };
    core.emit({ type: "sessionEnded", ended: first, view: core.view });
    core.view = { sessions: [], signInPending: false, ended: [second, first], payerNotChosen: false };
    core.emit({ type: "sessionEnded", ended: second, view: core.view });
    await flush();
    expect(notices.map((n) => [n.id, n.reason])).toEqual([
      [alpha.id, "contextEnded"],
      [personal.id, "expired"],
    ]);
  });

  it("gives no notice for a sign-out from this window", async () => {
    renderNotices();
    await act(() => sessionsStore.signOut(alpha.id));
    // The core's own announcement of the change follows the command's answer.
    act(() => core.emit({ type: "sessionsChanged", view: core.view }));
    await flush();
    expect(sessionsState.get().view.sessions.map((s) => s.id)).toEqual([personal.id]);
    expect(notices).toEqual([]);
    expect(root.querySelector("[data-testid=session-ended]")).toBeNull();
  });

  it("gives no notice for a platform switch that drops every session", async () => {
    renderNotices();
    core.view = { sessions: [], signInPending: false, ended: [], payerNotChosen: false };
    act(() => core.emit({ type: "platformChanged", platform: {} as never }));
    act(() => core.emit({ type: "sessionsChanged", view: core.view }));
    await flush();
    expect(sessionsState.get().view.sessions).toEqual([]);
    expect(notices).toEqual([]);
    expect(root.querySelector("[data-testid=session-ended]")).toBeNull();
  });

  it("shows the ended sessions the view lists, from a plain read", async () => {
    renderNotices();
    core.view = { sessions: [personal], signInPending: false, ended: [ended(alpha, "expired")], payerNotChosen: false };
    await act(async () => {
      await sessionsStore.refresh();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(root.querySelector("[data-testid=session-ended]")?.getAttribute("data-context")).toBe("team");
    // Read, not announced: the core's sessionEnded was the announcement.
    expect(notices).toEqual([]);
  });

  it("only re-reads the sessions on a SESSION_EXPIRED answer", async () => {
    const before = core.reads;
    core.view = { sessions: [personal], activeId: personal.id, signInPending: false, ended: [], payerNotChosen: false };
    core.commandError(new AppErrorClass({ code: "SESSION_EXPIRED", detail: "401" }), "models_catalog");
    await flush();
    expect(core.reads).toBe(before + 1);
    expect(sessionsState.get().view.sessions.map((s) => s.id)).toEqual([personal.id]);
    expect(notices).toEqual([]);
  });
});
