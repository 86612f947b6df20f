// The platform the app signs in to now: sandbox or configured, origin, client, redirect.

import { Badge } from "../../components";
import { t } from "../../i18n";
import type { PlatformInfo } from "../../ipc";

export function CurrentPlatform(props: { platform: PlatformInfo }) {
  const { platform } = props;
  const configured = platform.mode === "configured";
  return (
    <dl class="kv" data-testid="platform-current">
      <div class="kv__row">
        <dt>{t("settings.platform.mode")}</dt>
        <dd data-testid="platform-mode" data-mode={platform.mode}>
          {configured ? (
            <Badge tone="accent" icon="globe">
              {t("settings.platform.mode.configured")}
            </Badge>
          ) : (
            <Badge tone="sandbox" icon="flask">
              {t("settings.platform.mode.sandbox")}
            </Badge>
          )}
        </dd>
      </div>
      <div class="kv__row">
        <dt>{t("settings.platform.origin")}</dt>
        <dd class="mono" data-testid="platform-origin">
          {platform.origin}
        </dd>
      </div>
      <div class="kv__row">
        <dt>{t("settings.platform.clientId")}</dt>
        <dd class="mono" data-testid="platform-client-id">
          {platform.clientId}
        </dd>
      </div>
      <div class="kv__row">
        <dt>{t("settings.platform.redirectUri")}</dt>
        <dd class="mono" data-testid="platform-redirect-uri">
          {platform.redirectUri}
        </dd>
      </div>
    </dl>
  );
}
