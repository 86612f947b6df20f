// A layout for the message log in happy-dom, which has none: the log
// ([data-testid=chat-messages]) is VIEW px tall with PAD px of padding above and below its
// rows, each message is as tall as `heights` says (100 px unless set), scrollTop is clamped
// to the content and a change fires "scroll" a moment later as in a browser, and
// ResizeObserver reports the messages' sizes when `resize()` is called (as a browser does
// after layout).

import { act } from "preact/test-utils";

export const VIEW = 600;
export const PAD = 16;

/** Message id → its height in px. */
export const heights = new Map<string, number>();
/** Message id → how often its offsetHeight was read (each read forces a layout in a browser). */
export const layoutReads = new Map<string, number>();

const scrollTops = new WeakMap<Element, number>();
const observers = new Set<FakeResizeObserver>();
const saved: [object, string, PropertyDescriptor | undefined][] = [];

function isLog(el: Element): boolean {
  return el instanceof HTMLElement && el.dataset.testid === "chat-messages";
}

export function heightOf(el: HTMLElement): number {
  return heights.get(el.dataset.messageId ?? "") ?? 100;
}

export function contentHeight(log: HTMLElement): number {
  const rows = log.querySelector<HTMLElement>(".chat-rows");
  return PAD + Number.parseFloat(rows?.style.height || "0") + PAD;
}

export function maxTop(log: HTMLElement): number {
  return Math.max(0, contentHeight(log) - VIEW);
}

export function isAtBottom(log: HTMLElement): boolean {
  return Math.abs(log.scrollTop - maxTop(log)) < 1;
}

function patch(target: object, name: string, descriptor: PropertyDescriptor) {
  saved.push([target, name, Object.getOwnPropertyDescriptor(target, name)]);
  Object.defineProperty(target, name, { configurable: true, ...descriptor });
}

class FakeResizeObserver {
  readonly targets = new Set<Element>();
  constructor(private readonly callback: ResizeObserverCallback) {
    observers.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    observers.delete(this);
  }
  deliver() {
    const entries = [...this.targets]
      .filter((t) => t.isConnected && t instanceof HTMLElement && t.dataset.messageId)
      .map((target) => {
        const blockSize = heightOf(target as HTMLElement);
        return { target, borderBoxSize: [{ blockSize, inlineSize: 700 }], contentRect: { height: blockSize } };
      });
    if (entries.length > 0) this.callback(entries as unknown as ResizeObserverEntry[], this as unknown as ResizeObserver);
  }
}

/** Every element some ResizeObserver still watches. */
export function observedTargets(): Element[] {
  return [...observers].flatMap((o) => [...o.targets]);
}

/** Lets scroll events, frames and renders run out. */
export async function settle() {
  for (let i = 0; i < 6; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
  }
}

/** What a browser does after layout: the observers report the messages' sizes. */
export async function resize() {
  await act(async () => {
    for (const o of [...observers]) o.deliver();
  });
  await settle();
}

/** Scrolls the log as a person does: the position changes, then "scroll" fires. */
export async function scrollLog(log: HTMLElement, top: number) {
  log.scrollTop = top;
  await settle();
  await resize();
}

/** The DOM's own getter of `name`, which the fake layout falls back to. */
function getterOf(proto: HTMLElement, name: string): (this: HTMLElement) => number {
  const get = Object.getOwnPropertyDescriptor(proto, name)?.get;
  if (!get) throw new Error(`HTMLElement has no ${name} getter`);
  return get;
}

export function installLayout() {
  heights.clear();
  layoutReads.clear();
  const proto = HTMLElement.prototype;
  const offsetHeight = getterOf(proto, "offsetHeight");
  const clientHeight = getterOf(proto, "clientHeight");
  const clientWidth = getterOf(proto, "clientWidth");
  patch(proto, "offsetHeight", {
    get(this: HTMLElement) {
      if (!this.dataset.messageId) return offsetHeight.call(this);
      const id = this.dataset.messageId;
      layoutReads.set(id, (layoutReads.get(id) ?? 0) + 1);
      return heightOf(this);
    },
  });
  patch(proto, "clientHeight", {
    get(this: HTMLElement) {
      return isLog(this) ? VIEW : clientHeight.call(this);
    },
  });
  patch(proto, "clientWidth", {
    get(this: HTMLElement) {
      return isLog(this) ? 760 : clientWidth.call(this);
    },
  });
  patch(proto, "scrollHeight", {
    get(this: HTMLElement) {
      return isLog(this) ? contentHeight(this) : 0;
    },
  });
  patch(proto, "scrollTop", {
    get(this: HTMLElement) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: HTMLElement, value: number) {
      const before = scrollTops.get(this) ?? 0;
      const next = isLog(this) ? Math.min(Math.max(0, value), maxTop(this)) : value;
      scrollTops.set(this, next);
      if (next !== before) setTimeout(() => this.dispatchEvent(new Event("scroll")), 0);
    },
  });
  patch(window, "ResizeObserver", { value: FakeResizeObserver, writable: true });
}

export function removeLayout() {
  observers.clear();
  for (const [target, name, descriptor] of saved.reverse()) {
    if (descriptor) Object.defineProperty(target, name, descriptor);
    else delete (target as Record<string, unknown>)[name];
  }
  saved.length = 0;
}
