import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

import { createMasker, type MaskLiteral } from "../../src/format/mask";

// The same table the core's masker passes (src-tauri/core/src/foundation/mask.rs): the
// window and the exports mask alike.
const cases = JSON.parse(readFileSync(resolve(__dirname, "../../../src-tauri/core/src/foundation/mask_cases.json"), "utf8")) as {
  literals: MaskLiteral[];
  masked: [string, string][];
  readable: string[];
};
const masker = createMasker(cases.literals);

describe("Presenting mode's masker (the core's case table)", () => {
  it.each(cases.masked)("masks %s", (input, want) => {
    expect(masker.mask(input)).toBe(want);
    expect(masker.mask(want)).toBe(want);
  });

  it.each(cases.readable)("leaves %s readable", (text) => {
    expect(masker.mask(text)).toBe(text);
  });

  it("hides how long the hidden text was", () => {
    expect(masker.mask("req_1")).toBe(masker.mask("req_123456789012345678901234567"));
  });
});
