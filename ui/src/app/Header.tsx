import { useId } from "preact/hooks";

import markUrl from "../assets/app-mark.png";
import { Chip, Icon } from "../components";
import { t } from "../i18n";
import { useApp } from "./context";
import { LocaleSwitch } from "./LocaleSwitch";
import { PlatformLabel } from "./PlatformLabel";

export function Header() {
  const { info, navigate } = useApp();
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
      <div class="app-header__status" role="group" aria-label={t("shell.headerStatus")}>
        <ChargedTo onSignIn={() => navigate("account")} />
        <BalanceSlot />
        <LocaleSwitch size="sm" testId="locale-switch" />
      </div>
    </header>
  );
}

/** Who requests are charged to. Until sessions exist it leads to the Account screen. */
function ChargedTo(props: { onSignIn: () => void }) {
  const hintId = useId();
  return (
    <>
      <Chip
      icon="user"
      class="charged-to"
      data-testid="charged-to"
      data-context="none"
      title={t("chargedTo.hint")}
      aria-describedby={hintId}
      onClick={props.onSignIn}
    >
      {t("chargedTo.chip", { who: t("chargedTo.notSignedIn") })}
    </Chip>
      <span id={hintId} class="sr-only">
        {t("chargedTo.hint")}
      </span>
    </>
  );
}

/** A compact balance for the current context; empty until signed in. */
function BalanceSlot() {
  return (
    <div class="balance-slot" data-testid="balance-slot" title={t("balance.hint")}>
      <Icon name="balances" size={16} />
      <span class="balance-slot__label">{t("balance.label")}</span>
      <span class="balance-slot__value" aria-hidden="true">
        {t("balance.empty")}
      </span>
      <span class="sr-only">{t("balance.hint")}</span>
    </div>
  );
}
