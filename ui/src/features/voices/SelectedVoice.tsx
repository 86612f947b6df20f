// The voice Synthesize will use, its state, and "Add to comparison".

import { Button, Icon } from "../../components";
import { t } from "../../i18n";
import type { Voice } from "../../ipc";
import { PendingNote, StateFlag } from "./VoiceRow";

export function SelectedVoice(props: {
  voice: Voice | null;
  /** Usable now (its state, and a pending clone's deadline). */
  usable: boolean;
  now: number;
  inCompare: boolean;
  /** The comparison holds its maximum of 4 voices. */
  compareFull: boolean;
  onToggleCompare: (voice: Voice) => void;
}) {
  const { voice } = props;
  return (
    <div class="composer__voice" data-testid="tts-selected-voice" data-voice-id={props.voice?.voiceId ?? ""}>
      <Icon name="voices" size={18} />
      {voice ? (
        <div class="composer__voice-text">
          <span class="composer__voice-name">{voice.displayName}</span>
          <PendingNote voice={voice} now={props.now} />
          <StateFlag voice={voice} />
        </div>
      ) : (
        <span class="muted">{t("voices.compose.noVoice")}</span>
      )}
      {voice && props.usable && (
        <Button
          size="sm"
          variant="ghost"
          icon={props.inCompare ? "check" : "plus"}
          disabled={!props.inCompare && props.compareFull}
          aria-pressed={props.inCompare ? "true" : "false"}
          onClick={() => props.onToggleCompare(voice)}
          data-testid="compare-toggle"
        >
          {props.inCompare ? t("voices.compare.added") : t("voices.compare.add")}
        </Button>
      )}
    </div>
  );
}
