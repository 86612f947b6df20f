import { t } from "../../i18n";
import type { BillingContext, SessionSummary } from "../../ipc";

/** "Personal" or the Team's name, for a context as billing reports it. */
export function contextLabelOf(context: BillingContext): string {
  return context.kind === "personal" ? t("context.personal") : context.teamName;
}

/** A stable key for a billing context (chart colours, legend). */
export function contextKeyOf(context: BillingContext): string {
  return context.kind === "personal" ? "personal" : `team:${context.teamId}`;
}

/** The same label for a session. */
export function sessionLabel(session: SessionSummary): string {
  return session.context.kind === "personal" ? t("context.personal") : session.context.teamName;
}
