// Without a Personal session there is no list of Teams: sign in to Personal first.

import { Button, Icon, Panel } from "../../components";
import { t } from "../../i18n";

export function PersonalFirstHint(props: { onSignInPersonal: () => void }) {
  return (
    <Panel tone="accent" class="note" data-testid="team-picker-personal-hint">
      <Icon name="info" size={18} />
      <div>
        <p>{t("teamPicker.personalFirst")}</p>
        <Button
          variant="secondary"
          size="sm"
          icon="user"
          class="note__action"
          onClick={props.onSignInPersonal}
          data-testid="team-picker-personal"
        >
          {t("teamPicker.personalFirstButton")}
        </Button>
      </div>
    </Panel>
  );
}
