// One session that ended by itself: which, why (and the platform's code, if any), whether
// it was paying, and Sign in again or Dismiss.

import { Button, Icon, Panel } from "../components";
import { t } from "../i18n";
import type { EndedSession } from "../ipc";

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

export function EndedNotice(props: {
  notice: EndedSession;
  busy: boolean;
  signInPending: boolean;
  onSignInAgain: () => void;
  onDismiss: () => void;
}) {
  const { notice } = props;
  return (
    <Panel
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
            loading={props.busy}
            disabled={props.signInPending}
            onClick={props.onSignInAgain}
            data-testid="session-ended-sign-in"
          >
            {t("ended.signInAgain", { context: endedName(notice) })}
          </Button>
          <Button variant="ghost" size="sm" icon="close" onClick={props.onDismiss} data-testid="session-ended-dismiss">
            {t("ended.dismiss")}
          </Button>
        </div>
      </div>
    </Panel>
  );
}
