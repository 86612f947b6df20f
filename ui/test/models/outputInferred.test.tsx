import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import type { ModelEntry } from "../../src/ipc";
import { chatModel } from "../support/core";
import { mountRoot } from "../support/dom";

// The detail is shown outside the app shell: navigation and sessions are stubbed.
vi.mock("../../src/app/context", () => ({ useApp: () => ({ navigate: () => {} }) }));
// The rest of the store stays real: app/keep.ts (through useLoad) follows it.
vi.mock("../../src/app/sessions", async (real) => ({ ...(await real<object>()), useSessions: () => ({ view: { sessions: [] } }) }));

const { ModelDetail } = await import("../../src/features/models/ModelDetail");
const { applyLocale } = await import("../../src/i18n");

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

function model(inferred: boolean): ModelEntry {
  return chatModel({ acceptsImage: false, parameterSchemaVersion: 1, outputsTextInferred: inferred });
}

describe("<ModelDetail> when outputsText was not sent", () => {
  it("shows text output as inferred, in both languages, and still offers the chat", () => {
    act(() => render(<ModelDetail model={model(true)} />, root));
    expect(root.querySelector("[data-testid=model-out-text]")?.getAttribute("data-inferred")).toBe("true");
    expect(root.querySelector("[data-testid=model-out-text-inferred]")?.textContent).toContain("output inferred");
    expect(root.querySelector("[data-testid=model-output-inferred]")?.textContent).toContain(
      "Its type is 'llm', so it is taken to write text",
    );
    expect(root.querySelector("[data-testid=model-chat-button]")).not.toBeNull();
    act(() => applyLocale("zh-CN"));
    act(() => render(<ModelDetail model={{ ...model(true) }} />, root));
    expect(root.querySelector("[data-testid=model-out-text-inferred]")?.textContent).toContain("输出为推断");
  });

  it("says nothing of inference when the catalog declared it", () => {
    act(() => render(<ModelDetail model={model(false)} />, root));
    expect(root.querySelector("[data-testid=model-out-text-inferred]")).toBeNull();
    expect(root.querySelector("[data-testid=model-output-inferred]")).toBeNull();
  });
});
