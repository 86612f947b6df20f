import { Screen } from "../../components";
import { t } from "../../i18n";
import { SignInFirst } from "../shared/SignInFirst";

export function VoicesScreen() {
  return (
    <Screen id="voices" title={t("voices.title")} subtitle={t("voices.subtitle")}>
      <SignInFirst icon="voices" title={t("voices.empty.title")} body={t("voices.empty.body")} />
    </Screen>
  );
}
