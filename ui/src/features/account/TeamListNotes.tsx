// What the Team picker says instead of a list: the list could not be loaded (with Retry),
// or the Personal session belongs to no Team.

import { Button, Icon, Panel } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { AppError } from "../../ipc";

export function TeamListError(props: { error: AppError; onRetry: () => void }) {
  return (
    <Panel tone="danger" class="note" role="alert" data-testid="team-list-error" data-error-code={props.error.code}>
      <Icon name="alert" size={18} />
      <div>
        <p>{t("teamPicker.loadFailed")}</p>
        <p class="note__detail">{errorMessage(props.error.code)}</p>
        <Button variant="secondary" size="sm" icon="refresh" class="note__action" onClick={props.onRetry} data-testid="team-list-retry">
          {t("errorState.retry")}
        </Button>
      </div>
    </Panel>
  );
}

export function TeamListEmpty() {
  return (
    <Panel class="note" data-testid="team-list-empty">
      <Icon name="info" size={18} />
      <p>{t("teamPicker.empty")}</p>
    </Panel>
  );
}
