// The features a session can't use, and the scope each one lacks.

import { FEATURE_LABELS, type Feature, scopeName } from "../../app/scopes";
import { Icon, Panel } from "../../components";
import { getLocale, t } from "../../i18n";

export function MissingScopes(props: { unavailable: { feature: Feature; missing: string[] }[] }) {
  return (
    <Panel tone="warning" class="session-card__missing" data-testid="session-missing-scopes">
      <ul>
        {props.unavailable.map(({ feature, missing }) => (
          <li key={feature} data-feature={feature}>
            <Icon name="lock" size={14} />
            <span title={missing.join(" ")}>
              {t("session.unavailable", {
                feature: t(FEATURE_LABELS[feature]),
                scope: new Intl.ListFormat(getLocale()).format(missing.map(scopeName)),
              })}
            </span>
          </li>
        ))}
      </ul>
      <p class="session-card__missing-hint">{t("session.unavailableHint")}</p>
    </Panel>
  );
}
