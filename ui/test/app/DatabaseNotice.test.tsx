import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import { withCommands } from "../support/core";
import { findIn, mountRoot } from "../support/dom";

const calls = vi.hoisted(() => ({ dismissed: 0, shown: [] as string[] }));
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    dismissDatabaseNotice: () => {
      calls.dismissed += 1;
      return Promise.resolve();
    },
    showInFolder: (path: string) => {
      calls.shown.push(path);
      return Promise.resolve();
    },
  }),
);

const { DatabaseNotice } = await import("../../src/app/DatabaseNotice");
const { applyLocale } = await import("../../src/i18n");

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

describe("DatabaseNotice", () => {
  it("says what happened and where the old file is, in both languages", () => {
    const movedTo = "/home/ana/.local/share/com.xiaoya.companion/companion-damaged-20261201-095807.db";
    applyLocale("en");
    act(() => render(<DatabaseNotice setAside={{ damage: "corrupt", movedTo }} />, root));
    const notice = findIn(root, "[data-testid=database-notice]");
    expect(notice.getAttribute("role")).toBe("alert");
    expect(notice.textContent).toContain("damaged");
    expect(findIn(root, "[data-testid=database-notice-path]").textContent).toBe(movedTo);
    expect(notice.textContent).toContain("Nothing was deleted");

    applyLocale("zh-CN");
    act(() => render(<DatabaseNotice setAside={{ damage: "unknownMigration", movedTo }} />, root));
    const zh = findIn(root, "[data-testid=database-notice]");
    expect(zh.textContent).toContain("更新版本");
    expect(zh.textContent).toContain(movedTo);
  });

  it("says when updating the database failed", () => {
    act(() => render(<DatabaseNotice setAside={{ damage: "migrationFailed", movedTo: "/x.db" }} />, root));
    expect(findIn(root, "[data-testid=database-notice]").textContent).toContain("couldn't update its database");
  });

  it("shows the old file in the file manager", () => {
    act(() => render(<DatabaseNotice setAside={{ damage: "corrupt", movedTo: "/d/old.db" }} />, root));
    act(() => (root.querySelector("[data-testid=database-notice-show]") as HTMLButtonElement).click());
    expect(calls.shown).toEqual(["/d/old.db"]);
  });

  it("goes away once read, and tells the core so later starts don't say it again", () => {
    const before = calls.dismissed;
    act(() => render(<DatabaseNotice setAside={{ damage: "corrupt", movedTo: "/x.db" }} />, root));
    act(() => (root.querySelector("[data-testid=database-notice-dismiss]") as HTMLButtonElement).click());
    expect(root.querySelector("[data-testid=database-notice]")).toBeNull();
    expect(calls.dismissed).toBe(before + 1);
  });
});
