import markUrl from "../assets/app-mark.png";
import { HeaderBalance } from "../features/balances";
import { t } from "../i18n";
import { ChargedTo } from "./ChargedTo";
import { useApp } from "./context";
import { LocaleSwitch } from "./LocaleSwitch";
import { PlatformLabel } from "./PlatformLabel";
import { PresentingSwitch } from "./PresentingSwitch";

export function Header() {
  const { info } = useApp();
  return (
    <header class="app-header" data-testid="app-header">
      <div class="app-header__brand">
        <img class="app-header__mark" src={markUrl} alt="" width={28} height={28} />
        <span class="app-header__name" data-testid="app-name">
          {t("app.name")}
        </span>
      </div>
      <PlatformLabel platform={info?.platform ?? null} />
      <div class="app-header__spacer" />
      <fieldset class="app-header__group" aria-label={t("shell.headerStatus")}>
        <div class="app-header__status">
          <PresentingSwitch />
          <ChargedTo />
          <HeaderBalance />
          <LocaleSwitch size="sm" testId="locale-switch" />
        </div>
      </fieldset>
    </header>
  );
}
