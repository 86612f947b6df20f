// "Make this Team pay": off by default, so signing in to a Team never changes who pays
// unless the person says so; the hint names who pays now.

import { contextName } from "../../app/sessions";
import { Toggle } from "../../components";
import { t } from "../../i18n";
import type { SessionSummary } from "../../ipc";

export function PayerToggle(props: { checked: boolean; onChange: (on: boolean) => void; payer: SessionSummary | null }) {
  return (
    <Toggle
      checked={props.checked}
      onChange={props.onChange}
      label={t("teamPicker.makePayer")}
      hint={props.payer ? t("teamPicker.makePayerHint", { who: contextName(props.payer) }) : t("teamPicker.makePayerNobody")}
      data-testid="team-make-payer"
    />
  );
}
