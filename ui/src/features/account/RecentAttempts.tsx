// The last sign-in attempts, newest first, as the diagnostics list them.

import { formatDateTime } from "../../app/time";
import type { BadgeTone } from "../../components";
import { Badge } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { SignInEvent, SignInOutcome } from "../../ipc";

export const OUTCOME_TONE: Record<SignInOutcome, BadgeTone> = {
  started: "neutral",
  signedIn: "success",
  failed: "danger",
  refused: "warning",
  cancelled: "neutral",
  expired: "warning",
};

export function RecentAttempts(props: { events: SignInEvent[] }) {
  if (props.events.length === 0) return <span class="muted">{t("diag.recentNone")}</span>;
  return (
    <ol class="diag-attempts" data-testid="diag-attempts">
      {props.events.map((e, i) => (
        <li key={i} class="diag-attempt" data-testid="diag-attempt" data-outcome={e.outcome}>
          <div class="diag-attempt__head">
            <Badge tone={OUTCOME_TONE[e.outcome]}>{t(`diag.outcome.${e.outcome}`)}</Badge>
            <span class="diag-attempt__context">
              {e.contextKind === "personal"
                ? t("context.personal")
                : e.contextKind === "team"
                  ? t("diag.teamContext", { id: e.teamId ?? "" })
                  : "—"}
            </span>
            <time class="muted diag-attempt__time" dateTime={e.at}>
              {formatDateTime(Date.parse(e.at))}
            </time>
          </div>
          {e.errorCode && (
            <p class="diag-attempt__error" data-testid="diag-attempt-error" data-error-code={e.errorCode}>
              {errorMessage(e.errorCode)}
            </p>
          )}
          {e.detail && (
            <p class="diag-attempt__detail" data-testid="diag-attempt-detail">
              {e.detail}
            </p>
          )}
          {e.redirectUri && (
            <p class="diag-attempt__ids mono" data-testid="diag-attempt-redirect">
              {t("diag.redirectSent")}: {e.redirectUri}
            </p>
          )}
          {(e.platformCode || e.requestId) && (
            <p class="diag-attempt__ids mono">
              {e.platformCode && (
                <span data-testid="diag-attempt-platform-code">
                  {t("diag.platformCode")}: {e.platformCode}
                </span>
              )}
              {e.requestId && (
                <span data-testid="diag-attempt-request-id">
                  {t("diag.requestId")}: {e.requestId}
                </span>
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
