// Why a reply failed, and Retry.

import { Button, Panel } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { ChatMessage } from "../../ipc";
import { OPEN_WORKFLOW_SETTING } from "./WorkflowSetting";

export function ErrorPanel(props: { message: ChatMessage; busy: boolean; onRetry: () => void }) {
  const error = props.message.error;
  // Already settled: a retry is answered the same way; the message names Regenerate instead.
  const settled = error?.code === "REPLY_ALREADY_SETTLED";
  return (
    <Panel tone="danger" class="chat-msg__error" role="note" data-testid="chat-error">
      <p class="chat-msg__error-title">
        {error?.platformCode === "INSUFFICIENT_POINTS"
          ? t("chat.interrupted.insufficient")
          : error
            ? errorMessage(error.code)
            : t("chat.interrupted.unknown")}
        {props.message.content && !settled ? ` ${t("chat.interrupted.kept")}` : ""}
      </p>
      {error?.outcomeUnknown && <p data-testid="chat-error-outcome-unknown">{t("chat.interrupted.outcomeUnknown")}</p>}
      {error?.retryAfterSecs != null && (
        <p data-testid="chat-error-retry-after">{t("chat.interrupted.retryAfter", { seconds: error.retryAfterSecs.toString() })}</p>
      )}
      {error && (
        <dl class="chat-msg__error-facts">
          {error.platformCode && (
            <>
              <dt>{t("errorState.platformCode")}</dt>
              <dd class="mono" data-testid="chat-error-code">
                {error.platformCode}
              </dd>
            </>
          )}
          {error.requestId && (
            <>
              <dt>{t("errorState.requestId")}</dt>
              <dd class="mono" data-testid="chat-error-request-id">
                {error.requestId}
              </dd>
            </>
          )}
          <dt>{t("errorState.message")}</dt>
          <dd class="mono">{error.message}</dd>
        </dl>
      )}
      <div>
        {error?.code === "WORKFLOW_VERSION_REFUSED" && (
          <Button
            size="sm"
            variant="primary"
            icon="settings"
            onClick={() => window.dispatchEvent(new Event(OPEN_WORKFLOW_SETTING))}
            data-testid="chat-open-workflow-setting"
          >
            {t("workflow.openSetting")}
          </Button>
        )}
        {/* A retry repeats the refused workflow version; the next message uses the new one. */}
        {error?.code !== "WORKFLOW_VERSION_REFUSED" && !settled && (
          <Button size="sm" icon="refresh" disabled={props.busy} onClick={props.onRetry} data-testid="chat-retry">
            {t("chat.retry")}
          </Button>
        )}
      </div>
    </Panel>
  );
}
