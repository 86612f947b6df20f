import type { ComponentChildren } from "preact";

import { useApp } from "../../app/context";
import { displayHost } from "../../app/platform";
import { Badge, Card, Icon, Panel, Screen, type IconName } from "../../components";
import { t, type PlainKey } from "../../i18n";
import markUrl from "../../assets/app-mark.png";

/**
 * Signed-out Account screen: what Personal and Team sign-in mean, and how sign-in
 * works. Each context card has a `SignInSlot` where the sign-in control and the
 * session summary go once sessions exist.
 */
export function AccountScreen() {
  const { info } = useApp();
  const platform = info?.platform;
  const sandbox = platform?.mode !== "configured";
  return (
    <Screen id="account" title={t("account.title")} subtitle={t("account.subtitle")}>
      <section class="welcome" aria-labelledby="welcome-title" data-testid="account-welcome">
        <img class="welcome__mark" src={markUrl} alt="" width={56} height={56} />
        <div class="welcome__text">
          <h2 id="welcome-title" class="welcome__title">
            {t("account.welcome.title")}
          </h2>
          <p class="welcome__body">{t("account.welcome.body")}</p>
          <p class="welcome__platform" data-testid="account-platform-note">
            {sandbox ? (
              <Badge tone="sandbox" icon="flask">
                {t("platform.sandboxShort")}
              </Badge>
            ) : (
              <Badge tone="accent" icon="globe">
                {displayHost(platform?.origin ?? "")}
              </Badge>
            )}
            <span>
              {sandbox
                ? t("account.platform.sandbox")
                : t("account.platform.configured", { origin: displayHost(platform?.origin ?? "") })}
            </span>
          </p>
        </div>
      </section>

      <div class="grid grid--2">
        <ContextCard
          context="personal"
          icon="user"
          title="account.personal.title"
          body="account.personal.body"
          points={["account.personal.point1", "account.personal.point2"]}
        />
        <ContextCard
          context="team"
          icon="team"
          title="account.team.title"
          body="account.team.body"
          points={["account.team.point1", "account.team.point2"]}
        />
      </div>

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
    </Screen>
  );
}

function ContextCard(props: {
  context: "personal" | "team";
  icon: IconName;
  title: PlainKey;
  body: PlainKey;
  points: PlainKey[];
}) {
  return (
    <section class="context-card" aria-labelledby={`ctx-${props.context}-title`} data-testid={`account-${props.context}`}>
      <div class={`context-card__icon context-card__icon--${props.context}`} aria-hidden="true">
        <Icon name={props.icon} size={22} />
      </div>
      <h2 class="context-card__title" id={`ctx-${props.context}-title`}>
        {t(props.title)}
      </h2>
      <p class="context-card__body">{t(props.body)}</p>
      <ul class="checklist">
        {props.points.map((key) => (
          <li key={key}>
            <Icon name="check" size={16} />
            <span>{t(key)}</span>
          </li>
        ))}
      </ul>
      <SignInSlot context={props.context} />
    </section>
  );
}

/**
 * SLOT — sign-in for one context. The next issue renders the sign-in button here
 * (and, once signed in, the session: name, granted scopes, expiry, sign out).
 * Tests can find it by `data-testid="signin-slot-<context>"`.
 */
function SignInSlot(props: { context: "personal" | "team"; children?: ComponentChildren }) {
  return (
    <div class="signin-slot" data-testid={`signin-slot-${props.context}`} data-slot="sign-in">
      {props.children}
    </div>
  );
}
