import { Button, EmptyState, type IconName } from "../components";
import { t } from "../i18n";
import { useApp } from "./context";
import { useSessions } from "./sessions";

/**
 * The empty state of a screen that needs a session: what it will show, and one
 * button to the Account screen. While signed in but nobody pays (the paying context
 * ended), it says to choose who pays instead; the choice sits above every screen.
 */
export function SignInFirst(props: { icon: IconName; title: string; body: string }) {
  const { navigate } = useApp();
  const { view } = useSessions();
  if (view.payerNotChosen) {
    return <EmptyState icon={props.icon} title={t("payer.title")} body={t("payer.body")} data-testid="choose-payer-first" />;
  }
  return (
    <EmptyState
      icon={props.icon}
      title={props.title}
      body={props.body}
      data-testid="sign-in-first"
      action={
        <Button variant="primary" iconAfter="arrowRight" onClick={() => navigate("account")} data-testid="empty-go-account">
          {t("common.goToAccount")}
        </Button>
      }
    />
  );
}
