import { runCommand, setSingleKeys, singleKeysState, useShortcutHint } from "../../app/shortcuts/registry";
import { useStore } from "../../app/store";
import { Button, Card, Toggle } from "../../components";
import { t } from "../../i18n";

/** Settings → Keyboard: single-key shortcuts on or off (WCAG 2.1.4), and the list of all shortcuts. */
export function ShortcutsSettingCard() {
  const singleOn = useStore(singleKeysState);
  const hint = useShortcutHint("help");
  return (
    <Card title={t("shortcuts.settings.title")} data-testid="settings-keyboard">
      <Toggle
        checked={singleOn}
        onChange={setSingleKeys}
        label={t("shortcuts.settings.singleKeys")}
        hint={t("shortcuts.settings.singleKeysHint")}
        data-testid="settings-single-keys"
      />
      <div class="setting-row">
        <Button
          variant="secondary"
          size="sm"
          icon="info"
          onClick={() => runCommand("help")}
          aria-keyshortcuts={hint["aria-keyshortcuts"]}
          title={`${t("shortcuts.settings.showAll")}${hint.suffix}`}
          data-testid="settings-show-shortcuts"
        >
          {t("shortcuts.settings.showAll")}
        </Button>
      </div>
    </Card>
  );
}
