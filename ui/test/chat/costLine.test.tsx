// #26: before the next charged reply, the composer says what recent replies with this model
// cost in this context where anyone knows it (points), else the tokens they used, else that
// the catalog has no price: never a number that isn't known. Both languages.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import type { ChatUsageHint } from "../../src/ipc";
import { chatModel, session, withCommands } from "../support/core";
import { mountRoot } from "../support/dom";

const hint: { current: ChatUsageHint } = {
  current: { modelCode: "othan-2.0", samples: 0, pricedSamples: 0 },
};

vi.mock("../../src/ipc", (real) =>
  withCommands(real, {
    chatUsageHint: () => Promise.resolve(hint.current),
  }),
);

const { ChatCostLine } = await import("../../src/features/chat/ChatCostLine");
const { applyLocale } = await import("../../src/i18n");

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

async function line(next: ChatUsageHint): Promise<string> {
  hint.current = next;
  act(() => render(null, root));
  await act(async () => {
    render(<ChatCostLine model={chatModel()} busy={false} session={session()} />, root);
    await new Promise((r) => setTimeout(r, 0));
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  return root.querySelector("[data-testid=chat-cost]")?.textContent ?? "";
}

describe("the composer's cost line", () => {
  it("names the points recent replies cost when they are known", async () => {
    const text = await line({
      modelCode: "othan-2.0",
      samples: 3,
      typicalTokens: 212,
      maxTokens: 300,
      pricedSamples: 2,
      typicalPoints: "1",
      maxPoints: "2",
    });
    expect(text).toContain("Recent replies with this model here cost about 1 point (up to 2)");
    expect(text).not.toContain("tokens");
  });

  it("falls back to the tokens used, then to saying there is no price", async () => {
    expect(await line({ modelCode: "othan-2.0", samples: 1, typicalTokens: 212, maxTokens: 212, pricedSamples: 0 })).toContain(
      "used about 212 tokens",
    );
    expect(await line({ modelCode: "othan-2.0", samples: 0, pricedSamples: 0 })).toContain("The catalog has no price for this model");
  });

  it("says it in Chinese", async () => {
    act(() => applyLocale("zh-CN"));
    const text = await line({ modelCode: "othan-2.0", samples: 2, pricedSamples: 2, typicalPoints: "0.512", maxPoints: "0.6" });
    expect(text).toContain("约扣 0.512 积分（最多 0.600）");
  });
});
