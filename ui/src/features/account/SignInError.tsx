import { useEffect, useRef, useState } from "preact/hooks";

import { type SignInFailure, sessionsStore } from "../../app/sessions";
import { Button, Icon, Panel } from "../../components";
import { t } from "../../i18n";
import { signInLink } from "../../ipc";
import { capText, copyLink, explanation, OAUTH_KEYS } from "./signInFailure";

/**
 * The alert for a sign-in that did not complete. Everything from the platform is
 * rendered as text nodes (Preact escapes them): no markup, no links (T4, A7).
 */
export function SignInError(props: { failure: SignInFailure; onRetry: (() => void) | null }) {
  const { failure } = props;
  const ref = useRef<HTMLDivElement>(null);
  const oauthKey = failure.platformCode ? OAUTH_KEYS[failure.platformCode] : undefined;
  const message = capText(failure.message);
  // Asking for access to account details: a refusal (or any failure) leaves the Personal
  // sign-in as it was, and the alert says so first.
  const accountAccess = failure.attempt?.purpose === "accountAccess";
  const title =
    failure.code === "NO_PENDING_SIGN_IN"
      ? t("signInError.titleUnexpected")
      : accountAccess && failure.source === "callback"
        ? t("accountAccess.refusedTitle")
        : failure.source === "start"
          ? t("signInError.titleStart")
          : t("signInError.title");

  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    setLink(null);
    if (failure.code !== "BROWSER_UNAVAILABLE") return;
    let live = true;
    void signInLink()
      .catch(() => null)
      .then((l) => live && setLink(l));
    return () => {
      live = false;
    };
  }, [failure.at, failure.code]);

  // A new failure scrolls into view (the screen may be scrolled down to a card).
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, [failure.at]);

  return (
    <div ref={ref}>
      <Panel
        tone="danger"
        class="note signin-error"
        role="alert"
        data-testid="sign-in-error"
        data-error-code={failure.code}
        data-platform-code={failure.platformCode ?? ""}
      >
        <Icon name="alert" size={18} />
        <div class="signin-error__text">
          <p class="signin-error__title">{title}</p>
          {accountAccess && <p data-testid="account-access-unchanged">{t("accountAccess.refusedBody")}</p>}
          <p data-testid="sign-in-error-explanation">{explanation(failure)}</p>
          {oauthKey && <p>{t(oauthKey)}</p>}
          {message && (
            <p class="signin-error__quote" data-testid="sign-in-error-message">
              <span class="signin-error__quote-label">
                {failure.platformCode ? t("signInError.platformSaid") : t("signInError.details")}
              </span>{" "}
              <span class="signin-error__quote-text">{message}</span>
            </p>
          )}
          {failure.platformCode && (
            <p class="note__detail">
              {t("errorState.platformCode")}:{" "}
              <span class="mono" data-testid="sign-in-error-platform-code">
                {failure.platformCode}
              </span>
            </p>
          )}
          <div class="signin-error__actions">
            {failure.code === "BROWSER_UNAVAILABLE" && (
              <Button variant="primary" size="sm" icon="copy" onClick={() => void copyLink(link)} data-testid="sign-in-copy-link">
                {t("signInError.copyLink")}
              </Button>
            )}
            {props.onRetry && (
              <Button variant="secondary" size="sm" icon="refresh" onClick={props.onRetry} data-testid="sign-in-error-retry">
                {t("errorState.retry")}
              </Button>
            )}
            <Button variant="ghost" size="sm" onClick={() => sessionsStore.dismissSignInError()} data-testid="sign-in-error-dismiss">
              {t("signInError.dismiss")}
            </Button>
          </div>
        </div>
      </Panel>
    </div>
  );
}
