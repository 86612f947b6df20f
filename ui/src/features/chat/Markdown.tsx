// Renders a reply's Markdown as Preact elements: text is always text (never HTML),
// links are buttons that ask the core to open an https URL after a click, code blocks
// have a copy button. While a reply streams, only its last block re-renders: earlier
// blocks keep their identity (see markdown.ts) and `memo` skips them.

import { memo } from "preact/compat";
import { useMemo, useRef } from "preact/hooks";

import { Icon, toast } from "../../components";
import { t } from "../../i18n";
import { openExternalLink } from "../../ipc";
import { copyText } from "../../app/clipboard";
import { IncrementalMarkdown, isOpenableLink, parseInline, type Block, type Inline } from "./markdown";

function openLink(href: string) {
  openExternalLink(href).catch(() => toast({ tone: "error", title: t("chat.link.failed") }));
}

function InlineSpans(props: { nodes: Inline[] }) {
  return (
    <>
      {props.nodes.map((node, i) => {
        switch (node.kind) {
          case "text":
            return node.text;
          case "code":
            return (
              <code key={i} class="md-code">
                {node.text}
              </code>
            );
          case "strong":
            return (
              <strong key={i}>
                <InlineSpans nodes={node.children} />
              </strong>
            );
          case "em":
            return (
              <em key={i}>
                <InlineSpans nodes={node.children} />
              </em>
            );
          case "link":
            return isOpenableLink(node.href) ? (
              <button
                key={i}
                type="button"
                class="md-link"
                title={t("chat.link.open", { url: node.href })}
                data-href={node.href}
                onClick={() => openLink(node.href)}
              >
                {node.text || node.href}
                <Icon name="externalLink" size={12} />
              </button>
            ) : (
              // Not https: shown as text with its target, never followed.
              <span key={i} class="md-link-text">
                {node.text}
                {node.href && node.href !== node.text ? ` (${node.href})` : ""}
              </span>
            );
        }
      })}
    </>
  );
}

function Text(props: { text: string }) {
  const nodes = useMemo(() => parseInline(props.text), [props.text]);
  return <InlineSpans nodes={nodes} />;
}

/** A code block with its language and a copy button (also used for JSON replies). */
export function CodeBlock(props: { lang: string; code: string }) {
  return (
    <div class="md-pre" data-testid="md-code-block">
      <div class="md-pre__bar">
        <span class="md-pre__lang">{props.lang || t("chat.code.plain")}</span>
        <button
          type="button"
          class="md-pre__copy"
          aria-label={t("chat.code.copy")}
          title={t("chat.code.copy")}
          onClick={() =>
            void copyText(props.code).then((ok) =>
              toast({ tone: ok ? "success" : "error", title: ok ? t("chat.copied") : t("chat.copyFailed") }),
            )
          }
        >
          <Icon name="copy" size={14} />
        </button>
      </div>
      <pre>
        <code>{props.code}</code>
      </pre>
    </div>
  );
}

function BlockView(props: { block: Block }) {
  const block = props.block;
  switch (block.kind) {
    case "paragraph":
      return (
        <p class="md-p">
          <Text text={block.text} />
        </p>
      );
    case "heading":
      return (
        <p class={`md-h md-h${block.level}`} role="heading" aria-level={Math.min(block.level + 2, 6)}>
          <Text text={block.text} />
        </p>
      );
    case "rule":
      return <hr class="md-hr" />;
    case "quote":
      return (
        <blockquote class="md-quote">
          <Text text={block.text} />
        </blockquote>
      );
    case "code":
      return <CodeBlock lang={block.lang} code={block.code} />;
    case "list": {
      const Tag = block.ordered ? "ol" : "ul";
      return (
        <Tag class="md-list" start={block.ordered && block.first !== 1 ? block.first : undefined}>
          {block.items.map((item, i) => (
            <li key={i} class={`md-li md-li--d${item.depth}`}>
              <Text text={item.text} />
            </li>
          ))}
        </Tag>
      );
    }
  }
}

// Blocks are compared by identity: a finished block is the same object every delta.
const MemoBlock = memo(BlockView, (a, b) => a.block === b.block);

/** Blocks are rendered in groups of this many: a group whose blocks are all unchanged
 * keeps its identity, so a long reply costs one comparison per group, not per block. */
const GROUP = 32;

function BlockGroupView(props: { blocks: Block[] }) {
  return (
    <>
      {props.blocks.map((block) => (
        <MemoBlock key={block.start} block={block} />
      ))}
    </>
  );
}

const MemoGroup = memo(BlockGroupView, (a, b) => a.blocks === b.blocks);

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

/** A reply's Markdown. `streaming` adds the caret after the last block. */
export function Markdown(props: { text: string; streaming?: boolean }) {
  const reader = useRef<IncrementalMarkdown | null>(null);
  const grouped = useRef<Block[][]>([]);
  if (!reader.current) reader.current = new IncrementalMarkdown();
  const blocks = reader.current.update(props.text, props.streaming === true);
  grouped.current = regroup(blocks, grouped.current);
  return (
    <div class={`md${props.streaming ? " md--streaming" : ""}`}>
      {grouped.current.map((group, g) => (
        <MemoGroup key={g} blocks={group} />
      ))}
      {props.streaming && <span class="md-caret" aria-hidden="true" />}
    </div>
  );
}
