// Renders a reply's Markdown (the markdown-it tree from markdown.ts) as Preact elements:
// text is always text (never HTML); links are buttons that ask the core to open an https
// URL after a click; images are not fetched but shown as their alt text and link; code
// blocks have a language label, a copy button and highlighting (highlight.ts); tables
// scroll inside the bubble. While a reply streams, only its last block re-renders: earlier
// blocks keep their identity and `memo` skips them, and in a long list or table only the
// last items or rows change.

import { memo } from "preact/compat";
import { useRef } from "preact/hooks";

import { MemoNode } from "./MarkdownBlock";
import { type Block, IncrementalMarkdown } from "./markdown";

export { NodeView } from "./MarkdownBlock";

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

/** Whether `block` is one of `blocks` (never when there is no block). */
function includes(blocks: Block[], block: Block | null): boolean {
  return block !== null && blocks.includes(block);
}

const MemoGroup = memo(
  BlockGroupView,
  (a, b) => a.blocks === b.blocks && (a.live === b.live || (!includes(a.blocks, a.live) && !includes(b.blocks, b.live))),
);

/** Splits blocks into groups, reusing a previous group object when its blocks are the same. */
function regroup(blocks: Block[], previous: Block[][]): Block[][] {
  const groups: Block[][] = [];
  for (let g = 0; g * GROUP < blocks.length; g += 1) {
    const start = g * GROUP;
    const end = Math.min(start + GROUP, blocks.length);
    const old = previous[g];
    let same = old !== undefined && old.length === end - start;
    for (let i = start; old && same && i < end; i += 1) same = old[i - start] === blocks[i];
    groups.push(old && same ? old : blocks.slice(start, end));
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
