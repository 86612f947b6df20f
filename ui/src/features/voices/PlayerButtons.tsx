// The player's buttons: Pause while playing, otherwise Play (resume), and Stop.

import { Button } from "../../components";
import { t } from "../../i18n";
import { player } from "./playback";

export function PlayerButtons(props: { playing: boolean }) {
  return (
    <div class="player__buttons">
      {props.playing ? (
        <Button
          variant="primary"
          icon="pause"
          aria-label={t("voices.player.pause")}
          title={t("voices.player.pause")}
          onClick={() => void player.pause()}
          data-testid="player-pause"
        />
      ) : (
        <Button
          variant="primary"
          icon="play"
          aria-label={t("voices.player.play")}
          title={t("voices.player.play")}
          onClick={() => void player.resume()}
          data-testid="player-play"
        />
      )}
      <Button
        variant="ghost"
        icon="stop"
        aria-label={t("voices.player.stop")}
        title={t("voices.player.stop")}
        onClick={() => void player.stop()}
        data-testid="player-stop"
      />
    </div>
  );
}
