// A small stroke icon set (24×24, currentColor), drawn in the spirit of Lucide.
// Icons are decorative by default (aria-hidden); pass `label` when one stands alone.

import type { JSX } from "preact";

import { paths } from "./iconPaths";

export type IconName = keyof typeof paths;

function shape(spec: string, key: number): JSX.Element {
  if (spec.startsWith("circle:")) {
    const [cx, cy, r] = spec.slice(7).split(",");
    return <circle key={key} cx={cx} cy={cy} r={r} />;
  }
  if (spec.startsWith("rect:")) {
    const [x, y, width, height, rx] = spec.slice(5).split(",");
    return <rect key={key} x={x} y={y} width={width} height={height} rx={rx} />;
  }
  return <path key={key} d={spec} />;
}

export function Icon(props: { name: IconName; size?: number; label?: string; class?: string }) {
  const { name, size = 18, label } = props;
  return (
    <svg
      class={props.class ? `icon ${props.class}` : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="1.8"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden={label ? undefined : "true"}
      role={label ? "img" : undefined}
      aria-label={label}
      focusable="false"
    >
      {paths[name].map((spec, i) => shape(spec, i))}
    </svg>
  );
}
