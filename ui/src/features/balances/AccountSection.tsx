// Beside the balance: Personal usage, or for a Team its membership next to the note that
// usage is Personal only.

import type { SessionSummary } from "../../ipc";
import { TeamContextCard } from "./TeamContextCard";
import { UsageCard } from "./UsageCard";

/** Personal usage, or the Team membership (with a note that usage is Personal only). */
export function AccountSection(props: { session: SessionSummary; contextKey: string; who: string; version: number }) {
  if (props.session.context.kind === "team") {
    return (
      <div class="balances__pair">
        <TeamContextCard contextKey={props.contextKey} version={props.version} />
        <UsageCard session={props.session} contextKey={props.contextKey} who={props.who} version={props.version} />
      </div>
    );
  }
  return <UsageCard session={props.session} contextKey={props.contextKey} who={props.who} version={props.version} />;
}
