import { t } from "../../i18n";
import { keyCaps } from "./keys";

/** A command's key combinations as keyboard caps: <kbd>Ctrl</kbd><kbd>N</kbd> or <kbd>?</kbd>. */
export function Keys(props: { keys: readonly string[] }) {
  return (
    <span class="keys">
      {props.keys.map((spec, index) => (
        <span key={spec} class="keys__combo" data-keys={spec}>
          {index > 0 && <span class="keys__or">{t("shortcuts.help.or")}</span>}
          <kbd class="keys__combo-kbd">
            {keyCaps(spec).map((cap) => (
              <kbd key={cap} class="kbd">
                {cap}
              </kbd>
            ))}
          </kbd>
        </span>
      ))}
    </span>
  );
}
