// What the Team screen shows instead of the Team: a Personal context, or a Team sign-in
// without `team_read` (the reason and what to do).

import { useApp } from "../../app/context";
import { scopeName } from "../../app/scopes";
import { Button, EmptyState, Icon, Panel } from "../../components";
import { t } from "../../i18n";

export function PersonalContext() {
  const { navigate } = useApp();
  return (
    <EmptyState
      icon="team"
      title={t("team.personal.title")}
      body={t("team.personal.body")}
      data-testid="team-personal"
      action={
        <Button variant="primary" iconAfter="arrowRight" onClick={() => navigate("account")} data-testid="empty-go-account">
          {t("common.goToAccount")}
        </Button>
      }
    />
  );
}

export function TeamScopeMissing(props: { team: string }) {
  const { navigate } = useApp();
  return (
    <Panel tone="warning" class="note scope-missing" data-testid="team-scope-missing" data-scope="team_read">
      <Icon name="lock" size={18} />
      <div class="scope-missing__text">
        <p class="scope-missing__title">{t("team.scope.title")}</p>
        <p>{t("team.scope.body", { scope: scopeName("team_read") })}</p>
        <p class="note__detail">{t("team.scope.howTo", { team: props.team })}</p>
        <Button size="sm" variant="secondary" iconAfter="arrowRight" onClick={() => navigate("account")} data-testid="scope-go-account">
          {t("common.goToAccount")}
        </Button>
      </div>
    </Panel>
  );
}
