// The player's buttons: Pause while playing, otherwise Play (resume), and Stop.

import { useShortcutHint } from "../../app/shortcuts/registry";
import { Button } from "../../components";
import { t } from "../../i18n";
import { player } from "./playback";

export function PlayerButtons(props: { playing: boolean }) {
  const hint = useShortcutHint("voices.playPause");
  return (
    <div class="player__buttons">
      {props.playing ? (
        <Button
          variant="primary"
          icon="pause"
          aria-label={t("voices.player.pause")}
          aria-keyshortcuts={hint["aria-keyshortcuts"]}
          title={`${t("voices.player.pause")}${hint.suffix}`}
          onClick={() => void player.pause()}
          data-testid="player-pause"
        />
      ) : (
        <Button
          variant="primary"
          icon="play"
          aria-label={t("voices.player.play")}
          aria-keyshortcuts={hint["aria-keyshortcuts"]}
          title={`${t("voices.player.play")}${hint.suffix}`}
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
