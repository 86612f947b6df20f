// A small stroke icon set (24×24, currentColor), drawn in the spirit of Lucide.
// Icons are decorative by default (aria-hidden); pass `label` when one stands alone.

import type { JSX } from "preact";

const paths = {
  account: ["M20 21a8 8 0 0 0-16 0", "circle:12,8,4"],
  models: [
    "rect:4,4,16,16,2",
    "rect:9,9,6,6,1",
    "M15 2v2M15 20v2M2 15h2M2 9h2M20 15h2M20 9h2M9 2v2M9 20v2",
  ],
  chat: ["M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z", "M8 9h8M8 13h5"],
  voices: ["M2 10v3M6 6v11M10 3v18M14 8v7M18 5v13M22 10v3"],
  balances: [
    "M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1",
    "M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4",
  ],
  settings: [
    "M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z",
    "circle:12,12,3",
  ],
  flask: [
    "M10 2v7.53a2 2 0 0 1-.21.9L4.72 20.55A1 1 0 0 0 5.62 22h12.76a1 1 0 0 0 .9-1.45l-5.07-10.13a2 2 0 0 1-.21-.9V2",
    "M8.5 2h7",
    "M7 16h10",
  ],
  globe: ["circle:12,12,10", "M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20", "M2 12h20"],
  languages: [
    "M5 8l6 6",
    "M4 14l6-6 2-3",
    "M2 5h12",
    "M7 2h1",
    "M22 22l-5-10-5 10",
    "M14 18h6",
  ],
  sun: [
    "circle:12,12,4",
    "M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41",
  ],
  moon: ["M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9z"],
  monitor: ["rect:2,3,20,14,2", "M8 21h8M12 17v4"],
  user: ["M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2", "circle:12,7,4"],
  team: [
    "M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2",
    "circle:9,7,4",
    "M22 21v-2a4 4 0 0 0-3-3.87",
    "M16 3.13a4 4 0 0 1 0 7.75",
  ],
  arrowRight: ["M5 12h14", "M12 5l7 7-7 7"],
  alert: [
    "M21.73 18l-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3",
    "M12 9v4",
    "M12 17h.01",
  ],
  info: ["circle:12,12,10", "M12 16v-4", "M12 8h.01"],
  check: ["M20 6L9 17l-5-5"],
  checkCircle: ["circle:12,12,10", "M9 12l2 2 4-4"],
  close: ["M18 6L6 18", "M6 6l12 12"],
  refresh: [
    "M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8",
    "M21 3v5h-5",
    "M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16",
    "M8 16H3v5",
  ],
  shield: [
    "M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z",
    "M9 12l2 2 4-4",
  ],
  chevronDown: ["M6 9l6 6 6-6"],
  clock: ["circle:12,12,10", "M12 6v6l4 2"],
  logOut: ["M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4", "M16 17l5-5-5-5", "M21 12H9"],
  copy: ["rect:8,8,14,14,2", "M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"],
  plus: ["M5 12h14", "M12 5v14"],
  externalLink: ["M15 3h6v6", "M10 14L21 3", "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"],
  activity: ["M22 12h-4l-3 9L9 3l-3 9H2"],
  key: ["circle:7.5,15.5,5.5", "M21 2l-9.6 9.6", "M15.5 7.5l3 3L22 7l-3-3"],
  lock: ["rect:3,11,18,11,2", "M7 11V7a5 5 0 0 1 10 0v4"],
  link: ["M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71", "M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71"],
  // Chat and model browser.
  send: ["M12 19V5", "M5 12l7-7 7 7"],
  stop: ["rect:6,6,12,12,2"],
  trash: ["M3 6h18", "M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6", "M10 11v6M14 11v6", "M9 6V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2"],
  edit: ["M12 20h9", "M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4z"],
  download: ["M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4", "M7 10l5 5 5-5", "M12 15V3"],
  search: ["circle:11,11,7", "M21 21l-4.35-4.35"],
  receipt: ["M4 2v20l3-2 3 2 3-2 3 2 3-2 3 2V2l-3 2-3-2-3 2-3-2-3 2z", "M8 9h8M8 13h8M8 17h5"],
  sparkles: [
    "M9.94 15.5A2 2 0 0 0 8.5 14.06l-6.14-1.58a.5.5 0 0 1 0-.96L8.5 9.94A2 2 0 0 0 9.94 8.5l1.58-6.14a.5.5 0 0 1 .96 0l1.58 6.14a2 2 0 0 0 1.44 1.44l6.14 1.58a.5.5 0 0 1 0 .96l-6.14 1.58a2 2 0 0 0-1.44 1.44l-1.58 6.14a.5.5 0 0 1-.96 0z",
  ],
  play: ["M6 4l14 8-14 8z"],
  pause: ["rect:6,4,4,16,1", "rect:14,4,4,16,1"],
  volume: ["M11 5L6 9H2v6h4l5 4z", "M15.54 8.46a5 5 0 0 1 0 7.07", "M19.07 4.93a10 10 0 0 1 0 14.14"],
  columns: ["rect:3,3,18,18,2", "M9 3v18", "M15 3v18"],
} as const;

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
