// The `?` overlay: every command of the registry, grouped, with its keys. Single keys show
// as off when the setting has turned them off.

import { Dialog } from "../../components";
import { getLocale, t } from "../../i18n";
import { useStore } from "../store";
import { COMMANDS, GROUPS } from "./commands";
import { Keys } from "./Keys";
import { isSingleKey } from "./keys";
import { commandLabel, liveKeys, singleKeysState } from "./registry";

export function ShortcutHelp(props: { onClose: () => void }) {
  const singleOn = useStore(singleKeysState);
  const lang = getLocale();
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t("shortcuts.help.title")}
      description={t("shortcuts.help.intro")}
      size="lg"
      data-testid="shortcut-help"
    >
      {!singleOn && (
        <p class="muted" data-testid="shortcut-help-single-off">
          {t("shortcuts.help.singleOff")}
        </p>
      )}
      <div class="shortcut-help">
        {GROUPS.map((group) => (
          <section key={group} class="shortcut-help__group" aria-labelledby={`shortcut-group-${group}`}>
            <h3 class="shortcut-help__title" id={`shortcut-group-${group}`}>
              {t(`shortcuts.group.${group}`)}
            </h3>
            <dl class="shortcut-help__list">
              {COMMANDS.filter((c) => c.group === group).map((def) => {
                const keys = liveKeys(def, singleOn);
                return (
                  <div key={def.id} class="shortcut-help__row" data-testid={`shortcut-${def.id}`}>
                    <dt>{commandLabel(def, lang)}</dt>
                    <dd>
                      {keys.length > 0 ? (
                        <Keys keys={keys} />
                      ) : (
                        <span class="muted">
                          <Keys keys={def.keys.filter(isSingleKey)} /> {t("shortcuts.help.off")}
                        </span>
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
