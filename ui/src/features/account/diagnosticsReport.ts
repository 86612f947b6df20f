// The sign-in diagnostics as plain text, for testers to paste into a report.

import { expiryTime } from "../../app/time";
import type { SessionSummary, SignInDiagnostics, SignInEvent } from "../../ipc";

export function yesNoUnknown(value: boolean | undefined | null): "yes" | "no" | "unknown" {
  return value === true ? "yes" : value === false ? "no" : "unknown";
}

export function sessionLine(session: SessionSummary): string {
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

export function eventLine(e: SignInEvent): string {
  const context = e.contextKind === "team" ? `team ${e.teamId ?? ""}` : (e.contextKind ?? "-");
  const parts = [`  ${e.at} ${e.outcome} ${context}`];
  if (e.errorCode) parts.push(e.errorCode);
  if (e.platformCode) parts.push(`platform code ${e.platformCode}`);
  if (e.requestId) parts.push(`request ${e.requestId}`);
  if (e.detail) parts.push(`"${e.detail}"`);
  if (e.redirectUri) parts.push(`redirect_uri ${e.redirectUri}`);
  return parts.join(" · ");
}
