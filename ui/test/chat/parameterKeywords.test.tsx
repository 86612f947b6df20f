// #24 (READINGS G7): a model's parameter rules in the JSON Schema keywords the docs' example
// never shows. Options say an exclusive bound is refused itself ("more than 0"), name a
// step, offer an enum's `{value, label}` entries by their label and send the value, and
// offer a `const` as its one value; the core's refusals read in both languages.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { problemText } from "../../src/features/chat/format";
import { ParameterInput } from "../../src/features/chat/ParameterInput";
import { parametersFrom } from "../../src/features/chat/params";
import { rangeText } from "../../src/format/parameterRules";
import { applyLocale } from "../../src/i18n";
import type { ParameterDef } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

function def(name: string, rule: Partial<ParameterDef>): ParameterDef {
  return {
    name,
    kind: "number",
    minimum: null,
    minimumExclusive: false,
    maximum: null,
    maximumExclusive: false,
    multipleOf: null,
    nullable: false,
    enumValues: null,
    enumLabels: null,
    default: null,
    description: null,
    required: false,
    ...rule,
  };
}

const temperature = def("temperature", { minimum: 0, minimumExclusive: true, maximum: 2, multipleOf: 0.1 });
const penalty = def("presence_penalty", { minimum: -2, minimumExclusive: true, maximum: 2, maximumExclusive: true });
const effort = def("reasoning_effort", {
  kind: "string",
  enumValues: ["low", "medium", "high"],
  enumLabels: ["Quick", "Balanced", "Thorough"],
});
const n = def("n", { kind: "integer", enumValues: [1], enumLabels: [null] });

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

function show(d: ParameterDef, value = "") {
  act(() => render(<ParameterInput def={d} value={value} error={null} onValue={() => {}} />, root));
  return findIn(root, `[data-testid="chat-param-${d.name}"]`);
}

describe("parameter rules in other keywords", () => {
  it("says an exclusive bound is refused itself and names the step, in both languages", () => {
    applyLocale("en");
    expect(show(temperature).textContent).toContain("more than 0 · at most 2 · in steps of 0.1");
    expect(show(penalty).textContent).toContain("more than -2 · less than 2");
    applyLocale("zh-CN");
    expect(show(temperature).textContent).toContain("大于 0 · 最多 2 · 以 0.1 为步长");
    expect(rangeText(penalty)).toBe("> -2, < 2");
  });

  it("offers an enum of {value, label} by its labels and sends the value; a const is its one value", () => {
    const select = findIn<HTMLSelectElement>(show(effort), "select");
    const options = [...select.options].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ["", "Model default"],
      ['"low"', "Quick (low)"],
      ['"medium"', "Balanced (medium)"],
      ['"high"', "Thorough (high)"],
    ]);
    expect(parametersFrom([effort, n], { reasoning_effort: '"high"', n: "1" })).toEqual({ reasoning_effort: "high", n: 1 });
    const fixed = findIn<HTMLSelectElement>(show(n), "select");
    expect([...fixed.options].map((o) => o.value)).toEqual(["", "1"]);
  });

  it("reads the core's refusals of these rules in both languages", () => {
    applyLocale("en");
    expect(problemText({ kind: "notAboveMinimum", minimum: 0 })).toBe("Must be more than 0.");
    expect(problemText({ kind: "notBelowMaximum", maximum: 8193 })).toBe("Must be less than 8,193.");
    expect(problemText({ kind: "notMultipleOf", step: 0.1 })).toBe("Must be a multiple of 0.1.");
    applyLocale("zh-CN");
    expect(problemText({ kind: "notAboveMinimum", minimum: 0 })).toBe("必须大于 0。");
    expect(problemText({ kind: "notMultipleOf", step: 16 })).toBe("必须是 16 的整数倍。");
  });
});
