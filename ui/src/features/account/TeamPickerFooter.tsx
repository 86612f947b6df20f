// The Team picker's buttons: Cancel, and Sign in (naming the Team chosen from the list).

import { Button } from "../../components";
import { t } from "../../i18n";

export function TeamPickerFooter(props: {
  /** The Team chosen in the list; null while none is, or when an id is typed. */
  team: string | null;
  starting: boolean;
  canConfirm: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      <Button variant="ghost" onClick={props.onCancel} data-testid="team-picker-cancel">
        {t("common.cancel")}
      </Button>
      <Button
        variant="primary"
        iconAfter="externalLink"
        loading={props.starting}
        disabled={!props.canConfirm}
        onClick={props.onConfirm}
        data-testid="team-sign-in-confirm"
      >
        {props.team !== null ? t("teamPicker.confirmNamed", { team: props.team }) : t("teamPicker.confirm")}
      </Button>
    </>
  );
}
