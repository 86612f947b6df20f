// The explorer's two working columns: the configurations and the voice board of the chosen
// one, and beside them, from the top of the screen, the text with its format, parameters,
// cost and Synthesize (so on a 1280×720 projector the text box, the estimate and Synthesize
// are in view together as the screen opens). One column on narrow windows, the text first
// (voices.css), so at 960×620 too the text box, the estimate and Synthesize are in view.

import type { ComponentChildren } from "preact";

import { Card } from "../../components";
import { t } from "../../i18n";
import type { TtsCatalog } from "../../ipc";
import { Composer } from "./Composer";
import type { VoicesExplorer } from "./useVoicesExplorer";
import { VoiceBoard } from "./VoiceBoard";

export function VoiceAndText(props: {
  x: VoicesExplorer;
  config: NonNullable<VoicesExplorer["config"]>;
  limits: TtsCatalog["limits"];
  contextName: string;
  /** The configuration step, above the voice board. */
  picker: ComponentChildren;
}) {
  const { x, config } = props;
  return (
    <div class="voices__work">
      <div class="voices__choose">
        {props.picker}
        <Card title={t("voices.step.voice")} description={config.displayName} data-testid="voices-board-card">
          <VoiceBoard config={config} selectedVoiceId={x.voiceId} compareIds={x.compareIds} onSelect={(v) => x.setVoiceId(v.voiceId)} />
        </Card>
      </div>
      <Card title={t("voices.step.text")} data-testid="voices-compose-card">
        <Composer
          config={config}
          voice={x.ready}
          compare={x.compareVoices}
          limits={props.limits}
          draft={x.draft}
          onDraft={x.setDraft}
          estimate={x.estimate}
          counting={x.counting}
          estimating={x.estimating}
          totals={x.totals ? { ...x.totals, contextLabel: props.contextName } : null}
          busy={x.busy}
          onSynthesize={() => void x.synthesize()}
          onToggleCompare={(v) =>
            x.setCompareIds((ids) => (ids.includes(v.voiceId) ? ids.filter((id) => id !== v.voiceId) : [...ids, v.voiceId].slice(0, 4)))
          }
          onCompare={() => x.setComparing(true)}
        />
      </Card>
    </div>
  );
}
