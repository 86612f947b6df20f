// Who may see the Team screen's content: a Team session granted `team_read` (or
// `team_manage`, which the platform accepts on the same routes).

import type { SessionSummary } from "../../ipc";

export const TEAM_READ_SCOPES: readonly string[] = ["team_read", "team_manage"];

export function hasTeamRead(session: SessionSummary): boolean {
  return session.context.kind === "team" && session.grantedScopes.some((s) => TEAM_READ_SCOPES.includes(s));
}

/** The nav shows "Team" once any signed-in session is a Team session. */
export function anyTeamSession(sessions: readonly SessionSummary[]): boolean {
  return sessions.some((s) => s.context.kind === "team");
}
