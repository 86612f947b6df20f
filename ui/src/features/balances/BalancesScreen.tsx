import { Screen } from "../../components";
import { t } from "../../i18n";
import { SignInFirst } from "../shared/SignInFirst";

export function BalancesScreen() {
  return (
    <Screen id="balances" title={t("balances.title")} subtitle={t("balances.subtitle")}>
      <SignInFirst icon="balances" title={t("balances.empty.title")} body={t("balances.empty.body")} />
    </Screen>
  );
}
