import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it, vi } from "vitest";

import { ClipRow } from "../../src/features/voices/ClipRow";
import { Outcome } from "../../src/features/voices/Outcome";
import { applyLocale } from "../../src/i18n";
import type { Clip } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

// A charged clip whose audio a full disk kept from being saved: the person is told it was
// charged, why the audio isn't on disk, and gets Save again (not Retry, which would send it).

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

const unsaved: Clip = {
  id: "c1",
  requestId: "req-1",
  contextLabel: "Personal",
  status: "settledNoAudio",
  ttsConfigId: "tts-standard",
  configName: "Standard",
  voiceId: "v",
  voiceName: "Narrator",
  input: "Charged while the disk was full.",
  inputCharacters: 32,
  params: {},
  format: "mp3",
  estimate: { inputCharacters: 32, totalPoints: "2" },
  receipt: { chargedPoints: "2" },
  cost: {
    estimated: "2",
    charged: "2",
    difference: "+0",
    verdict: "matches",
    configDiffers: false,
    voiceDiffers: false,
    contradictsRounding: false,
  },
  hasAudio: false,
  audioKept: true,
  attempts: 1,
  error: {
    code: "DISK_FULL",
    message: "internal error: cannot save the audio: No space left on device (os error 28)",
    outcomeUnknown: false,
  },
  retryable: false,
  createdAt: "2026-12-01T16:00:00.000Z",
};

describe("charged, but the audio couldn't be saved", () => {
  it("says the disk is full, that the charge is recorded, and offers Save again — in both languages", () => {
    const onRetry = vi.fn();
    act(() => render(<Outcome clip={unsaved} retrying={false} onRetry={onRetry} />, root));
    expect(root.textContent).toContain("Charged; the audio couldn't be saved");
    expect(root.querySelector("[data-testid=outcome-reason]")?.textContent).toContain("The disk is full");
    expect(root.querySelector("[data-testid=outcome-reason]")?.textContent).toContain("free some space, then Save again");
    const save = findIn<HTMLButtonElement>(root, "[data-testid=outcome-save-again]");
    expect(save.textContent).toContain("Save again");
    act(() => save.click());
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(root.querySelector("[data-testid=tts-receipt]")).not.toBeNull();

    act(() => applyLocale("zh-CN"));
    act(() => render(<Outcome clip={{ ...unsaved }} retrying={false} onRetry={onRetry} />, root));
    expect(root.textContent).toContain("已扣费，但音频未能保存");
    expect(root.textContent).toContain("磁盘已满");
    expect(root.querySelector("[data-testid=outcome-save-again]")?.textContent).toContain("再次保存");
  });

  it("after a restart the kept audio is gone: no Save again, and it says so", () => {
    act(() => render(<Outcome clip={{ ...unsaved, audioKept: false }} retrying={false} onRetry={() => {}} />, root));
    expect(root.querySelector("[data-testid=outcome-save-again]")).toBeNull();
    expect(root.querySelector("[data-testid=outcome-reason]")?.textContent).toContain("lost when the app closed");
  });

  it("the ledger row offers Save again instead of Retry", () => {
    const onRetry = vi.fn();
    const row = (clip: Clip) => <ClipRow clip={clip} onExport={() => {}} onDelete={() => {}} onRetry={onRetry} retrying={false} />;
    act(() => render(row({ ...unsaved, status: "pending", retryable: true }), root));
    expect(root.querySelector("[data-testid=clip-retry]")).toBeNull();
    act(() => findIn<HTMLButtonElement>(root, "[data-testid=clip-save-again]").click());
    expect(onRetry).toHaveBeenCalledTimes(1);
    act(() => render(row({ ...unsaved, audioKept: false, status: "unknown", retryable: true }), root));
    expect(root.querySelector("[data-testid=clip-save-again]")).toBeNull();
    expect(root.querySelector("[data-testid=clip-retry]")).not.toBeNull();
  });
});
