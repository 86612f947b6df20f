// The catalog shown is an older copy: when it was read, why it could not be read again,
// and Refresh.

import { Button, Panel } from "../../components";
import { formatTime } from "../../format/dates";
import { errorMessage, t } from "../../i18n";
import type { IpcError } from "../../ipc";

export function StaleCatalogNotice(props: { fetchedAt: number; stale: IpcError; refreshing: boolean; onRefresh: () => void }) {
  const { refreshing } = props;
  return (
    <Panel tone="warning" class="models-stale" role="status" data-testid="models-stale">
      <p>
        {t("models.stale", { time: formatTime(props.fetchedAt, true) })} {errorMessage(props.stale.code)}
      </p>
      <Button size="sm" icon="refresh" loading={refreshing} onClick={props.onRefresh} data-testid="models-stale-retry">
        {t("models.refresh")}
      </Button>
    </Panel>
  );
}
