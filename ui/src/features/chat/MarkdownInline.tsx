// A Markdown paragraph's inline nodes (text, code, emphasis, links, images) as elements:
// text is always text, links are buttons (MarkdownLink.tsx), images are never fetched.

import type { ComponentChildren } from "preact";

import { t } from "../../i18n";
import { LinkView } from "./MarkdownLink";
import type { MdNode } from "./markdown";

/** Nodes as plain text: what CommonMark makes an image's alt text of (`![foo *bar*](/u)` → "foo bar"). */
function plainText(nodes: MdNode[]): string {
  let s = "";
  for (const n of nodes) {
    if (n.type === "text" || n.type === "code_inline") s += n.token.content;
    else if (n.type === "softbreak" || n.type === "hardbreak") s += "\n";
    else s += plainText(n.children);
  }
  return s;
}

export function Inlines(props: { nodes: MdNode[] }): preact.JSX.Element {
  return <>{props.nodes.map((node, i) => inline(node, i))}</>;
}

function inline(node: MdNode, key: number): ComponentChildren {
  const token = node.token;
  switch (node.type) {
    case "text":
      return token.content;
    case "softbreak":
      return "\n";
    case "hardbreak":
      return <br key={key} />;
    case "code_inline":
      return (
        <code key={key} class="md-code">
          {token.content}
        </code>
      );
    case "em":
      return (
        <em key={key}>
          <Inlines nodes={node.children} />
        </em>
      );
    case "strong":
      return (
        <strong key={key}>
          <Inlines nodes={node.children} />
        </strong>
      );
    case "s":
      return (
        <del key={key}>
          <Inlines nodes={node.children} />
        </del>
      );
    case "link":
      return (
        <LinkView
          key={key}
          target={String(token.attrGet("href") ?? "")}
          auto={token.markup === "autolink" || token.markup === "linkify"}
          text={plainText(node.children)}
        >
          <Inlines nodes={node.children} />
        </LinkView>
      );
    case "image": {
      // Never fetched: "Image", its alt text (the description's plain text) and its link.
      const src = String(token.attrGet("src") ?? "");
      return (
        <span key={key} class="md-image" data-src={src}>
          <span class="md-image__label">{t("chat.image")}</span> <span class="md-image__alt">{plainText(node.children)}</span>
          {src && " "}
          {src && (
            <LinkView target={src} auto={false} text={src}>
              {src}
            </LinkView>
          )}
        </span>
      );
    }
    default:
      return plainText(node.children) || token.content;
  }
}
