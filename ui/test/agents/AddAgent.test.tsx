import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import type { AgentInput } from "../../src/ipc";
import { withCommands } from "../support/core";
import { mountRoot } from "../support/dom";

const saved: AgentInput[] = [];
vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    agentSave: (input: AgentInput) => {
      saved.push(input);
      return Promise.resolve({ id: "a1", url: input.url, headerNames: input.headers.map((h) => h.name), insecureDevelopment: true });
    },
  }),
);

const { AddAgentCard } = await import("../../src/features/agents/AddAgentCard");
const { endpointNote } = await import("../../src/features/agents/endpoint");

let root: HTMLElement;
mountRoot((el) => (root = el));

function type(selector: string, value: string) {
  const el = root.querySelector<HTMLInputElement>(selector);
  if (!el) throw new Error(`no ${selector}`);
  el.value = value;
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("adding an agent", () => {
  it("warns about http, visibly: on loopback for development, anywhere else as a failure to come", () => {
    expect(endpointNote("https://agent.example.com/mcp")).toBeNull();
    expect(endpointNote("http://127.0.0.1:39401/mcp")).toBe("loopbackHttp");
    expect(endpointNote("http://localhost/mcp")).toBe("loopbackHttp");
    expect(endpointNote("http://[::1]:8000/mcp")).toBe("loopbackHttp");
    expect(endpointNote("http://agent.example.com/mcp")).toBe("publicHttp");
    expect(endpointNote("ftp://x")).toBe("notHttp");
    expect(endpointNote("not a url")).toBe("invalid");
  });

  it("shows the loopback warning as the URL is typed, and sends header values only to the core", async () => {
    let added = "";
    act(() => render(<AddAgentCard onSaved={(a) => (added = a.id)} />, root));
    act(() => type("[data-testid=agent-url]", "http://127.0.0.1:39401/mcp"));
    const note = root.querySelector<HTMLElement>("[data-testid=agent-url-note]");
    expect(note?.dataset.note).toBe("loopbackHttp");
    expect(note?.textContent).toContain("fine for development");

    act(() => root.querySelector<HTMLButtonElement>("[data-testid=agent-add-header]")?.click());
    act(() => type("[data-testid=agent-header-name]", "X-Api-Key"));
    act(() => type("[data-testid=agent-header-value]", "sk-live-1"));
    expect(root.querySelector<HTMLInputElement>("[data-testid=agent-header-value]")?.type).toBe("password");
    await act(async () => root.querySelector<HTMLFormElement>("form")?.requestSubmit());
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(saved).toEqual([{ url: "http://127.0.0.1:39401/mcp", headers: [{ name: "X-Api-Key", value: "sk-live-1" }] }]);
    expect(added).toBe("a1");
    // Saved: the value is gone from the page.
    expect(root.innerHTML).not.toContain("sk-live-1");
    expect(root.querySelector("[data-testid=agent-header-value]")).toBeNull();
  });
});
