// Signed out: Personal and Team can both be signed in, and how a sign-in goes.

import { Card, Icon, Panel } from "../../components";
import { t } from "../../i18n";

export function HowSignInWorks() {
  return (
    <>
      <Panel tone="accent" class="note" data-testid="account-both-note">
        <Icon name="info" size={18} />
        <p>{t("account.both")}</p>
      </Panel>

      <Card title={t("account.how.title")} data-testid="account-how">
        <ol class="steps">
          {(["account.how.step1", "account.how.step2", "account.how.step3"] as const).map((key, i) => (
            <li class="steps__item" key={key}>
              <span class="steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <span>{t(key)}</span>
            </li>
          ))}
        </ol>
        <p class="muted-note">
          <Icon name="shield" size={16} />
          <span>{t("account.how.security")}</span>
        </p>
      </Card>
    </>
  );
}
