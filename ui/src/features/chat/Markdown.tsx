// Renders a reply's Markdown (the markdown-it tree from markdown.ts) as Preact elements:
// text is always text (never HTML); links are buttons that ask the core to open an https
// URL after a click; images are not fetched but shown as their alt text and link; code
// blocks have a language label, a copy button and highlighting (highlight.ts); tables
// scroll inside the bubble. While a reply streams, only its last block re-renders: earlier
// blocks keep their identity and `memo` skips them, and in a long list or table only the
// last items or rows change.

import { memo } from "preact/compat";
import { useRef } from "preact/hooks";
import type { ComponentChildren } from "preact";

import { t } from "../../i18n";
import { IncrementalMarkdown, fenceLang, type Block, type MdNode } from "./markdown";
import { CodeBlock } from "./CodeBlock";
import { LinkView } from "./MarkdownLink";

function plainText(nodes: MdNode[]): string {
  let s = "";
  for (const n of nodes) {
    if (n.type === "text" || n.type === "code_inline") s += n.token.content;
    else if (n.type === "softbreak" || n.type === "hardbreak") s += "\n";
    else if (n.type === "image") s += n.token.content;
    else s += plainText(n.children);
  }
  return s;
}

function Inlines(props: { nodes: MdNode[] }): preact.JSX.Element {
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
      // Never fetched: "Image", its alt text and its link.
      const src = String(token.attrGet("src") ?? "");
      return (
        <span key={key} class="md-image" data-src={src}>
          <span class="md-image__label">{t("chat.image")}</span>{" "}
          <span class="md-image__alt">{token.content}</span>
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

function Blocks(props: { nodes: MdNode[]; live: boolean }) {
  return (
    <>
      {props.nodes.map((node, i) => (
        <NodeView key={i} node={node} live={props.live} />
      ))}
    </>
  );
}

function alignClass(node: MdNode): string {
  const style = String(node.token.attrGet("style") ?? "");
  const m = /text-align:(left|center|right)/.exec(style);
  return m ? `md-al-${m[1]}` : "";
}

/** One parsed node as elements (exported for the benchmark's naive baseline). */
export function NodeView(props: { node: MdNode; live: boolean }): preact.JSX.Element | null {
  const { node, live } = props;
  const token = node.token;
  switch (node.type) {
    case "inline":
      return <Inlines nodes={node.children} />;
    case "paragraph":
      // A tight list's paragraphs are just their text.
      return token.hidden ? (
        <Blocks nodes={node.children} live={live} />
      ) : (
        <p class="md-p">
          <Blocks nodes={node.children} live={live} />
        </p>
      );
    case "heading": {
      const level = Number(token.tag.slice(1)) || 1;
      return (
        <p class={`md-h md-h${level}`} role="heading" aria-level={Math.min(level + 2, 6)}>
          <Blocks nodes={node.children} live={live} />
        </p>
      );
    }
    case "hr":
      return <hr class="md-hr" />;
    case "blockquote":
      return (
        <blockquote class="md-quote">
          <Blocks nodes={node.children} live={live} />
        </blockquote>
      );
    case "fence":
      return <CodeBlock lang={fenceLang(token)} code={token.content} live={live} />;
    case "code_block":
      return <CodeBlock lang="" code={token.content} live={live} />;
    case "bullet_list":
    case "ordered_list": {
      const Tag = node.type === "ordered_list" ? "ol" : "ul";
      const start = Number(token.attrGet("start") ?? "1");
      const last = node.children.length - 1;
      return (
        <Tag class="md-list" start={Tag === "ol" && start !== 1 ? start : undefined}>
          {node.children.map((item, i) => (
            <MemoNode key={i} node={item} live={live && i === last} />
          ))}
        </Tag>
      );
    }
    case "list_item": {
      const task = (token.meta as { task?: "open" | "done" } | null)?.task;
      return (
        <li class={`md-li${task ? " md-task" : ""}`}>
          {task && (
            <input
              type="checkbox"
              class="md-task__box"
              disabled
              checked={task === "done"}
              aria-label={t(task === "done" ? "chat.task.done" : "chat.task.open")}
            />
          )}
          <Blocks nodes={node.children} live={live} />
        </li>
      );
    }
    case "table":
      return (
        <div class="md-table-wrap" role="region" aria-label={t("chat.table.label")} tabIndex={0}>
          <table class="md-table">
            <Blocks nodes={node.children} live={live} />
          </table>
        </div>
      );
    case "thead":
      return (
        <thead>
          <Blocks nodes={node.children} live={live} />
        </thead>
      );
    case "tbody":
      return (
        <tbody>
          {node.children.map((row, i) => (
            <MemoNode key={i} node={row} live={false} />
          ))}
        </tbody>
      );
    case "tr":
      return (
        <tr>
          <Blocks nodes={node.children} live={live} />
        </tr>
      );
    case "th":
      return (
        <th class={alignClass(node) || undefined}>
          <Blocks nodes={node.children} live={live} />
        </th>
      );
    case "td":
      return (
        <td class={alignClass(node) || undefined}>
          <Blocks nodes={node.children} live={live} />
        </td>
      );
    default:
      // Nothing else reaches here with raw HTML off; show any text it holds as text.
      return node.children.length > 0 ? <Blocks nodes={node.children} live={live} /> : <>{token.content}</>;
  }
}

// Nodes are compared by identity: a finished block, item or row is the same object every delta.
const MemoNode = memo(NodeView, (a, b) => a.node === b.node && a.live === b.live);

/** Blocks are rendered in groups of this many: a group whose blocks are all unchanged
 * keeps its identity, so a long reply costs one comparison per group, not per block. */
const GROUP = 32;

function BlockGroupView(props: { blocks: Block[]; live: Block | null }) {
  return (
    <>
      {props.blocks.map((block) => (
        <MemoNode key={block.start} node={block} live={block === props.live} />
      ))}
    </>
  );
}

const MemoGroup = memo(
  BlockGroupView,
  (a, b) => a.blocks === b.blocks && (a.live === b.live || (!a.blocks.includes(a.live!) && !b.blocks.includes(b.live!))),
);

/** Splits blocks into groups, reusing a previous group object when its blocks are the same. */
function regroup(blocks: Block[], previous: Block[][]): Block[][] {
  const groups: Block[][] = [];
  for (let g = 0; g * GROUP < blocks.length; g += 1) {
    const start = g * GROUP;
    const end = Math.min(start + GROUP, blocks.length);
    const old = previous[g];
    let same = old !== undefined && old.length === end - start;
    for (let i = start; same && i < end; i += 1) same = old![i - start] === blocks[i];
    groups.push(same ? old! : blocks.slice(start, end));
  }
  return groups;
}

/** A reply's Markdown. `streaming` adds the caret and leaves the last block unhighlighted. */
export function Markdown(props: { text: string; streaming?: boolean }) {
  const reader = useRef<IncrementalMarkdown | null>(null);
  const grouped = useRef<Block[][]>([]);
  if (!reader.current) reader.current = new IncrementalMarkdown();
  const blocks = reader.current.update(props.text, props.streaming === true);
  grouped.current = regroup(blocks, grouped.current);
  const live = props.streaming ? (blocks[blocks.length - 1] ?? null) : null;
  return (
    <div class={`md${props.streaming ? " md--streaming" : ""}`}>
      {grouped.current.map((group, g) => (
        <MemoGroup key={g} blocks={group} live={live} />
      ))}
      {props.streaming && <span class="md-caret" aria-hidden="true" />}
    </div>
  );
}
