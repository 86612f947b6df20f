// A session card's head: the avatar, who is signed in, in which context and role, and
// "Used for charges" on the card that pays.

import { contextName, roleLabel } from "../../app/sessions";
import { Badge, Icon } from "../../components";
import { t } from "../../i18n";
import type { SessionSummary } from "../../ipc";

/** The first letter of a name for the avatar (no remote images: the CSP allows none). */
function initial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : "?";
}

/** `id` prefixes the name's and the context's ids, which the card refers to. */
export function SessionHead(props: { session: SessionSummary; active: boolean; id: string }) {
  const { session, active, id } = props;
  const kind = session.context.kind;
  return (
    <header class="session-card__head">
      <span class={`avatar avatar--${kind}`} aria-hidden="true">
        {initial(session.displayName)}
      </span>
      <div class="session-card__who">
        {/* Focusable from code: a completed sign-in lands here (app/signInFocus.ts). */}
        <h3 class="session-card__name" id={`${id}-name`} tabIndex={-1} data-testid="session-name">
          {session.displayName}
        </h3>
        <p class="session-card__context" id={`${id}-context`} data-testid="session-context">
          <Icon name={kind === "team" ? "team" : "user"} size={15} />
          <span>{kind === "team" ? contextName(session) : t("context.personal")}</span>
          {session.role && (
            <Badge tone={session.role === "member" ? "neutral" : "accent"} data-testid="session-role">
              {roleLabel(session.role)}
            </Badge>
          )}
        </p>
      </div>
      {active && (
        <Badge tone="success" icon="checkCircle" data-testid="session-active">
          {t("session.chargedHere")}
        </Badge>
      )}
    </header>
  );
}
