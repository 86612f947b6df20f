// The features a session can't use, and the scope each one lacks.

import { FEATURE_LABELS, type Feature } from "../../app/scopes";
import { Icon, Panel } from "../../components";
import { t } from "../../i18n";

export function MissingScopes(props: { unavailable: { feature: Feature; missing: string[] }[] }) {
  return (
    <Panel tone="warning" class="session-card__missing" data-testid="session-missing-scopes">
      <ul>
        {props.unavailable.map(({ feature, missing }) => (
          <li key={feature} data-feature={feature}>
            <Icon name="lock" size={14} />
            <span>{t("session.unavailable", { feature: t(FEATURE_LABELS[feature]), scope: missing.join(", ") })}</span>
          </li>
        ))}
      </ul>
      <p class="session-card__missing-hint">{t("session.unavailableHint")}</p>
    </Panel>
  );
}
