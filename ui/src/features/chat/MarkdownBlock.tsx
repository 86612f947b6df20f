// One block of a reply's Markdown (paragraph, heading, list, quote, code, table) as elements;
// list items and table rows are memoised by identity, so a stream re-renders only the last.

import type { ComponentChildren } from "preact";
import { memo } from "preact/compat";

import { t, useLocale } from "../../i18n";
import { CodeBlock } from "./CodeBlock";
import { Inlines } from "./MarkdownInline";
import { alignClass, fenceLang, type MdNode } from "./markdown";

function Blocks(props: { nodes: MdNode[]; live: boolean }) {
  return (
    <>
      {props.nodes.map((node, i) => (
        <NodeView key={i} node={node} live={props.live} />
      ))}
    </>
  );
}

/** One parsed node as elements (exported for the benchmark's naive baseline). */
export function NodeView(props: { node: MdNode; live: boolean }): ComponentChildren {
  useLocale(); // memoised (MemoNode), yet its labels follow the language
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
      // Two levels below the screen's and the conversation's titles: a reply's "#" is an h3.
      const Heading = `h${Math.min(level + 2, 6)}` as "h3" | "h4" | "h5" | "h6";
      return (
        <Heading class={`md-h md-h${level}`}>
          <Blocks nodes={node.children} live={live} />
        </Heading>
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
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a named section is a region, and a region that scrolls takes focus so that a keyboard can scroll it (WCAG 2.1.1)
        <section class="md-table-wrap" aria-label={t("chat.table.label")} tabIndex={0}>
          <table class="md-table">
            <Blocks nodes={node.children} live={live} />
          </table>
        </section>
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
      return node.children.length > 0 ? <Blocks nodes={node.children} live={live} /> : token.content;
  }
}

// Nodes are compared by identity: a finished block, item or row is the same object every delta.
export const MemoNode = memo(NodeView, (a, b) => a.node === b.node && a.live === b.live);
