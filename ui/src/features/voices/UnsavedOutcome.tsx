// A charged clip whose audio couldn't be written (a full disk): it is kept in memory and
// offered to Save again, never to Retry (which would send the request again).

import { Button, Icon, Panel } from "../../components";
import { t } from "../../i18n";
import type { Clip } from "../../ipc";
import { ReceiptView } from "./ReceiptView";

/** Charged, but the audio couldn't be written (a full disk): kept in memory for Save again. */
export function Unsaved(props: { clip: Clip; retrying: boolean; onRetry: () => void }) {
  const { clip } = props;
  const diskFull = clip.error?.code === "DISK_FULL";
  const body = !clip.audioKept
    ? t("voices.outcome.unsaved.gone")
    : diskFull
      ? t("voices.outcome.unsaved.diskFull")
      : t("voices.outcome.unsaved.other");
  return (
    <div class="outcome" data-testid="tts-outcome" data-status={clip.status} data-unsaved={clip.audioKept ? "kept" : "lost"}>
      <Panel tone="warning" class="note" role="alert">
        <Icon name="alert" size={16} />
        <div>
          <p class="outcome__title">{t("voices.outcome.unsaved.title")}</p>
          <p class="note__detail" data-testid="outcome-reason">
            {body}
          </p>
        </div>
      </Panel>
      {clip.audioKept && (
        <Button variant="primary" icon="download" loading={props.retrying} onClick={props.onRetry} data-testid="outcome-save-again">
          {t("voices.outcome.saveAgain")}
        </Button>
      )}
      <ReceiptView clip={clip} />
    </div>
  );
}
