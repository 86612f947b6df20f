// The "Charged to" menu's last item: "Add a context…" (or "Sign in…" with no session),
// which leads to the Account screen.

import { Icon } from "../components";
import { t } from "../i18n";

export function ContextMenuAdd(props: { hasSessions: boolean; onChoose: () => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      class="menu__item menu__item--action"
      data-testid="context-add"
      onClick={props.onChoose}
    >
      <span class="menu__icon" aria-hidden="true">
        <Icon name="plus" size={16} />
      </span>
      <span class="menu__text">
        <span class="menu__title">{props.hasSessions ? t("chargedTo.add") : t("chargedTo.signIn")}</span>
      </span>
    </button>
  );
}
