// Changes between two snapshots of the tool list: those the rules say need a fresh review,
// then the harmless ones, apart.

import { Badge } from "../../components";
import { t } from "../../i18n";
import type { SnapshotChange } from "../../ipc";
import { changeName } from "./verdicts";

export function ChangeList(props: { changes: readonly SnapshotChange[] }) {
  const fresh = props.changes.filter((c) => c.freshReview);
  const harmless = props.changes.filter((c) => !c.freshReview);
  if (props.changes.length === 0) {
    return (
      <p class="agents__muted" data-testid="agent-changes-none">
        {t("agents.changes.none")}
      </p>
    );
  }
  return (
    <div class="agents__changes">
      {[
        { list: fresh, title: t("agents.changes.fresh", { count: fresh.length }), id: "fresh", tone: "warning" as const },
        { list: harmless, title: t("agents.changes.harmless", { count: harmless.length }), id: "harmless", tone: "neutral" as const },
      ].map((group) => (
        <section key={group.id} data-testid={`agent-changes-${group.id}`}>
          <h3 class="agents__subtitle">{group.title}</h3>
          <ul class="agents__change-list">
            {group.list.map((c, i) => (
              <li key={i} data-testid="agent-change" data-change={c.change} data-fresh={String(c.freshReview)}>
                <Badge tone={group.tone}>{changeName(c.change)}</Badge> <code>{c.tool}</code> <span class="agents__muted">{c.detail}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
