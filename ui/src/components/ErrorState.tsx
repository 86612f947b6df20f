import { useEffect, useState } from "preact/hooks";

import { errorMessage, t } from "../i18n";
import { toAppError } from "../ipc";
import { Button } from "./Button";
import { Icon } from "./Icon";

/**
 * A failed load: the localised explanation of the error code, a retry button, and
 * the technical details folded away for bug reports.
 */
export function ErrorState(props: { error: unknown; onRetry?: () => void; retrying?: boolean; title?: string; "data-testid"?: string }) {
  const error = toAppError(props.error);
  const wait = error.code === "PLATFORM_BUSY" ? error.retryAfterSecs : undefined;
  const left = useCountdown(wait, props.onRetry);
  // A platform that asked to wait has not failed: said as such, calmly, whatever the screen.
  const busy = left !== undefined;
  return (
    <div
      class={`error-state${busy ? " error-state--busy" : ""}`}
      role={busy ? "status" : "alert"}
      data-testid={props["data-testid"] ?? "error-state"}
    >
      <div class="error-state__art" aria-hidden="true">
        <Icon name={busy ? "clock" : "alert"} size={26} />
      </div>
      <h2 class="error-state__title" data-testid="error-title">
        {busy ? t("busy.title") : (props.title ?? t("errorState.title"))}
      </h2>
      <p class="error-state__body" data-testid="error-message" data-error-code={error.code}>
        {left !== undefined && props.onRetry
          ? t("busy.readingAgainIn", { secs: left })
          : left !== undefined
            ? t("busy.tryAgainIn", { secs: left })
            : errorMessage(error.code)}
      </p>
      {props.onRetry && (
        <Button variant="primary" icon="refresh" loading={props.retrying} onClick={props.onRetry} data-testid="error-retry">
          {t("errorState.retry")}
        </Button>
      )}
      <details class="error-state__details">
        <summary>{t("errorState.details")}</summary>
        <dl class="meta-list">
          {error.requestId && (
            <>
              <dt>{t("errorState.requestId")}</dt>
              <dd class="mono">{error.requestId}</dd>
            </>
          )}
          {error.platformCode && (
            <>
              <dt>{t("errorState.platformCode")}</dt>
              <dd class="mono">{error.platformCode}</dd>
            </>
          )}
          <dt>{t("errorState.message")}</dt>
          <dd class="mono">
            {error.code} · {error.detail}
          </dd>
        </dl>
      </details>
    </div>
  );
}

/**
 * Seconds left of a wait the platform asked for, counting down once a second; at zero the
 * read runs again by itself (the platform said when it would be ready).
 */
function useCountdown(seconds: number | undefined, onDone: (() => void) | undefined): number | undefined {
  const [left, setLeft] = useState(seconds);
  useEffect(() => setLeft(seconds), [seconds]);
  useEffect(() => {
    if (left === undefined) return;
    if (left <= 0) {
      onDone?.();
      return;
    }
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return left;
}
