import { Screen } from "../../components";
import { t } from "../../i18n";
import { SignInFirst } from "../shared/SignInFirst";

export function ChatScreen() {
  return (
    <Screen id="chat" title={t("chat.title")} subtitle={t("chat.subtitle")}>
      <SignInFirst icon="chat" title={t("chat.empty.title")} body={t("chat.empty.body")} />
    </Screen>
  );
}
