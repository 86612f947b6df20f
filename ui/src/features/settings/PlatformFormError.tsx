// Why the platform settings were not saved.

import { Icon, Panel } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { AppError } from "../../ipc";

export function PlatformFormError(props: { error: AppError }) {
  const formError = props.error;
  return (
    <Panel tone="danger" class="note" role="alert" data-testid="platform-form-error" data-error-code={formError.code}>
      <Icon name="alert" size={18} />
      <div>
        <p>{formError.code === "INVALID_INPUT" ? t("settings.platform.formError") : errorMessage(formError.code)}</p>
        {/* The core's own words help testers with a rejected value; other
            codes can carry internal details, which stay in the log. */}
        {formError.code === "INVALID_INPUT" && <p class="note__detail mono">{formError.detail}</p>}
      </div>
    </Panel>
  );
}
