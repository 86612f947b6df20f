// The one place Presenting mode masks what the window shows: the document itself. While a
// masker is set (format/mask.ts), every text node and every attribute a person or a screen
// reader can meet (titles, tooltips, labels, alt text, values) is masked as it appears or
// changes, so a new screen is masked without any code of its own. Text fields whose value
// holds something private are shown as dots until presenting ends (their value is the
// person's input and is not rewritten).
//
// Rewriting a rendered text node is safe with Preact: it sets a text node's data only when
// its own value changes, and the guard masks that change again before the next paint
// (MutationObserver callbacks run as microtasks, before rendering).

import { isPresenting, masked, onMaskerChange } from "../format/mask";

/** Attributes that name elements or carry no readable text: never rewritten. */
const KEEP = new Set(["class", "style", "id", "src", "srcset", "for", "role", "type", "name", "tabindex", "dir", "lang"]);
const ID_REFERENCES = /^aria-(controls|labelledby|describedby|activedescendant|owns|details|flowto|errormessage)$/;
const HIDDEN_VALUE = "data-presenting-hidden";

// What each masked node said before, to put back when presenting ends (the screens don't
// re-render text that did not change). A node that changed since holds its new text.
const textBefore = new Map<Text, { original: string; shown: string }>();
const attributesBefore = new Map<Element, Map<string, { original: string; shown: string }>>();

function restore(): void {
  for (const [node, { original, shown }] of textBefore) if (node.isConnected && node.data === shown) node.data = original;
  textBefore.clear();
  for (const [element, attrs] of attributesBefore) {
    if (!element.isConnected) continue;
    for (const [name, { original, shown }] of attrs) if (element.getAttribute(name) === shown) element.setAttribute(name, original);
  }
  attributesBefore.clear();
}

function keepAttribute(name: string): boolean {
  return KEEP.has(name) || ID_REFERENCES.test(name) || name.startsWith("data-");
}

function maskAttributes(element: Element): void {
  for (const attr of Array.from(element.attributes)) {
    if (keepAttribute(attr.name)) continue;
    const next = masked(attr.value);
    if (next === attr.value) continue;
    let attrs = attributesBefore.get(element);
    if (!attrs) {
      attrs = new Map();
      attributesBefore.set(element, attrs);
    }
    attrs.set(attr.name, { original: attr.value, shown: next });
    element.setAttribute(attr.name, next);
  }
}

function maskField(element: Element): void {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
  const hide = element.value !== "" && masked(element.value) !== element.value;
  if (hide !== element.hasAttribute(HIDDEN_VALUE)) {
    if (hide) element.setAttribute(HIDDEN_VALUE, "");
    else element.removeAttribute(HIDDEN_VALUE);
  }
}

function maskText(node: Text): void {
  const next = masked(node.data);
  if (next === node.data) return;
  if (textBefore.size > 2000) for (const old of textBefore.keys()) if (!old.isConnected) textBefore.delete(old);
  textBefore.set(node, { original: node.data, shown: next });
  node.data = next;
}

/** Masks `node` and everything under it. */
export function maskTree(node: Node): void {
  if (node.nodeType === Node.TEXT_NODE) {
    maskText(node as Text);
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
  if (node.nodeType === Node.ELEMENT_NODE) {
    const element = node as Element;
    if (element.tagName === "SCRIPT" || element.tagName === "STYLE") return;
    maskAttributes(element);
    maskField(element);
  }
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let current = walker.nextNode(); current; current = walker.nextNode()) {
    if (current.nodeType === Node.TEXT_NODE) {
      const parent = current.parentElement;
      if (parent && (parent.tagName === "SCRIPT" || parent.tagName === "STYLE")) continue;
      maskText(current as Text);
    } else {
      maskAttributes(current as Element);
      maskField(current as Element);
    }
  }
}

function unhideFields(root: ParentNode): void {
  for (const field of Array.from(root.querySelectorAll(`[${HIDDEN_VALUE}]`))) field.removeAttribute(HIDDEN_VALUE);
}

/**
 * Watches `root` (the document's body) for as long as the app runs: masks it whenever the
 * masker is set or changes, and every change under it while one is set. Returns a stop
 * function (tests).
 */
export function installMaskGuard(root: HTMLElement): () => void {
  let active = false;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "characterData") maskTree(record.target);
      else if (record.type === "attributes") {
        const target = record.target as Element;
        if (record.attributeName && !keepAttribute(record.attributeName)) maskAttributes(target);
      } else for (const added of Array.from(record.addedNodes)) maskTree(added);
    }
  });
  // A field's value changes without a mutation: typing, or a screen setting `.value`.
  const onInput = (event: Event) => {
    if (active && event.target instanceof Element) maskField(event.target);
  };
  const apply = () => {
    const on = isPresenting();
    if (on && !active) {
      active = true;
      observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
      root.addEventListener("input", onInput, true);
      root.addEventListener("focusout", onInput, true);
    } else if (!on && active) {
      active = false;
      observer.disconnect();
      root.removeEventListener("input", onInput, true);
      root.removeEventListener("focusout", onInput, true);
      unhideFields(root);
      restore();
    }
    if (on) maskTree(root);
  };
  const stop = onMaskerChange(apply);
  apply();
  return () => {
    stop();
    observer.disconnect();
    root.removeEventListener("input", onInput, true);
    root.removeEventListener("focusout", onInput, true);
  };
}
