// "Use the sandbox": switches the app to the built-in sandbox platform.

import { Button } from "../../components";
import { t } from "../../i18n";

export function SandboxSwitch(props: { switching: boolean; saving: boolean; onUseSandbox: () => void }) {
  return (
    <div class="setting-row">
      <div class="setting-row__text">
        <span class="setting-row__label">{t("settings.platform.sandbox.title")}</span>
        <span class="setting-row__hint" id="use-sandbox-hint">
          {t("settings.platform.useSandboxHint")}
        </span>
      </div>
      <Button
        variant="secondary"
        icon="flask"
        loading={props.switching}
        disabled={props.saving}
        onClick={props.onUseSandbox}
        aria-describedby="use-sandbox-hint"
        data-testid="use-sandbox"
      >
        {t("settings.platform.useSandbox")}
      </Button>
    </div>
  );
}
