import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ErrorState } from "../../src/components/ErrorState";
import { Parameters } from "../../src/features/models/ModelParameters";
import { applyLocale } from "../../src/i18n";
import type { ModelEntry } from "../../src/ipc";
import { toAppError } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot(
  (el) => (root = el),
  () => applyLocale("en"),
);

const busy = { code: "PLATFORM_BUSY", message: "busy", platformCode: "RATE_LIMITED", retryAfterSecs: 3 };

describe("a busy platform (issue 24)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps the wait the platform asked for", () => {
    expect(toAppError(busy).retryAfterSecs).toBe(3);
    expect(toAppError({ code: "PLATFORM", message: "x" }).retryAfterSecs).toBeUndefined();
  });

  it("counts down in plain words and reads again by itself at zero", () => {
    const retry = vi.fn();
    act(() => render(<ErrorState error={busy} onRetry={retry} />, root));
    const message = () => findIn(root, "[data-testid=error-message]").textContent;
    expect(message()).toBe("It asked to wait: trying again in 3 s.");
    expect(findIn(root, "[data-testid=error-message]").dataset.errorCode).toBe("PLATFORM_BUSY");
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(message()).toContain("in 2 s");
    expect(retry).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(message()).toContain("in 1 s");
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(retry).toHaveBeenCalledTimes(1);
    // The platform's own code stays under Details, not in the sentence.
    expect(message()).not.toContain("RATE_LIMITED");
    expect(root.querySelector("details")?.textContent).toContain("RATE_LIMITED");
  });

  it("speaks Chinese in Chinese", () => {
    applyLocale("zh-CN");
    act(() => render(<ErrorState error={busy} onRetry={() => {}} />, root));
    expect(findIn(root, "[data-testid=error-message]").textContent).toBe("平台请求稍候：3 秒后重试。");
    expect(findIn(root, "[data-testid=error-title]").textContent).toBe("平台正忙");
  });
});

describe("a parameter schema version the app can't read (issue 24)", () => {
  it("says so with the version instead of listing nothing or the wrong parameters", () => {
    const model = {
      modelCode: "othan-2.0",
      parameterSpec: "unknownVersion",
      parameterSchemaVersion: 99,
      parameters: [],
    } as unknown as ModelEntry;
    act(() => render(<Parameters model={model} />, root));
    expect(findIn(root, "[data-testid=model-params-note]").textContent).toContain("schema version 99");
  });
});
