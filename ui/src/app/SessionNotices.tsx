import { useState } from "preact/hooks";

import { Button, Icon, Panel, toast } from "../components";
import { errorMessage, t } from "../i18n";
import { toAppError, type EndedSession, type SessionSummary } from "../ipc";
import { useApp } from "./context";
import { contextLabel, contextName, sessionsStore, useSessions } from "./sessions";

/** "Personal" or the Team's name, for a session that has ended. */
function endedName(notice: EndedSession): string {
  return notice.context.kind === "personal" ? t("context.personal") : notice.context.teamName;
}

function reasonText(notice: EndedSession): string {
  switch (notice.reason) {
    case "expired":
      return t("ended.reason.expired");
    case "rejected":
      return t("ended.reason.rejected");
    case "contextEnded":
      return t("ended.reason.contextEnded", { context: endedName(notice) });
    case "tokenMissing":
      return t("ended.reason.tokenMissing");
  }
}

/**
 * Above every screen: each session that ended by itself (which one, why, sign in again),
 * and — when the one that paid ended — "Choose who pays", because the app never moves
 * the charges to another context without the person saying so.
 */
export function SessionNotices() {
  const { view } = useSessions();
  const { navigate } = useApp();
  const [busy, setBusy] = useState<string | null>(null);

  const signInAgain = async (notice: EndedSession) => {
    setBusy(notice.id);
    const request =
      notice.context.kind === "personal"
        ? ({ kind: "personal" } as const)
        : ({ kind: "team", teamId: notice.context.teamId, makePayer: notice.wasPaying } as const);
    const started = await sessionsStore.signIn(request, notice.context.kind === "team" ? notice.context.teamName : undefined);
    setBusy(null);
    navigate("account");
    if (started) document.getElementById("sign-in-pending-title")?.focus();
  };

  const dismiss = async (notice: EndedSession) => {
    try {
      await sessionsStore.dismissNotice(notice.id);
    } catch (err) {
      toast({ tone: "error", title: errorMessage(toAppError(err).code) });
    }
  };

  const choose = async (session: SessionSummary) => {
    setBusy(session.id);
    try {
      await sessionsStore.activate(session.id);
      toast({ tone: "success", title: t("payer.chosen", { context: contextLabel(session) }) });
    } catch (err) {
      toast({ tone: "error", title: t("chargedTo.switchFailed"), body: errorMessage(toAppError(err).code) });
    } finally {
      setBusy(null);
    }
  };

  if (view.ended.length === 0 && !view.payerNotChosen) return null;
  return (
    <div class="session-notices" data-testid="session-notices">
      {view.payerNotChosen && (
        <Panel tone="warning" class="note" role="alert" data-testid="choose-payer">
          <Icon name="alert" size={18} />
          <div>
            <p class="session-notice__title">{t("payer.title")}</p>
            <p>{t("payer.body")}</p>
            <div class="session-notice__actions">
              {view.sessions.map((session) => (
                <Button
                  key={session.id}
                  variant="secondary"
                  size="sm"
                  icon={session.context.kind === "team" ? "team" : "user"}
                  loading={busy === session.id}
                  onClick={() => void choose(session)}
                  data-testid={`choose-payer-${session.context.kind}`}
                  data-session-id={session.id}
                >
                  {t("payer.useFor", { context: contextName(session) })}
                </Button>
              ))}
            </div>
          </div>
        </Panel>
      )}
      {view.ended.map((notice) => (
        <Panel
          key={notice.id}
          tone="danger"
          class="note"
          role="status"
          data-testid="session-ended"
          data-context={notice.context.kind}
          data-reason={notice.reason}
        >
          <Icon name="alert" size={18} />
          <div>
            <p class="session-notice__title" data-testid="session-ended-title">
              {t("ended.title", { context: endedName(notice) })}
            </p>
            <p data-testid="session-ended-reason">{reasonText(notice)}</p>
            {notice.wasPaying && <p data-testid="session-ended-was-paying">{t("ended.wasPaying")}</p>}
            {notice.platformCode && (
              <p class="note__detail mono" data-testid="session-ended-code">
                {t("ended.platformCode", { code: notice.platformCode })}
              </p>
            )}
            <div class="session-notice__actions">
              <Button
                variant="primary"
                size="sm"
                iconAfter="externalLink"
                loading={busy === notice.id}
                disabled={view.signInPending}
                onClick={() => void signInAgain(notice)}
                data-testid="session-ended-sign-in"
              >
                {t("ended.signInAgain", { context: endedName(notice) })}
              </Button>
              <Button variant="ghost" size="sm" icon="close" onClick={() => void dismiss(notice)} data-testid="session-ended-dismiss">
                {t("ended.dismiss")}
              </Button>
            </div>
          </div>
        </Panel>
      ))}
    </div>
  );
}
