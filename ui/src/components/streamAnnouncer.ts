// Reads a streamed reply out as the person chose in Settings → Screen reader: sentence by
// sentence (each once, in order), only its start and end, or the whole reply at the end.
// Everything goes through `announce()`, so it queues behind what the polite region holds.

import { atom } from "nanostores";

import { announce } from "./Announcer";

/** How a streamed reply is read out (Settings → Screen reader). */
export type ReadReplies = "sentences" | "startEnd" | "whole";
export const READ_REPLIES: readonly ReadReplies[] = ["sentences", "startEnd", "whole"];
const READ_REPLIES_KEY = "xiaoya.readReplies";

function savedReadReplies(): ReadReplies {
  try {
    const saved = localStorage.getItem(READ_REPLIES_KEY);
    return READ_REPLIES.find((m) => m === saved) ?? "sentences";
  } catch {
    // Storage unavailable: the default for this run.
    return "sentences";
  }
}

/** The person's choice, kept in the window's local storage like the other UI-side settings. */
export const readRepliesState = atom<ReadReplies>(savedReadReplies());

export function setReadReplies(mode: ReadReplies): void {
  readRepliesState.set(mode);
  try {
    localStorage.setItem(READ_REPLIES_KEY, mode);
  } catch {
    // The choice still holds for this run.
  }
}

/**
 * Where the first sentence of `text` ends (the index after it), or -1 while it has none:
 * at 。！？ (Chinese, no space needed), at . ! ? … followed by white space, or at a line break.
 * A list number ("1. ", at the start of a line) is not a sentence's end.
 */
export function sentenceEnd(text: string): number {
  const marks = /[。！？]+|[.!?…]+(?=\s)|\n/g;
  for (let match = marks.exec(text); match; match = marks.exec(text)) {
    const lineStart = text.lastIndexOf("\n", match.index - 1) + 1;
    if (match[0] === "." && /^\s*\d+$/.test(text.slice(lineStart, match.index))) continue;
    return match.index + match[0].length;
  }
  return -1;
}

/** A sentence of Markdown as it is said: no emphasis marks, `, heading #, quote >, list mark or code fence line. */
export function spokenText(text: string): string {
  return text
    .split("\n")
    .filter((line) => !/^\s*(```|~~~)/.test(line))
    .map((line) =>
      line
        .replace(/^\s*(?:>\s*)+/, "")
        .replace(/^\s*#{1,6}\s+/, "")
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "")
        .replace(/\*\*|__|`/g, "")
        .replace(/(^|[\s(（“])[*_](\S(?:.*?\S)?)[*_](?=[\s).,:;!?）。，、：；！？”]|$)/g, "$1$2"),
    )
    .join("\n")
    .trim();
}

/**
 * Reads one streamed reply out. Call `push(delta)` for each chunk and `finish(end)` when
 * the stream ends (`end`: the closing announcement, with what it cost); `cancel()` on an error.
 * Sentences are said once each, in order; a pause in the stream says what came so far.
 */
export class StreamAnnouncer {
  private buffer = "";
  private whole = "";
  private timer: number | undefined;

  constructor(
    private readonly pauseMs = 1200,
    readonly mode: ReadReplies = readRepliesState.get(),
  ) {}

  push(delta: string): void {
    this.whole += delta;
    if (this.mode !== "sentences") return;
    this.buffer += delta;
    for (let cut = sentenceEnd(this.buffer); cut >= 0; cut = sentenceEnd(this.buffer)) {
      this.say(this.buffer.slice(0, cut));
      this.buffer = this.buffer.slice(cut);
    }
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.flush(), this.pauseMs);
  }

  finish(end?: string): void {
    window.clearTimeout(this.timer);
    if (this.mode === "sentences") this.flush();
    if (this.mode === "whole") this.say(this.whole);
    this.whole = "";
    if (end) announce(end);
  }

  cancel(): void {
    window.clearTimeout(this.timer);
    this.buffer = "";
    this.whole = "";
  }

  private flush(): void {
    this.say(this.buffer);
    this.buffer = "";
  }

  private say(text: string): void {
    const spoken = spokenText(text);
    if (spoken) announce(spoken);
  }
}
