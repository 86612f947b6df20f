// The voices picked for Compare, each a chip that takes it out again.

import { Chip } from "../../components";
import { t } from "../../i18n";
import type { Voice } from "../../ipc";

export function CompareTray(props: { voices: readonly Voice[]; onRemove: (voice: Voice) => void }) {
  return (
    <ul class="compare-tray" data-testid="compare-tray" aria-label={t("voices.compare.tray")}>
      {props.voices.map((v) => (
        <li key={v.voiceId}>
          <Chip icon="close" aria-label={t("voices.compare.remove", { voice: v.displayName })} onClick={() => props.onRemove(v)}>
            {v.displayName}
          </Chip>
        </li>
      ))}
    </ul>
  );
}
