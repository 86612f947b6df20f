import { sessionsStore } from "../../app/sessions";
import { Button, Icon, Panel, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type ExpiredSignIn, toAppError } from "../../ipc";

/**
 * A sign-in whose 10 minutes ran out without the browser coming back — most often because
 * the platform refused the redirect URI. Says so, shows the exact URI sent (to compare with
 * the client's registration), and offers to start again or put the notice away.
 */
export function SignInExpired(props: { expired: ExpiredSignIn }) {
  const { expired } = props;
  const again = () => {
    // A Personal attempt that was no payer choice asked for access to account details
    // (the core starts every other Personal sign-in as the payer): ask again, the payer kept.
    if (expired.contextKind === "personal" && !expired.makePayer) {
      void sessionsStore.askAccountAccess();
      return;
    }
    const request =
      expired.contextKind === "team" && expired.teamId
        ? ({ kind: "team", teamId: expired.teamId, makePayer: expired.makePayer } as const)
        : ({ kind: "personal" } as const);
    void sessionsStore.signIn(request);
  };
  const dismiss = async () => {
    try {
      await sessionsStore.cancelSignIn();
    } catch (err) {
      toast({ tone: "error", title: errorMessage(toAppError(err).code) });
    }
  };
  return (
    <Panel tone="warning" class="note" role="status" data-testid="sign-in-expired">
      <Icon name="alert" size={18} />
      <div>
        {expired.reason === "notListening" ? (
          <>
            <p class="session-notice__title">{t("expired.notListening.title")}</p>
            <p>{t("expired.notListening.body")}</p>
          </>
        ) : (
          <>
            <p class="session-notice__title">{t("expired.title")}</p>
            <p>{t("expired.body")}</p>
          </>
        )}
        <p class="mono" data-testid="sign-in-expired-redirect">
          {expired.redirectUri}
        </p>
        <p class="note__detail">{t("expired.diagnostics")}</p>
        <div class="session-notice__actions">
          <Button variant="primary" size="sm" iconAfter="externalLink" onClick={again} data-testid="sign-in-expired-retry">
            {t("expired.retry")}
          </Button>
          <Button variant="ghost" size="sm" icon="close" onClick={() => void dismiss()} data-testid="sign-in-expired-dismiss">
            {t("expired.dismiss")}
          </Button>
        </div>
      </div>
    </Panel>
  );
}
