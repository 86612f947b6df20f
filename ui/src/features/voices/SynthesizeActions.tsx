// Synthesize (with its shortcut), and Compare once voices are in the comparison.

import { useShortcutHint } from "../../app/shortcuts/registry";
import { Button } from "../../components";
import { t } from "../../i18n";

export function SynthesizeActions(props: {
  canSynthesize: boolean;
  /** The text can be sent (Compare needs it too). */
  canCompare: boolean;
  busy: boolean;
  compareCount: number;
  onSynthesize: () => void;
  onCompare: () => void;
}) {
  const hint = useShortcutHint("voices.synthesize");
  return (
    <div class="composer__actions">
      <Button
        variant="primary"
        size="lg"
        icon="sparkles"
        loading={props.busy}
        disabled={!props.canSynthesize && !props.busy}
        onClick={props.onSynthesize}
        aria-keyshortcuts={hint["aria-keyshortcuts"]}
        title={`${t("voices.compose.synthesize")}${hint.suffix}`}
        data-testid="tts-synthesize"
      >
        {t("voices.compose.synthesize")}
      </Button>
      {props.compareCount > 0 && (
        <Button
          variant="secondary"
          size="lg"
          icon="columns"
          disabled={props.compareCount < 2 || !props.canCompare || props.busy}
          onClick={props.onCompare}
          data-testid="compare-open"
        >
          {t("voices.compare.open", { n: props.compareCount })}
        </Button>
      )}
    </div>
  );
}
