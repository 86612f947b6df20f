// Signed out: what the app is, and which platform it signs in to.

import type { ComponentChildren } from "preact";

import { displayHost } from "../../app/platform";
import markUrl from "../../assets/app-mark.png";
import { t } from "../../i18n";

export function Welcome(props: { platformBadge: ComponentChildren; sandbox: boolean; origin: string }) {
  return (
    <section class="welcome" aria-labelledby="welcome-title" data-testid="account-welcome">
      <img class="welcome__mark" src={markUrl} alt="" width={56} height={56} />
      <div class="welcome__text">
        <h2 id="welcome-title" class="welcome__title">
          {t("account.welcome.title")}
        </h2>
        <p class="welcome__body">{t("account.welcome.body")}</p>
        <p class="welcome__platform" data-testid="account-platform-note">
          {props.platformBadge}
          <span>
            {props.sandbox ? t("account.platform.sandbox") : t("account.platform.configured", { origin: displayHost(props.origin) })}
          </span>
        </p>
      </div>
    </section>
  );
}
