// What a session may do: its granted scopes by name, each with the platform's id and its
// meaning as a tooltip (a tester matches the id against the consent page and the token).

import { scopeDescriptionKey, scopeName } from "../../app/scopes";
import { t } from "../../i18n";

export function SessionScopes(props: { scopes: string[]; labelId: string }) {
  return (
    <div class="session-card__section">
      <span class="session-card__label" id={props.labelId}>
        {t("session.scopes")}
      </span>
      <ul class="scope-list" aria-labelledby={props.labelId} data-testid="session-scopes">
        {props.scopes.length === 0 && <li class="scope-list__none">{t("session.noScopes")}</li>}
        {props.scopes.map((scope) => {
          const key = scopeDescriptionKey(scope);
          return (
            <li key={scope} class="scope-chip" data-scope={scope} title={key ? `${scope} — ${t(key)}` : scope}>
              <span class={scopeName(scope) === scope ? "mono" : undefined}>{scopeName(scope)}</span>
              {key && <span class="sr-only">{t(key)}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
