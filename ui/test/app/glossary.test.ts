import { describe, expect, it } from "vitest";

import { en } from "../../src/i18n/en";
import { GLOSSARY } from "../../src/i18n/glossary";
import { zhCN } from "../../src/i18n/zh-CN";
import { englishWords } from "../support/chineseText";

// One vocabulary per concept in each language: every string of both dictionaries is
// scanned for the variants the glossary forbids, and Chinese strings for English words
// that are neither names nor codes.

function offenders(dict: Record<string, string>, patterns: readonly RegExp[]): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(dict)) {
    for (const pattern of patterns) if (pattern.test(value)) found.push(`${key}: ${value} (${String(pattern)})`);
  }
  return found;
}

function englishInChinese(dict: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(dict)) {
    // Placeholders, `code` and links are not words of the sentence.
    const text = value
      .replace(/\{[^}]*\}/g, " ")
      .replace(/`[^`]*`/g, " ")
      .replace(/https?:\/\/\S+/g, " ");
    for (const word of englishWords(text)) found.push(`${key}: ${word} in ${value}`);
  }
  return found;
}

describe("the glossary", () => {
  it("has one chosen term per concept in each language", () => {
    for (const entry of GLOSSARY) {
      expect(entry.en.length).toBeGreaterThan(0);
      expect(entry.zh.length).toBeGreaterThan(0);
    }
  });

  it("no English string uses a forbidden variant", () => {
    expect(
      offenders(
        en,
        GLOSSARY.flatMap((g) => g.avoidEn),
      ),
    ).toEqual([]);
  });

  it("no Chinese string uses a forbidden variant (one word for who pays, for points, for tokens)", () => {
    expect(
      offenders(
        zhCN,
        GLOSSARY.flatMap((g) => g.avoidZh),
      ),
    ).toEqual([]);
  });

  it("Chinese strings show no English words except names and codes", () => {
    expect(englishInChinese(zhCN)).toEqual([]);
  });

  it("the scan finds what it is meant to find", () => {
    expect(
      offenders(
        { k: "付费方：团队" },
        GLOSSARY.flatMap((g) => g.avoidZh),
      ),
    ).toHaveLength(1);
    expect(
      offenders(
        { k: "约 103 个 token" },
        GLOSSARY.flatMap((g) => g.avoidZh),
      ),
    ).toHaveLength(1);
    expect(englishInChinese({ k: "对话 · 103 tokens" })).toHaveLength(1);
    expect(englishInChinese({ k: "使用 {model}，见 `X-Xiaoya-Request-Id`" })).toEqual([]);
  });
});
