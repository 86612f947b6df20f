import { describe, expect, it } from "vitest";

import { formatBytes } from "../../src/format/bytes";

// Storage limits from the entitlements (`maxFileBytes`, `totalBytes`) in human units.
describe("formatBytes", () => {
  it("uses binary units with at most one decimal, never rounding a limit up", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(209_715_200)).toBe("200 MiB");
    expect(formatBytes(107_374_182_400)).toBe("100 GiB");
    expect(formatBytes(1_610_612_736)).toBe("1.5 GiB");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1,023.9 KiB");
  });

  it("shows a count it cannot read as sent", () => {
    expect(formatBytes(-1)).toBe("-1");
  });
});
