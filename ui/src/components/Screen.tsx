import type { ComponentChildren } from "preact";

/**
 * The frame of every screen: one h1 (focused after navigation, so keyboard and
 * screen-reader users land on the new screen's name) and the screen's content.
 */
export function Screen(props: { id: string; title: string; subtitle?: string; actions?: ComponentChildren; children?: ComponentChildren }) {
  return (
    <div class="screen" data-testid={`screen-${props.id}`}>
      <header class="screen__header">
        <div class="screen__heading">
          <h1 class="screen__title" id="screen-title" tabIndex={-1} data-testid="screen-title">
            {props.title}
          </h1>
          {props.subtitle && <p class="screen__subtitle">{props.subtitle}</p>}
        </div>
        {props.actions != null && <div class="screen__actions">{props.actions}</div>}
      </header>
      <div class="screen__body">{props.children}</div>
    </div>
  );
}
