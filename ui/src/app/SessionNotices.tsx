import { useState } from "preact/hooks";

import { toast } from "../components";
import { errorMessage, t } from "../i18n";
import { type EndedSession, type SessionSummary, toAppError } from "../ipc";
import { ChoosePayer } from "./ChoosePayer";
import { useApp } from "./context";
import { EndedNotice } from "./EndedNotice";
import { contextLabel, sessionsStore, useSessions } from "./sessions";

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
      {view.payerNotChosen && <ChoosePayer sessions={view.sessions} busy={busy} onChoose={(session) => void choose(session)} />}
      {view.ended.map((notice) => (
        <EndedNotice
          key={notice.id}
          notice={notice}
          busy={busy === notice.id}
          signInPending={view.signInPending}
          onSignInAgain={() => void signInAgain(notice)}
          onDismiss={() => void dismiss(notice)}
        />
      ))}
    </div>
  );
}
