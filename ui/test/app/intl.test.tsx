import { afterEach, describe, expect, it } from "vitest";

import { formatDate, formatDateTime, formatTime, formatTimeOrDate, formatWhen } from "../../src/format/dates";
import { formatCompact } from "../../src/format/points";
import { applyLocale, pluralCategory, t } from "../../src/i18n";

// Plurals, numbers, dates and times come from Intl in both languages, through one set
// of formatters, so a screen never says "1 points" nor mixes "07:52 AM" with "7:52 AM".

afterEach(() => applyLocale("en"));

const at = new Date(2026, 11, 1, 7, 52, 0).getTime();

describe("plurals", () => {
  it("English picks the word by Intl.PluralRules", () => {
    applyLocale("en");
    expect(t("voices.points", { n: "1" })).toBe("1 point");
    expect(t("voices.points", { n: "2" })).toBe("2 points");
    expect(t("voices.points", { n: "0" })).toBe("0 points");
    expect(t("voices.points", { n: "1.5" })).toBe("1.5 points");
    expect(t("balance.points", { amount: "1,000" })).toBe("1,000 points");
    expect(t("chat.usage.tokens", { n: "1" })).toBe("1 token");
    expect(t("voices.totals.clips", { n: 1 })).toBe("1 clip");
    expect(t("voices.board.countFiltered", { n: 1, total: 1 })).toBe("1 of 1 voice");
  });

  it("an abbreviated amount is never read as one", () => {
    applyLocale("en");
    expect(pluralCategory("1M")).toBe("other");
    expect(t("balance.points", { amount: "1M" })).toBe("1M points");
  });

  it("Chinese has no plural words", () => {
    applyLocale("zh-CN");
    expect(t("voices.points", { n: "1" })).toBe("1 积分");
    expect(t("voices.points", { n: "2" })).toBe("2 积分");
  });
});

describe("dates and times", () => {
  it("one time format: the same clock everywhere in English", () => {
    applyLocale("en");
    expect(formatTime(at)).toBe("7:52 AM");
    expect(formatTimeOrDate(at, at)).toBe(formatTime(at));
    expect(formatWhen(at, at)).toBe(formatTime(at));
    expect(formatDate(at)).toBe("Dec 1, 2026");
    expect(formatTimeOrDate(at, at + 3 * 86_400_000)).toBe("Dec 1, 2026");
    expect(formatDateTime(at)).toContain("Dec 1, 2026");
    expect(formatDateTime(at)).toContain("7:52 AM");
  });

  it("and in Chinese", () => {
    applyLocale("zh-CN");
    expect(formatTime(at)).toBe("07:52");
    expect(formatDate(at)).toBe("2026年12月1日");
    expect(formatTimeOrDate(at, at + 3 * 86_400_000)).toBe("2026年12月1日");
  });
});

describe("abbreviated amounts", () => {
  it("long balances shorten in each language; short ones stay exact", () => {
    applyLocale("en");
    expect(formatCompact("9007199254740993")).toBe("9007.1T");
    expect(formatCompact("12345678.25")).toBe("12.3M");
    expect(formatCompact("2500")).toBeNull();
    expect(formatCompact("not a number")).toBeNull();
    applyLocale("zh-CN");
    expect(formatCompact("12345678.25")).toBe("1234.5万");
  });

  it("the header reads as an amount with its unit", () => {
    applyLocale("en");
    expect(t("balance.points", { amount: formatCompact("12345678") ?? "" })).toBe("12.3M points");
    expect(t("balance.exact", { amount: "12,345,678" })).toBe("Exactly 12,345,678 points");
    applyLocale("zh-CN");
    expect(t("balance.points", { amount: formatCompact("12345678") ?? "" })).toBe("1234.5万 积分");
  });
});

describe("percentages of a whole", () => {
  it("parts that add up to the whole show shares that add up to 100", async () => {
    const { percentOf, percentShares } = await import("../../src/format/points");
    // 800 + 900 + 800 = 2500: truncated each is 32 + 36 + 32 = 100; a third each is not.
    expect(percentShares(["1", "1", "1"], "3")).toEqual([34, 33, 33]);
    expect([percentOf("1", "3"), percentOf("1", "3"), percentOf("1", "3")]).toEqual([33, 33, 33]);
    const shares = percentShares(["333.33", "333.33", "333.34"], "1000");
    expect(shares.reduce((a, b) => (a ?? 0) + (b ?? 0), 0)).toBe(100);
    expect(percentShares(["800", "900", "800"], "2500")).toEqual([32, 36, 32]);
    expect(percentShares(["1", "2"], "0")).toEqual([null, null]);
  });
});
