// Why the player can't play: no audio device (Save as still works), or a clip that failed.

import { Icon, Panel } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { AppError } from "../../ipc";

export function PlayerProblem(props: { error: AppError | null; clipLabel: string | null }) {
  const { error } = props;
  const noDevice = error?.code === "AUDIO_UNAVAILABLE";
  return (
    <>
      {noDevice && (
        <Panel tone="warning" class="note" role="alert" data-testid="audio-unavailable">
          <Icon name="volume" size={16} />
          <div>
            <p class="outcome__title">{t("voices.player.noDevice.title")}</p>
            <p class="note__detail">{errorMessage("AUDIO_UNAVAILABLE")}</p>
          </div>
        </Panel>
      )}
      {error && !noDevice && (
        <Panel tone="danger" class="note" role="alert" data-testid="player-error" data-error-code={error.code}>
          <Icon name="alert" size={16} />
          <div>
            <p class="note__detail">{errorMessage(error.code)}</p>
            {props.clipLabel && <p class="note__detail muted">{props.clipLabel}</p>}
          </div>
        </Panel>
      )}
    </>
  );
}
