// #26 item 11: an image's alt text is its plain text, as CommonMark renders it, and an
// e-mail autolink shows its mailto: target like any other link that is not https.

import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";

import { Markdown } from "../../src/features/chat/Markdown";
import { findIn, mountRoot } from "../support/dom";

let root: HTMLElement;
mountRoot((el) => (root = el));

function show(text: string) {
  act(() => render(<Markdown text={text} />, root));
  return root;
}

describe("an image's alt text", () => {
  it("is the plain text of its description, without the markup", () => {
    const el = show("![foo *bar*](/url)");
    expect(findIn(el, ".md-image__alt").textContent).toBe("foo bar");
  });

  it("flattens nested links, images and code as CommonMark does", () => {
    const el = show("![foo [bar](/a) ![baz](/b) `qux` **q**](/url)");
    expect(findIn(el, ".md-image__alt").textContent).toBe("foo bar baz qux q");
  });
});

describe("an e-mail autolink", () => {
  it("shows its mailto: target beside its text, never as a button", () => {
    const el = show("<foo@bar.example.com>");
    expect(el.querySelector("button")).toBeNull();
    expect(findIn(el, ".md-link-target").textContent).toBe(" (mailto:foo@bar.example.com)");
    expect(el.textContent).toBe("foo@bar.example.com (mailto:foo@bar.example.com)");
  });

  it("is the same for a bare e-mail address (GFM's extended autolink)", () => {
    const el = show("write to foo@bar.example.com");
    expect(findIn(el, ".md-link-target").textContent).toBe(" (mailto:foo@bar.example.com)");
  });

  it("adds nothing to an autolink whose text is its target", () => {
    const el = show("<http://example.com/a>");
    expect(el.querySelector(".md-link-target")).toBeNull();
    expect(el.textContent).toBe("http://example.com/a");
  });
});
