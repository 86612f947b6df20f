import { useEffect, useRef, useState } from "preact/hooks";

import { attemptLabel, type PendingSignIn, sessionsStore } from "../../app/sessions";
import { Button, Icon, Spinner, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { toAppError } from "../../ipc";

/**
 * "Continue in your browser": shown while a sign-in waits for the browser to come
 * back. Says what to do there, and offers to open the page again or to cancel.
 */
export function SignInPending(props: { attempt: PendingSignIn | null; platformName: string; redirectUri?: string }) {
  const title = useRef<HTMLHeadingElement>(null);
  const [cancelling, setCancelling] = useState(false);
  const [reopening, setReopening] = useState(false);
  const { attempt } = props;

  // Started from here: move focus to the explanation (the button that started it
  // is disabled now), so keyboard and screen-reader users hear what to do next.
  const startedAt = attempt?.startedAt;
  useEffect(() => {
    if (startedAt === undefined || Date.now() - startedAt > 5_000) return;
    // After a closing dialog has handed focus back to its opener.
    const timer = window.setTimeout(() => title.current?.focus(), 80);
    return () => window.clearTimeout(timer);
  }, [startedAt]);

  const cancel = async () => {
    setCancelling(true);
    try {
      await sessionsStore.cancelSignIn();
      toast({ tone: "info", title: t(attempt?.purpose === "accountAccess" ? "accountAccess.cancelled" : "pending.cancelled") });
      document.getElementById("screen-title")?.focus();
    } catch (err) {
      toast({ tone: "error", title: t("pending.cancelFailed"), body: errorMessage(toAppError(err).code) });
    } finally {
      setCancelling(false);
    }
  };

  const reopen = async () => {
    if (!attempt) return;
    setReopening(true);
    try {
      await sessionsStore.signIn(attempt.request, attempt.teamName);
    } finally {
      setReopening(false);
    }
  };

  return (
    <section class="pending" aria-labelledby="sign-in-pending-title" data-testid="sign-in-pending">
      <div class="pending__art" aria-hidden="true">
        <Icon name="externalLink" size={26} />
        <span class="pending__spinner">
          <Spinner size="sm" />
        </span>
      </div>
      <div class="pending__text">
        <h2 class="pending__title" id="sign-in-pending-title" tabIndex={-1} ref={title}>
          {t("pending.title")}
        </h2>
        <p class="pending__lead" data-testid="sign-in-pending-context">
          {attempt
            ? t("pending.leadFor", { context: attemptLabel(attempt), platform: props.platformName })
            : t("pending.lead", { platform: props.platformName })}
        </p>
        <ol class="pending__steps">
          <li>{t("pending.step1")}</li>
          <li>{t("pending.step2")}</li>
          <li>{t("pending.step3")}</li>
        </ol>
        <p class="pending__hint">{t("pending.hint")}</p>
        {props.redirectUri && (
          <p class="pending__hint" data-testid="sign-in-pending-redirect">
            {t("pending.redirectSent", { uri: props.redirectUri })} {t("pending.redirectHint")}
          </p>
        )}
        <div class="pending__actions">
          {attempt && (
            <Button
              variant="secondary"
              size="sm"
              icon="externalLink"
              loading={reopening}
              onClick={() => void reopen()}
              data-testid="sign-in-reopen"
            >
              {t("pending.reopen")}
            </Button>
          )}
          <Button variant="ghost" size="sm" icon="close" loading={cancelling} onClick={() => void cancel()} data-testid="sign-in-cancel">
            {t("pending.cancel")}
          </Button>
        </div>
      </div>
    </section>
  );
}
