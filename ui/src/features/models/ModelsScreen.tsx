import { Screen } from "../../components";
import { t } from "../../i18n";
import { SignInFirst } from "../shared/SignInFirst";

export function ModelsScreen() {
  return (
    <Screen id="models" title={t("models.title")} subtitle={t("models.subtitle")}>
      <SignInFirst icon="models" title={t("models.empty.title")} body={t("models.empty.body")} />
    </Screen>
  );
}
