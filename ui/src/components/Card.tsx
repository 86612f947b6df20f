import type { ComponentChildren, HTMLAttributes } from "preact";
import { useId } from "preact/hooks";

interface CardProps {
  title?: ComponentChildren;
  description?: ComponentChildren;
  /** Controls shown at the right of the card's header. */
  actions?: ComponentChildren;
  footer?: ComponentChildren;
  /** Heading level for the title; screens use h1, so cards default to h2. */
  level?: 2 | 3;
  tone?: "default" | "accent" | "sunken";
  class?: string;
  children?: ComponentChildren;
  "data-testid"?: string;
}

/** A surface with an optional header. With a title it becomes a labelled region. */
export function Card(props: CardProps) {
  const id = useId();
  const Heading = (props.level === 3 ? "h3" : "h2") as "h2";
  const classes = ["card", `card--${props.tone ?? "default"}`, props.class ?? ""].join(" ").trim();
  const hasHeader = props.title != null || props.actions != null;
  return (
    <section class={classes} aria-labelledby={props.title != null ? `${id}-title` : undefined} data-testid={props["data-testid"]}>
      {hasHeader && (
        <header class="card__header">
          <div class="card__heading">
            {props.title != null && (
              <Heading id={`${id}-title`} class="card__title">
                {props.title}
              </Heading>
            )}
            {props.description != null && <p class="card__description">{props.description}</p>}
          </div>
          {props.actions != null && <div class="card__actions">{props.actions}</div>}
        </header>
      )}
      <div class="card__body">{props.children}</div>
      {props.footer != null && <footer class="card__footer">{props.footer}</footer>}
    </section>
  );
}

/** A quieter, tinted block inside a card or screen (notes, callouts). */
export function Panel(
  props: { tone?: "neutral" | "accent" | "warning" | "danger"; children?: ComponentChildren } & Omit<
    HTMLAttributes<HTMLDivElement>,
    "tone"
  >,
) {
  const { tone = "neutral", class: extra, children, ...rest } = props;
  return (
    <div {...rest} class={`panel panel--${tone}${extra ? ` ${String(extra)}` : ""}`}>
      {children}
    </div>
  );
}
