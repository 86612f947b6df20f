import { describe, expect, it } from "vitest";

import { plainSummary } from "../../src/features/balances/ChargeRow";

// No English fragments on a Chinese screen: a charge row shows the names from the core's
// summary, and says "chat"/"speech" and the counts itself, in the active language.
describe("a charge's summary", () => {
  it("keeps the names and drops the English source word and count", () => {
    expect(plainSummary("Chat · othan-2.0 · 103 tokens")).toBe("othan-2.0");
    expect(plainSummary("Chat · othan-2.0")).toBe("othan-2.0");
    expect(plainSummary("TTS · narrator (warm) v2 · 120 chars")).toBe("narrator (warm) v2");
    expect(plainSummary("TTS · 1 chars")).toBe("");
    expect(plainSummary("Something else")).toBe("Something else");
  });
});
