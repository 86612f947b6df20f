// "Add a context": the Personal and Team cards with their sign-in buttons (and who is
// already signed in), below the sessions; disabled while a sign-in waits for the browser.

import { Button, Icon } from "../../components";
import { t } from "../../i18n";
import type { SessionSummary } from "../../ipc";
import { ContextCard } from "./ContextCard";

export function AddContext(props: {
  signedIn: boolean;
  personal: SessionSummary | null;
  teams: SessionSummary[];
  pending: boolean;
  starting: boolean;
  onSignInPersonal: () => void;
  onSignInTeam: () => void;
}) {
  const { signedIn, personal, teams, pending, starting } = props;
  return (
    <section class="add-context" aria-labelledby={signedIn ? "add-context-title" : undefined} data-testid="account-add">
      {signedIn && (
        <header class="section-head">
          <div class="section-head__text">
            <h2 id="add-context-title" class="section-head__title">
              {t("account.add.title")}
            </h2>
            <p class="section-head__body">{t("account.add.body")}</p>
          </div>
        </header>
      )}
      <div class="grid grid--2">
        <ContextCard
          context="personal"
          icon="user"
          level={signedIn ? 3 : 2}
          compact={signedIn}
          title="account.personal.title"
          body="account.personal.body"
          points={["account.personal.point1", "account.personal.point2"]}
        >
          {personal && (
            <p class="signin-slot__status" data-testid="personal-signed-in">
              <Icon name="checkCircle" size={16} />
              <span>{t("account.personal.signedInAs", { name: personal.displayName })}</span>
            </p>
          )}
          <Button
            variant={personal ? "secondary" : "primary"}
            iconAfter="externalLink"
            loading={starting}
            disabled={pending}
            onClick={props.onSignInPersonal}
            data-testid="sign-in-personal"
          >
            {personal ? t("account.personal.signInAgain") : t("account.personal.signIn")}
          </Button>
        </ContextCard>
        <ContextCard
          context="team"
          icon="team"
          level={signedIn ? 3 : 2}
          compact={signedIn}
          title="account.team.title"
          body="account.team.body"
          points={["account.team.point1", "account.team.point2"]}
        >
          {teams.length > 0 && (
            <p class="signin-slot__status" data-testid="team-signed-in">
              <Icon name="checkCircle" size={16} />
              <span>{t("account.team.signedInCount", { count: teams.length })}</span>
            </p>
          )}
          <Button
            variant={teams.length > 0 || personal ? "secondary" : "primary"}
            icon="plus"
            disabled={pending}
            aria-haspopup="dialog"
            onClick={props.onSignInTeam}
            data-testid="sign-in-team"
          >
            {teams.length > 0 ? t("account.team.signInAnother") : t("account.team.signIn")}
          </Button>
        </ContextCard>
      </div>
      {pending && (
        <p class="muted-note" data-testid="sign-in-disabled-note">
          <Icon name="info" size={16} />
          <span>{t("account.pendingDisabled")}</span>
        </p>
      )}
    </section>
  );
}
