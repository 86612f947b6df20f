// One paying context on the Account screen: its session, or a way to sign in to it.

import type { ComponentChildren } from "preact";

import { Icon, type IconName } from "../../components";
import { type PlainKey, t } from "../../i18n";

export function ContextCard(props: {
  context: "personal" | "team";
  icon: IconName;
  title: PlainKey;
  body: PlainKey;
  points: PlainKey[];
  level: 2 | 3;
  /** Signed in already: the card only offers to add, so the checklist folds away. */
  compact: boolean;
  children?: ComponentChildren;
}) {
  const Heading = (props.level === 3 ? "h3" : "h2") as "h2";
  return (
    <section
      class={`context-card${props.compact ? " context-card--compact" : ""}`}
      aria-labelledby={`ctx-${props.context}-title`}
      data-testid={`account-${props.context}`}
    >
      <div class="context-card__top">
        <div class={`context-card__icon context-card__icon--${props.context}`} aria-hidden="true">
          <Icon name={props.icon} size={22} />
        </div>
        <Heading class="context-card__title" id={`ctx-${props.context}-title`}>
          {t(props.title)}
        </Heading>
      </div>
      <p class="context-card__body">{t(props.body)}</p>
      {!props.compact && (
        <ul class="checklist">
          {props.points.map((key) => (
            <li key={key}>
              <Icon name="check" size={16} />
              <span>{t(key)}</span>
            </li>
          ))}
        </ul>
      )}
      <div class="signin-slot" data-testid={`signin-slot-${props.context}`} data-slot="sign-in">
        {props.children}
      </div>
    </section>
  );
}
