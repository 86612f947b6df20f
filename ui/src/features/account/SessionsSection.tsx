// The signed-in sessions, one card each: who pays, switch, sign out.

import type { ComponentChildren } from "preact";

import { t } from "../../i18n";
import type { SessionsView } from "../../ipc";
import { SessionCard } from "./SessionCard";

export function SessionsSection(props: { view: SessionsView; platformBadge: ComponentChildren }) {
  const { view } = props;
  return (
    <section class="sessions" aria-labelledby="sessions-title" data-testid="sessions">
      <header class="section-head">
        <div class="section-head__text">
          <h2 id="sessions-title" class="section-head__title">
            {t("account.sessions.title")}
          </h2>
          <p class="section-head__body">{t("account.sessions.body")}</p>
        </div>
        <p class="section-head__aside" data-testid="account-platform-note">
          {props.platformBadge}
        </p>
      </header>
      <div class="session-grid">
        {view.sessions.map((session) => (
          <SessionCard
            key={session.id}
            session={session}
            active={session.id === view.activeId}
            others={view.sessions.filter((s) => s.id !== session.id)}
          />
        ))}
      </div>
    </section>
  );
}
