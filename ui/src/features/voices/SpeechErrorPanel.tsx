// Why Synthesize (or a retry) failed, with the platform's code and request id folded away.

import { Icon, Panel } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { AppError } from "../../ipc";

export function SpeechErrorPanel(props: { error: AppError }) {
  return (
    <Panel tone="danger" class="note" role="alert" data-testid="tts-action-error" data-error-code={props.error.code}>
      <Icon name="alert" size={16} />
      <div>
        <p class="note__detail">{errorMessage(props.error.code)}</p>
        {(props.error.requestId || props.error.platformCode) && (
          <details class="note__details">
            <summary>{t("errorState.details")}</summary>
            <p class="note__detail muted mono">
              {[props.error.platformCode ?? props.error.code, props.error.requestId].filter(Boolean).join(" · ")}
            </p>
          </details>
        )}
      </div>
    </Panel>
  );
}
