import { useApp } from "../../app/context";
import { scopeName } from "../../app/scopes";
import { Button, Icon, Panel } from "../../components";
import { t } from "../../i18n";

/**
 * What a panel shows when the session lacks the scope it needs: which permission, and
 * how to get it (sign in again and allow it; the platform decides).
 */
export function ScopeMissing(props: { scope: string; who: string; title?: string; "data-testid"?: string }) {
  const { navigate } = useApp();
  return (
    <Panel tone="warning" class="note scope-missing" data-testid={props["data-testid"] ?? "scope-missing"} data-scope={props.scope}>
      <Icon name="lock" size={18} />
      <div class="scope-missing__text">
        <p class="scope-missing__title">{props.title ?? t("balances.scope.title")}</p>
        <p title={props.scope}>{t("balances.scope.body", { who: props.who, scope: scopeName(props.scope) })}</p>
        <p class="note__detail">{t("balances.scope.howTo", { who: props.who })}</p>
        <Button size="sm" variant="secondary" iconAfter="arrowRight" onClick={() => navigate("account")} data-testid="scope-go-account">
          {t("common.goToAccount")}
        </Button>
      </div>
    </Panel>
  );
}
