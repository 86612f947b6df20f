// The agent's snapshots (one per review): open one, or compare two.

import { useState } from "preact/hooks";

import { formatDateTime } from "../../app/time";
import { Button, Card, ErrorState, Select } from "../../components";
import { t } from "../../i18n";
import { agentCompare, type SnapshotChange, type SnapshotSummary } from "../../ipc";
import { ChangeList } from "./ChangeList";

export function SnapshotsCard(props: { snapshots: readonly SnapshotSummary[]; shownId: number | null; onOpen: (id: number) => void }) {
  const list = props.snapshots;
  const [older, setOlder] = useState(String(list[1]?.id ?? list[0]?.id ?? ""));
  const [newer, setNewer] = useState(String(list[0]?.id ?? ""));
  const [changes, setChanges] = useState<SnapshotChange[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const options = list.map((s) => ({
    value: String(s.id),
    label: `${formatDateTime(Date.parse(s.takenAt))} · ${t("agents.snapshots.tools", { count: s.toolNames.length })}`,
  }));
  const compare = async () => {
    setBusy(true);
    setError(null);
    try {
      setChanges(await agentCompare(Number(older), Number(newer)));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t("agents.snapshots.title")} description={t("agents.snapshots.body")} data-testid="agent-snapshots">
      <ul class="agents__snapshots">
        {list.map((s) => (
          <li key={s.id} data-testid="agent-snapshot" data-snapshot={s.id}>
            <span>{formatDateTime(Date.parse(s.takenAt))}</span>
            <span class="agents__muted">
              {t("agents.snapshots.tools", { count: s.toolNames.length })} ·{" "}
              {t("agents.summary.counts", { pass: s.counts.pass, warn: s.counts.warn, fail: s.counts.fail })}
            </span>
            {s.id === props.shownId ? (
              <span class="agents__muted">{t("agents.snapshots.shown")}</span>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => props.onOpen(s.id)} data-testid="agent-snapshot-open">
                {t("agents.snapshots.open")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {list.length >= 2 ? (
        <div class="agents__compare">
          <label class="field__label">
            {t("agents.snapshots.older")}
            <Select value={older} options={options} onValue={setOlder} data-testid="agent-compare-older" />
          </label>
          <label class="field__label">
            {t("agents.snapshots.newer")}
            <Select value={newer} options={options} onValue={setNewer} data-testid="agent-compare-newer" />
          </label>
          <Button icon="columns" loading={busy} disabled={older === newer} onClick={() => void compare()} data-testid="agent-compare">
            {t("agents.snapshots.compare")}
          </Button>
        </div>
      ) : (
        <p class="agents__muted">{t("agents.snapshots.needTwo")}</p>
      )}
      {error != null && <ErrorState error={error} />}
      {changes && (
        <div data-testid="agent-compare-result">
          <ChangeList changes={changes} />
        </div>
      )}
    </Card>
  );
}
