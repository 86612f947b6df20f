import type { HTMLAttributes } from "preact";

import { t } from "../i18n";

/** A placeholder block that shimmers while content loads. Decorative. */
export function Skeleton(props: { variant?: "text" | "block" | "circle"; width?: string; height?: string }) {
  const ref = (el: HTMLSpanElement | null) => {
    // Sizes go through element.style: CSP forbids style attributes in markup.
    if (!el) return;
    if (props.width) el.style.width = props.width;
    if (props.height) el.style.height = props.height;
  };
  return <span ref={ref} class={`skeleton skeleton--${props.variant ?? "text"}`} aria-hidden="true" />;
}

/** A labelled loading region: screen readers hear "Loading…", sighted people see rows. */
export function SkeletonList(props: { rows?: number; variant?: "rows" | "cards" } & HTMLAttributes<HTMLDivElement>) {
  const { rows = 4, variant = "rows", ...rest } = props;
  const items = Array.from({ length: rows }, (_, i) => i);
  return (
    <div {...rest} class={`skeleton-list skeleton-list--${variant}`} role="status" aria-live="polite">
      <span class="sr-only">{t("common.loading")}</span>
      {items.map((i) =>
        variant === "cards" ? (
          <div class="skeleton-card" key={i}>
            <Skeleton variant="circle" width="36px" height="36px" />
            <Skeleton width="60%" />
            <Skeleton width="90%" />
            <Skeleton width="40%" />
          </div>
        ) : (
          <div class="skeleton-row" key={i}>
            <Skeleton variant="circle" width="32px" height="32px" />
            <div class="skeleton-row__lines">
              <Skeleton width={`${55 + ((i * 17) % 35)}%`} />
              <Skeleton width={`${30 + ((i * 23) % 30)}%`} />
            </div>
          </div>
        ),
      )}
    </div>
  );
}
