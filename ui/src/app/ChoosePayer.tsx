// "Choose who pays": the session that paid ended, and the app never moves the charges to
// another context without the person saying so, so each signed-in session is offered.

import { Button, Icon, Panel } from "../components";
import { t } from "../i18n";
import type { SessionSummary } from "../ipc";
import { contextName } from "./sessions";

export function ChoosePayer(props: { sessions: SessionSummary[]; busy: string | null; onChoose: (session: SessionSummary) => void }) {
  return (
    <Panel tone="warning" class="note" role="alert" data-testid="choose-payer">
      <Icon name="alert" size={18} />
      <div>
        <p class="session-notice__title">{t("payer.title")}</p>
        <p>{t("payer.body")}</p>
        <div class="session-notice__actions">
          {props.sessions.map((session) => (
            <Button
              key={session.id}
              variant="secondary"
              size="sm"
              icon={session.context.kind === "team" ? "team" : "user"}
              loading={props.busy === session.id}
              onClick={() => props.onChoose(session)}
              data-testid={`choose-payer-${session.context.kind}`}
              data-session-id={session.id}
            >
              {t("payer.useFor", { context: contextName(session) })}
            </Button>
          ))}
        </div>
      </div>
    </Panel>
  );
}
