import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { EstimateView } from "../../src/features/voices/Cost";
import { ReceiptView } from "../../src/features/voices/ReceiptView";
import { applyLocale } from "../../src/i18n";
import type { Clip, CostEstimate, TtsPrice } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

// Readings audit K6 (issue #24): the docs don't say how a part of a price block is charged.
// Until a receipt shows it, the estimate is the range between prorating and a started block,
// with why; once learned it is one number with the rule and the clip that showed it; a
// charge inside the range is not "differs", and one that breaks a learned rule says so.

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

const per1k: TtsPrice = { unit: "characters", unitSize: "1000", points: "20", estimable: true, raw: '{"pointsPer1kCharacters":20}' };

function estimate(patch: Partial<CostEstimate>): CostEstimate {
  return { inputCharacters: 31, blocks: 1, synthesisPoints: "20", totalPoints: "20", rounding: "unknown", ...patch };
}

function shown(e: CostEstimate) {
  act(() => render(<EstimateView estimate={e} price={per1k} pending={false} />, root));
  return {
    total: findIn(root, "[data-testid=tts-estimate-total]").textContent,
    rounding: root.querySelector("[data-testid=tts-estimate-rounding]")?.textContent ?? null,
  };
}

describe("the estimate where the rounding is open", () => {
  it("is a range with a short why in view and the whole why on hover and for a screen reader", () => {
    const open = shown(estimate({ lowestTotalPoints: "1" }));
    expect(open.total).toBe("≈ 1–20 points");
    const line = findIn(root, "[data-testid=tts-estimate-rounding]");
    expect(line.querySelector("span[aria-hidden=true]")?.textContent).toBe("Rounding unknown until the first clip.");
    const full =
      "Between 1 point and 20 points: the platform may charge a started 1000-character block in full, or only the characters used. The first clip with this configuration shows which.";
    expect(line.title).toBe(full);
    expect(line.querySelector(".sr-only")?.textContent).toBe(full);
    // It takes the synthesis line's place: the estimate keeps its rows.
    expect(root.querySelector("[data-testid=tts-estimate-synthesis]")).toBeNull();
    act(() => applyLocale("zh-CN"));
    const zh = shown(estimate({ lowestTotalPoints: "1" }));
    expect(zh.total).toBe("约 1–20 积分");
    expect(zh.rounding).toContain("取整方式待首段音频确认");
  });

  it("is one number with the learned rule beside it and the clip that showed it", () => {
    const learnedFrom = "2026-12-06T03:00:00.000Z";
    const prorated = shown(estimate({ rounding: "prorated", roundingLearnedFrom: learnedFrom, synthesisPoints: "1", totalPoints: "1" }));
    expect(prorated.total).toMatch(/^≈ 1 point · per character used/);
    const rule = findIn(root, "[data-testid=tts-estimate-rounding]");
    expect(rule.dataset.rounding).toBe("prorated");
    expect(rule.title).toMatch(/^Charged for the characters used, as the clip of .+ showed\.$/);
    expect(root.querySelector("[data-testid=tts-estimate-synthesis]")?.textContent).toBe(
      "31 characters at 20 points per 1000 characters, prorated = 1 point",
    );
    const started = shown(estimate({ rounding: "startedBlock", roundingLearnedFrom: learnedFrom }));
    expect(started.total).toMatch(/^≈ 20 points · per started block/);
    expect(findIn(root, "[data-testid=tts-estimate-rounding]").title).toMatch(
      /^Charged per started 1000-character block, as the clip of .+ showed\.$/,
    );
  });
});

function clip(cost: Clip["cost"]): Clip {
  return { id: "c1", requestId: "r1", status: "complete", cost } as unknown as Clip;
}

describe("the receipt beside a range", () => {
  it("calls a charge inside the range 'within the estimated range', not a difference", () => {
    act(() =>
      render(
        <ReceiptView
          clip={clip({
            estimated: "20",
            charged: "1",
            verdict: "withinRange",
            configDiffers: false,
            voiceDiffers: false,
            contradictsRounding: false,
          })}
        />,
        root,
      ),
    );
    expect(findIn(root, "[data-testid=receipt-verdict]").textContent).toBe("Within the estimated range");
    expect(root.textContent).not.toContain("Differs");
  });

  it("says when a charge breaks the rule an earlier clip showed", () => {
    act(() =>
      render(
        <ReceiptView
          clip={clip({
            estimated: "1",
            charged: "20",
            difference: "+19",
            verdict: "differs",
            configDiffers: false,
            voiceDiffers: false,
            contradictsRounding: true,
          })}
        />,
        root,
      ),
    );
    expect(findIn(root, "[data-testid=receipt-differs-why]").textContent).toBe(
      "This charge doesn't follow the rounding an earlier clip showed; the next estimate follows this one.",
    );
  });
});
