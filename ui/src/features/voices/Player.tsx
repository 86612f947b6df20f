// The now-playing bar: play/pause, stop, seek, volume, position and duration. Playback
// runs in Rust; without an audio device this says so clearly and points to Save as.

import { useEffect, useId, useState } from "preact/hooks";

import { useCommand } from "../../app/shortcuts/registry";
import { Icon } from "../../components";
import { t } from "../../i18n";
import { clock } from "./format";
import { PlayerButtons } from "./PlayerButtons";
import { PlayerProblem } from "./PlayerProblem";
import { player, usePlayer } from "./playback";

export function PlayerBar(props: { labelFor: (clipId: string) => string | null }) {
  const { playback, queue, error, errorClipId } = usePlayer();
  const [dragging, setDragging] = useState<number | null>(null);
  const seekId = useId();
  const volumeId = useId();

  useEffect(() => {
    void player.sync();
  }, []);

  const duration = playback.durationMs ?? 0;
  const position = dragging ?? playback.positionMs;
  const label = playback.clipId ? props.labelFor(playback.clipId) : null;
  const active = playback.status !== "idle" && playback.clipId !== undefined;
  const playing = playback.status === "playing";
  useCommand("voices.playPause", () => void (playing ? player.pause() : player.resume()), active);

  return (
    <div class="player" data-testid="player" data-status={playback.status} data-device={playback.device}>
      <PlayerProblem error={error} clipLabel={error && errorClipId ? props.labelFor(errorClipId) : null} />
      {active && (
        <div class="player__bar" data-testid="player-bar">
          <PlayerButtons playing={playing} />
          <div class="player__track">
            <div class="player__title">
              <span class="player__name">{label ?? t("voices.player.clip")}</span>
              <span class="player__status muted" data-testid="player-status">
                {playback.status === "playing"
                  ? t("voices.player.playing")
                  : playback.status === "paused"
                    ? t("voices.player.paused")
                    : t("voices.player.ended")}
                {queue.length > 0 && ` · ${t("voices.player.next", { n: queue.length })}`}
              </span>
            </div>
            <div class="player__seek">
              <span class="player__time mono" data-testid="player-position">
                {clock(position)}
              </span>
              <label class="offscreen" for={seekId}>
                {t("voices.player.seek")}
              </label>
              <input
                id={seekId}
                type="range"
                class="range"
                min={0}
                max={Math.max(1, duration)}
                step={100}
                value={position}
                aria-valuetext={t("voices.player.positionOf", { at: clock(position), of: clock(duration) })}
                onInput={(event) => setDragging(Number(event.currentTarget.value))}
                onChange={(event) => {
                  const to = Number(event.currentTarget.value);
                  setDragging(null);
                  void player.seek(to);
                }}
                data-testid="player-seek"
              />
              <span class="player__time mono" data-testid="player-duration">
                {clock(duration)}
              </span>
            </div>
          </div>
          <div class="player__volume">
            <label for={volumeId} title={t("voices.player.volume")}>
              <Icon name="volume" size={16} label={t("voices.player.volume")} />
            </label>
            <input
              id={volumeId}
              type="range"
              class="range"
              min={0}
              max={100}
              step={5}
              value={Math.round(playback.volume * 100)}
              aria-valuetext={`${Math.round(playback.volume * 100)}%`}
              onChange={(event) => void player.volume(Number(event.currentTarget.value) / 100)}
              data-testid="player-volume"
            />
          </div>
        </div>
      )}
    </div>
  );
}
