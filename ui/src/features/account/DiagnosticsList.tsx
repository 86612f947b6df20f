// What the sign-in diagnostics found, one labelled row per fact.

import { contextLabel } from "../../app/sessions";
import { expiryTime, formatDateTime, formatDuration } from "../../app/time";
import { Badge } from "../../components";
import { t } from "../../i18n";
import type { SignInDiagnostics } from "../../ipc";
import { yesNoUnknown } from "./diagnosticsReport";
import { RecentAttempts } from "./RecentAttempts";

export function DiagnosticsList(props: { data: SignInDiagnostics }) {
  const { data } = props;
  const registered = yesNoUnknown(data.schemeRegistered);
  return (
    <dl class="kv diag-list" data-testid="diag-list">
      <Row label={t("diag.origin")} testId="diag-origin" mono value={data.origin} />
      <Row label={t("diag.clientId")} testId="diag-client-id" mono value={data.clientId} />
      <Row label={t("diag.redirectUri")} testId="diag-redirect-uri" mono value={data.redirectUri} />
      <Row label={t("diag.redirectKind")} testId="diag-redirect-kind" value={t(`diag.redirectKind.${data.redirectKind}`)} />
      {data.pendingRedirectUri && <Row label={t("diag.redirectSent")} testId="diag-redirect-sent" mono value={data.pendingRedirectUri} />}
      <div class="kv__row">
        <dt>{t("diag.scheme")}</dt>
        <dd class="diag-inline">
          <span class="mono">{data.scheme}://</span>
          <span data-testid="diag-scheme-registered" data-value={registered}>
            <Badge
              tone={registered === "yes" ? "success" : registered === "no" ? "danger" : "neutral"}
              icon={registered === "yes" ? "check" : registered === "no" ? "alert" : "info"}
            >
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

export function Row(props: { label: string; value: string; testId: string; mono?: boolean }) {
  return (
    <div class="kv__row">
      <dt>{props.label}</dt>
      <dd class={props.mono ? "mono" : undefined} data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  );
}
