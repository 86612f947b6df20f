// Asking before a session is signed out, and saying who pays afterwards.

import { contextLabel, contextName } from "../../app/sessions";
import { Button, Dialog } from "../../components";
import { t } from "../../i18n";
import type { SessionSummary } from "../../ipc";

export function SignOutDialog(props: {
  open: boolean;
  session: SessionSummary;
  others: SessionSummary[];
  /** Who pays after this sign-out, when it is the paying one. */
  next: SessionSummary | undefined;
  signingOut: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={props.open}
      onClose={() => {
        if (!props.signingOut) props.onCancel();
      }}
      size="sm"
      title={t("session.signOutTitle", { context: contextName(props.session) })}
      data-testid="sign-out-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={props.onCancel} disabled={props.signingOut} data-autofocus data-testid="sign-out-cancel">
            {t("common.cancel")}
          </Button>
          <Button variant="danger" icon="logOut" loading={props.signingOut} onClick={props.onConfirm} data-testid="sign-out-confirm">
            {t("session.signOutConfirm", { context: contextName(props.session) })}
          </Button>
        </>
      }
    >
      <p>{t("session.signOutBody", { context: contextName(props.session), name: props.session.displayName })}</p>
      <p>
        {props.others.length === 0
          ? t("session.signOutLast")
          : props.next
            ? t("session.signOutMoves", { context: contextLabel(props.next) })
            : t("session.signOutOthers")}
      </p>
    </Dialog>
  );
}
