import { useEffect, useRef, useState } from "preact/hooks";

import { copyText } from "../../app/clipboard";
import { useApp } from "../../app/context";
import { contextLabel, useSessions } from "../../app/sessions";
import { expiryTime, formatDateTime, formatDuration } from "../../app/time";
import { useLoad } from "../../app/useLoad";
import { Badge, Button, Icon, Panel, SkeletonList, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import {
  signInDiagnostics,
  type AppError,
  type SessionSummary,
  type SignInDiagnostics,
  type SignInEvent,
  type SignInOutcome,
} from "../../ipc";
import type { BadgeTone } from "../../components";

type Load = { status: "idle" } | { status: "loading" } | { status: "ready"; data: SignInDiagnostics; at: number } | { status: "failed"; error: AppError };

function yesNoUnknown(value: boolean | undefined | null): "yes" | "no" | "unknown" {
  return value === true ? "yes" : value === false ? "no" : "unknown";
}

function sessionLine(session: SessionSummary): string {
  const context =
    session.context.kind === "personal"
      ? "personal"
      : `team ${session.context.teamName} (${session.context.teamId}${session.role ? `, ${session.role}` : ""})`;
  const minutes = Math.floor(Math.max(0, expiryTime(session) - Date.now()) / 60000);
  const left = `${Math.floor(minutes / 1440)}d ${Math.floor((minutes % 1440) / 60)}h ${minutes % 60}m`;
  return `- ${context}: "${session.displayName}" user ${session.userId}; granted [${session.grantedScopes.join(" ")}]; expires ${session.expiresAt} (in ${left})`;
}

/**
 * A plain-text report for bug trackers. Field names stay in English on purpose so
 * reports read the same whichever language the tester uses. Nothing in it is secret:
 * the diagnostics command never carries tokens, codes or verifiers (T1).
 */
export function diagnosticsReport(data: SignInDiagnostics, version: string | undefined): string {
  return [
    "Xiaoya Companion — sign-in diagnostics",
    `Generated: ${new Date().toISOString()}`,
    `App version: ${version ?? "unknown"}`,
    `Platform origin: ${data.origin}`,
    `Client ID: ${data.clientId}`,
    `Redirect URI: ${data.redirectUri} (${data.redirectKind})`,
    ...(data.pendingRedirectUri ? [`Redirect URI sent by the pending sign-in: ${data.pendingRedirectUri}`] : []),
    `Scheme: ${data.scheme} (handler registered: ${yesNoUnknown(data.schemeRegistered)})`,
    `Keychain backend: ${data.keychainBackend}`,
    `Scopes requested (Personal): ${data.personalScopes}`,
    `Scopes requested (Team): ${data.teamScopes}`,
    `Sign-in pending: ${data.signInPending ? "yes" : "no"}`,
    `Sessions: ${data.sessions.length}`,
    ...data.sessions.map(sessionLine),
    `Recent sign-in attempts: ${data.recent.length}`,
    ...data.recent.map(eventLine),
  ].join("\n");
}

function eventLine(e: SignInEvent): string {
  const context = e.contextKind === "team" ? `team ${e.teamId ?? ""}` : (e.contextKind ?? "-");
  const parts = [`  ${e.at} ${e.outcome} ${context}`];
  if (e.errorCode) parts.push(e.errorCode);
  if (e.platformCode) parts.push(`platform code ${e.platformCode}`);
  if (e.requestId) parts.push(`request ${e.requestId}`);
  if (e.detail) parts.push(`"${e.detail}"`);
  if (e.redirectUri) parts.push(`redirect_uri ${e.redirectUri}`);
  return parts.join(" · ");
}

const OUTCOME_TONE: Record<SignInOutcome, BadgeTone> = {
  started: "neutral",
  signedIn: "success",
  failed: "danger",
  refused: "warning",
  cancelled: "neutral",
  expired: "warning",
};

function RecentAttempts(props: { events: SignInEvent[] }) {
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

/**
 * Sign-in diagnostics for testers, folded away by default: where the app signs in,
 * with which client and redirect, whether the OS routes the link back, where the
 * sign-ins are kept, what is asked for and what was granted. Copyable as text.
 */
export function Diagnostics() {
  const { info } = useApp();
  const { view } = useSessions();
  const [open, setOpen] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const [copying, setCopying] = useState(false);
  const fallback = useRef<HTMLTextAreaElement>(null);

  // Loaded when opened, and again whenever the sessions or the platform change; a
  // reading shown stays while the next one is asked for.
  const diagnostics = useLoad(
    () => signInDiagnostics().then((data) => ({ data, at: Date.now() })),
    "diagnostics",
    [view, info?.platform],
    { hold: !open },
  );
  const load: Load =
    diagnostics.loading && (diagnostics.error || !diagnostics.data)
      ? { status: "loading" }
      : diagnostics.error
        ? { status: "failed", error: diagnostics.error }
        : diagnostics.data
          ? { status: "ready", ...diagnostics.data }
          : { status: "idle" };

  useEffect(() => {
    if (copyFailed) fallback.current?.select();
  }, [copyFailed]);

  const report = load.status === "ready" ? diagnosticsReport(load.data, info?.version) : "";

  const copy = async () => {
    if (!report) return;
    setCopying(true);
    const ok = await copyText(report);
    setCopying(false);
    setCopyFailed(!ok);
    if (ok) toast({ tone: "success", title: t("diag.copied") });
  };

  return (
    <details
      class="disclosure"
      data-testid="sign-in-diagnostics"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary class="disclosure__summary" data-testid="diag-toggle">
        <Icon name="activity" size={18} />
        <span class="disclosure__title">{t("diag.title")}</span>
        <span class="disclosure__hint">{t("diag.summaryHint")}</span>
        <Icon name="chevronDown" size={16} class="disclosure__chevron" />
      </summary>
      <div class="disclosure__body">
        <p class="disclosure__intro">{t("diag.intro")}</p>

        {load.status === "loading" && <SkeletonList rows={3} data-testid="diag-loading" />}

        {load.status === "failed" && (
          <Panel tone="danger" class="note" role="alert" data-testid="diag-error" data-error-code={load.error.code}>
            <Icon name="alert" size={18} />
            <div>
              <p>{t("diag.loadFailed")}</p>
              <p class="note__detail">{errorMessage(load.error.code)}</p>
              <Button variant="secondary" size="sm" icon="refresh" class="note__action" onClick={diagnostics.reload} data-testid="diag-retry">
                {t("errorState.retry")}
              </Button>
            </div>
          </Panel>
        )}

        {load.status === "ready" && <DiagnosticsList data={load.data} />}

        {load.status === "ready" && (
          <div class="disclosure__actions">
            <Button variant="secondary" size="sm" icon="copy" loading={copying} onClick={() => void copy()} data-testid="diag-copy">
              {t("diag.copy")}
            </Button>
            <Button variant="ghost" size="sm" icon="refresh" onClick={diagnostics.reload} data-testid="diag-refresh">
              {t("diag.refresh")}
            </Button>
            <span class="disclosure__note">{t("diag.noSecrets")}</span>
          </div>
        )}

        {copyFailed && report && (
          <div class="field" data-testid="diag-copy-fallback">
            <label class="field__label" for="diag-report">
              {t("diag.copyFailed")}
            </label>
            <textarea id="diag-report" ref={fallback} class="input mono diag-report" readOnly rows={8} value={report} />
          </div>
        )}
      </div>
    </details>
  );
}

function DiagnosticsList(props: { data: SignInDiagnostics }) {
  const { data } = props;
  const registered = yesNoUnknown(data.schemeRegistered);
  return (
    <dl class="kv diag-list" data-testid="diag-list">
      <Row label={t("diag.origin")} testId="diag-origin" mono value={data.origin} />
      <Row label={t("diag.clientId")} testId="diag-client-id" mono value={data.clientId} />
      <Row label={t("diag.redirectUri")} testId="diag-redirect-uri" mono value={data.redirectUri} />
      <Row label={t("diag.redirectKind")} testId="diag-redirect-kind" value={t(`diag.redirectKind.${data.redirectKind}`)} />
      {data.pendingRedirectUri && (
        <Row label={t("diag.redirectSent")} testId="diag-redirect-sent" mono value={data.pendingRedirectUri} />
      )}
      <div class="kv__row">
        <dt>{t("diag.scheme")}</dt>
        <dd class="diag-inline">
          <span class="mono">{data.scheme}://</span>
          <span data-testid="diag-scheme-registered" data-value={registered}>
            <Badge tone={registered === "yes" ? "success" : registered === "no" ? "danger" : "neutral"} icon={registered === "yes" ? "check" : registered === "no" ? "alert" : "info"}>
              {t(`diag.registered.${registered}`)}
            </Badge>
          </span>
        </dd>
      </div>
      {registered === "no" && (
        <div class="kv__row kv__row--note">
          <dt />
          <dd class="diag-warning">{t("diag.schemeMissingHint", { scheme: data.scheme })}</dd>
        </div>
      )}
      <Row label={t("diag.keychain")} testId="diag-keychain" mono value={data.keychainBackend} />
      <Row label={t("diag.personalScopes")} testId="diag-personal-scopes" mono value={data.personalScopes} />
      <Row label={t("diag.teamScopes")} testId="diag-team-scopes" mono value={data.teamScopes} />
      <div class="kv__row">
        <dt>{t("diag.pending")}</dt>
        <dd data-testid="diag-pending" data-value={data.signInPending ? "yes" : "no"}>
          {data.signInPending ? t("diag.yes") : t("diag.no")}
        </dd>
      </div>
      <div class="kv__row kv__row--top">
        <dt>{t("diag.sessions")}</dt>
        <dd data-testid="diag-sessions">
          {data.sessions.length === 0 ? (
            <span class="muted">{t("diag.noSessions")}</span>
          ) : (
            <ul class="diag-sessions">
              {data.sessions.map((session) => {
                const at = expiryTime(session);
                return (
                  <li key={session.id} data-testid="diag-session" data-session-id={session.id}>
                    <span class="diag-sessions__who">
                      {contextLabel(session)} · {session.displayName}
                    </span>
                    <span class="mono diag-sessions__scopes" data-testid="diag-session-scopes">
                      {session.grantedScopes.join(" ") || "—"}
                    </span>
                    <span class="diag-sessions__expiry" data-testid="diag-session-expiry">
                      {t("diag.expires", { at: formatDateTime(at), left: formatDuration(at - Date.now()) })}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </dd>
      </div>
      <div class="kv__row kv__row--top">
        <dt>{t("diag.recent")}</dt>
        <dd>
          <RecentAttempts events={data.recent} />
        </dd>
      </div>
    </dl>
  );
}

function Row(props: { label: string; value: string; testId: string; mono?: boolean }) {
  return (
    <div class="kv__row">
      <dt>{props.label}</dt>
      <dd class={props.mono ? "mono" : undefined} data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  );
}
