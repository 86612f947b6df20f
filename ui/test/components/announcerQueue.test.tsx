// #30 part 3: what a screen reader hears. Each live region has its own queue: an urgent
// message doesn't cancel a polite one (nor the other way round), nothing said in a burst is
// lost, and a streamed reply is read as the person chose — sentence by sentence (English and
// Chinese punctuation, each once, in order), start and end only, or the whole reply at the end.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { Announcer, announce, HOLD_MS } from "../../src/components/Announcer";
import { readRepliesState, StreamAnnouncer, sentenceEnd, setReadReplies, spokenText } from "../../src/components/streamAnnouncer";
import { chargedAnnouncement, endAnnouncement, startedAnnouncement } from "../../src/features/chat/streamReply";
import { applyLocale } from "../../src/i18n";
import type { ChatMessage, ChatReceipt } from "../../src/ipc";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot(
  (el) => {
    root = el;
    applyLocale("en");
  },
  () => applyLocale("en"),
);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setReadReplies("sentences");
});

/** Every distinct text each region showed while `ms` passed, in order (read every 10 ms). */
function listen(ms: number) {
  const heard = { polite: [] as string[], assertive: [] as string[] };
  for (let t = 0; t < ms; t += 10) {
    act(() => {
      vi.advanceTimersByTime(10);
    });
    for (const region of ["polite", "assertive"] as const) {
      const text = findIn(root, `[data-testid=announcer-${region}]`).textContent ?? "";
      const list = heard[region];
      if (text && list[list.length - 1] !== text) list.push(text);
    }
  }
  return heard;
}

describe("the live regions", () => {
  it("keep a polite and an urgent message both, each in its own region", () => {
    act(() => render(<Announcer />, root));
    announce("Saved.");
    announce("Couldn't reach the platform", "assertive");
    announce("Charged to Personal");
    const heard = listen(3 * HOLD_MS);
    expect(heard.polite).toEqual(["Saved.", "Charged to Personal"]);
    expect(heard.assertive).toEqual(["Couldn't reach the platform"]);
  });

  it("say the same text twice when it is announced twice", () => {
    act(() => render(<Announcer />, root));
    announce("Copied.");
    announce("Copied.");
    const texts: string[] = [];
    for (let t = 0; t < 3 * HOLD_MS; t += 10) {
      act(() => {
        vi.advanceTimersByTime(10);
      });
      texts.push(findIn(root, "[data-testid=announcer-polite]").textContent ?? "");
    }
    // Emptied between the two, so the screen reader hears the second one too.
    const spoken = texts.filter((t, i) => t === "Copied." && texts[i - 1] !== "Copied.");
    expect(spoken).toHaveLength(2);
  });

  it("drop what is pending in both regions when the language changes", () => {
    act(() => render(<Announcer />, root));
    announce("First.");
    announce("Second, still queued.");
    announce("Urgent, queued too.", "assertive");
    announce("Urgent two.", "assertive");
    listen(100);
    act(() => applyLocale("zh-CN"));
    const heard = listen(3 * HOLD_MS);
    expect(heard.polite).toEqual([]);
    expect(heard.assertive).toEqual([]);
    announce("已保存。");
    expect(listen(HOLD_MS).polite).toEqual(["已保存。"]);
  });
});

describe("sentences", () => {
  it("end at . ! ? followed by a space, at 。！？ and at a line break", () => {
    expect(sentenceEnd("One. Two")).toBe(4);
    expect(sentenceEnd("Version 3.5 is out")).toBe(-1);
    expect(sentenceEnd("Really?! Yes")).toBe(8);
    expect(sentenceEnd("你好。今天")).toBe(3);
    expect(sentenceEnd("真的吗？！好")).toBe(5);
    expect(sentenceEnd("a list\n- item")).toBe(7);
    expect(sentenceEnd("Not yet.")).toBe(-1);
    // A list number is not the end of a sentence.
    expect(sentenceEnd("1. Start here. Then")).toBe(14);
    expect(sentenceEnd("Steps:\n2. Go")).toBe(7);
  });

  it("are said without Markdown's marks", () => {
    expect(spokenText("1. **Refraction:** light bends.")).toBe("Refraction: light bends.");
    expect(spokenText("### A rainbow\n")).toBe("A rainbow");
    expect(spokenText("- Use `uniq` here.")).toBe("Use uniq here.");
    expect(spokenText("```python\n")).toBe("");
    expect(spokenText("> A second rainbow, with the sun *behind* you (*Rayleigh scattering*: 1/λ⁴).")).toBe(
      "A second rainbow, with the sun behind you (Rayleigh scattering: 1/λ⁴).",
    );
    expect(spokenText("2 * 3 * 4 = 24")).toBe("2 * 3 * 4 = 24");
    expect(spokenText("（*瑞利散射*，约与 1/λ⁴ 成正比）。")).toBe("（瑞利散射，约与 1/λ⁴ 成正比）。");
  });
});

function streamed(mode: "sentences" | "startEnd" | "whole", chunks: string[]) {
  act(() => render(<Announcer />, root));
  setReadReplies(mode);
  const reader = new StreamAnnouncer();
  announce("Reply from xiaoya-chat started.");
  for (const chunk of chunks) reader.push(chunk);
  reader.finish("Reply finished. Charged 4 points to Team Beta.");
  return listen(12 * HOLD_MS).polite;
}

const CHUNKS = ["The sky ", "is blue. It", " scatters light! Why", "? Because", " of air.\n", "天空是蓝色的。", "因为散射！对吗？", "是的"];

describe("a streamed reply", () => {
  it("is read sentence by sentence, each once, in order, between its start and its end", () => {
    expect(streamed("sentences", CHUNKS)).toEqual([
      "Reply from xiaoya-chat started.",
      "The sky is blue.",
      "It scatters light!",
      "Why?",
      "Because of air.",
      "天空是蓝色的。",
      "因为散射！",
      "对吗？",
      "是的",
      "Reply finished. Charged 4 points to Team Beta.",
    ]);
  });

  it("is read as its start and end only when the person chose that", () => {
    expect(streamed("startEnd", CHUNKS)).toEqual(["Reply from xiaoya-chat started.", "Reply finished. Charged 4 points to Team Beta."]);
  });

  it("is read whole at the end when the person chose that", () => {
    expect(streamed("whole", CHUNKS)).toEqual([
      "Reply from xiaoya-chat started.",
      `${CHUNKS.join("").trim()}`,
      "Reply finished. Charged 4 points to Team Beta.",
    ]);
  });

  it("keeps the person's choice in local storage", () => {
    setReadReplies("whole");
    expect(localStorage.getItem("xiaoya.readReplies")).toBe("whole");
    expect(readRepliesState.get()).toBe("whole");
  });
});

const receipt = (over: Partial<ChatReceipt>): ChatReceipt =>
  ({
    modelCode: "xiaoya-chat",
    contextKind: "team",
    teamId: "t-beta",
    contextLabel: "Team Beta",
    cost: { kind: "reported", points: "4" },
    ...over,
  }) as ChatReceipt;

const reply = (over: Partial<ChatMessage>): ChatMessage =>
  ({ id: "r1", role: "assistant", content: "", status: "complete", receipt: receipt({}), ...over }) as ChatMessage;

describe("the start and the end of a reply", () => {
  it("name the model, then who paid and how much, in English and Chinese", () => {
    expect(startedAnnouncement(reply({ status: "streaming" }))).toBe("Reply from xiaoya-chat started.");
    expect(endAnnouncement(reply({}))).toBe("Reply finished. Charged 4 points to Team Beta.");
    expect(endAnnouncement(reply({ status: "stopped" }))).toBe("Reply stopped. Charged 4 points to Team Beta.");
    expect(chargedAnnouncement(receipt({ cost: { kind: "notReported", why: "awaitingRefresh" } }))).toBe(
      "Charged to Team Beta; the platform did not report the amount.",
    );
    expect(endAnnouncement(reply({ receipt: receipt({ cost: undefined }) }))).toBe("Reply finished.");
    applyLocale("zh-CN");
    expect(startedAnnouncement(reply({ status: "streaming" }))).toBe("xiaoya-chat 开始回复。");
    expect(endAnnouncement(reply({}))).toBe("回复完成。 已向 Team Beta 扣除 4 积分。");
  });
});
