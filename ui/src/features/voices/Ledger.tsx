// The audio ledger of the active context: every clip with its text, configuration,
// voice, format, estimate, charge, request id and time. Replay (no network, no charge),
// save as, delete, retry an open request, search and filter. Local only.

import { useEffect, useState } from "preact/hooks";

import { formatDateTime } from "../../app/time";
import { useLoad } from "../../app/useLoad";
import { Badge, Button, Card, Dialog, EmptyState, Field, Icon, Select, TextInput, toast, type BadgeTone } from "../../components";
import { errorMessage, t, type PlainKey } from "../../i18n";
import { deleteClip, exportClip, onAppEvent, toAppError, ttsClips, type Clip, type ClipStatus, type TtsConfig } from "../../ipc";
import { formatPoints } from "../balances";
import { player } from "./playback";

const STATUS: Record<ClipStatus, { key: PlainKey; tone: BadgeTone }> = {
  complete: { key: "voices.status.complete", tone: "success" },
  settledNoAudio: { key: "voices.status.settledNoAudio", tone: "warning" },
  pending: { key: "voices.status.pending", tone: "accent" },
  unknown: { key: "voices.status.unknown", tone: "warning" },
  failed: { key: "voices.status.failed", tone: "danger" },
};

function ExportDialog(props: { clip: Clip | null; onClose: () => void }) {
  const [path, setPath] = useState("");
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPath("");
    setSaved(null);
    setError(null);
  }, [props.clip?.id]);
  const clip = props.clip;
  const save = async (destination: string | null) => {
    if (!clip) return;
    setBusy(true);
    setError(null);
    try {
      const done = await exportClip(clip.id, destination);
      setSaved(done.path);
    } catch (err) {
      const e = toAppError(err);
      setError(e.code === "INVALID_INPUT" ? t("voices.export.badPath") : errorMessage(e.code));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={clip !== null}
      onClose={props.onClose}
      title={t("voices.export.title")}
      description={t("voices.export.description")}
      data-testid="export-dialog"
      footer={
        saved ? (
          <Button variant="primary" onClick={props.onClose} data-testid="export-done">
            {t("common.close")}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={props.onClose}>
              {t("common.cancel")}
            </Button>
            <Button
              variant="primary"
              icon="download"
              loading={busy}
              onClick={() => void save(path.trim() === "" ? null : path.trim())}
              data-testid="export-save"
            >
              {path.trim() === "" ? t("voices.export.saveDefault") : t("voices.export.saveThere")}
            </Button>
          </>
        )
      }
    >
      {saved ? (
        <div class="export-done" role="status">
          <Icon name="checkCircle" size={18} />
          <div>
            <p>{t("voices.export.savedTo")}</p>
            <p class="mono export-done__path" data-testid="export-path">
              {saved}
            </p>
          </div>
        </div>
      ) : (
        <Field label={t("voices.export.path")} hint={t("voices.export.pathHint")} error={error}>
          {(control) => (
            <TextInput
              {...control}
              mono
              value={path}
              placeholder="~/Music/xiaoya"
              onValue={setPath}
              data-autofocus
              data-testid="export-path-input"
            />
          )}
        </Field>
      )}
    </Dialog>
  );
}

function ClipRow(props: {
  clip: Clip;
  onExport: (c: Clip) => void;
  onDelete: (c: Clip) => void;
  onRetry: (c: Clip) => void;
  retrying: boolean;
}) {
  const { clip } = props;
  const status = STATUS[clip.status];
  const cost = clip.cost;
  const created = Date.parse(clip.createdAt);
  return (
    <li class="clip" data-testid="clip-row" data-clip-id={clip.id} data-status={clip.status}>
      <div class="clip__play">
        <Button
          variant="secondary"
          icon="play"
          disabled={!clip.hasAudio}
          aria-label={t("voices.ledger.play", { voice: clip.voiceName })}
          title={t("voices.ledger.playHint")}
          onClick={() => void player.play(clip.id)}
          data-testid="clip-play"
        />
      </div>
      <div class="clip__main">
        <p class="clip__text" title={clip.input}>
          {clip.input}
        </p>
        <p class="clip__meta muted">
          <span>{clip.voiceName}</span> · <span>{clip.configName}</span> · <span>{clip.format.toUpperCase()}</span> ·{" "}
          <time dateTime={clip.createdAt}>{Number.isFinite(created) ? formatDateTime(created) : clip.createdAt}</time>
        </p>
        <p class="clip__meta muted">
          <span class="mono clip__request" title={t("voices.receipt.requestId")}>
            {clip.requestId}
          </span>
        </p>
      </div>
      <div class="clip__cost">
        <Badge tone={status.tone} data-testid="clip-status">
          {t(status.key)}
        </Badge>
        <span class="clip__amounts">
          {t("voices.ledger.est", { v: clip.estimate.totalPoints ? formatPoints(clip.estimate.totalPoints) : "—" })}
          {" · "}
          <span data-testid="clip-charged">
            {t("voices.ledger.charged", { v: cost?.charged ? formatPoints(cost.charged) : "—" })}
          </span>
        </span>
        {cost?.verdict === "differs" && cost.difference && (
          <Badge tone="warning" icon="alert">
            {formatPoints(cost.difference, { signed: true })}
          </Badge>
        )}
      </div>
      <div class="clip__actions">
        {clip.retryable && (
          <Button size="sm" variant="secondary" icon="refresh" loading={props.retrying} onClick={() => props.onRetry(clip)} data-testid="clip-retry">
            {t("voices.outcome.retry")}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          icon="download"
          disabled={!clip.hasAudio}
          onClick={() => props.onExport(clip)}
          data-testid="clip-export"
        >
          {t("voices.ledger.saveAs")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon="trash"
          aria-label={t("voices.ledger.delete")}
          title={t("voices.ledger.delete")}
          onClick={() => props.onDelete(clip)}
          data-testid="clip-delete"
        />
      </div>
    </li>
  );
}

export function Ledger(props: {
  configs: readonly TtsConfig[];
  version: number;
  retryingId: string | null;
  onRetry: (clip: Clip) => void;
  onClips: (clips: Clip[]) => void;
}) {
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<"" | ClipStatus>("");
  const [configId, setConfigId] = useState("");
  const [exporting, setExporting] = useState<Clip | null>(null);
  const [deleting, setDeleting] = useState<Clip | null>(null);

  // The filters reload in place (the list shown stays until the answer), after a pause
  // in typing.
  const list = useLoad<Clip[]>(
    () =>
      ttsClips({
        ...(query.trim() ? { query: query.trim() } : {}),
        ...(status ? { status } : {}),
        ...(configId ? { ttsConfigId: configId } : {}),
      }),
    "clips",
    [query, status, configId, props.version],
    { delayMs: 150 },
  );
  const clips = list.data;
  const loadError = list.error;
  useEffect(() => {
    if (list.data) props.onClips(list.data);
  }, [list.data]);

  // Requests resumed in the background (after a restart) settle on their own; the core
  // says so with `clipSettled`, and the list is read again (the filters may now drop it).
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type === "clipSettled") list.reload();
      }),
    [],
  );

  const confirmDelete = async () => {
    const clip = deleting;
    if (!clip) return;
    try {
      await deleteClip(clip.id);
      setDeleting(null);
      list.reload();
    } catch (err) {
      toast({ tone: "error", title: t("voices.ledger.deleteFailed"), body: errorMessage(toAppError(err).code) });
    }
  };

  const statusOptions = [
    { value: "" as const, label: t("voices.ledger.anyStatus") },
    ...(Object.keys(STATUS) as ClipStatus[]).map((s) => ({ value: s, label: t(STATUS[s].key) })),
  ];
  const configOptions = [{ value: "", label: t("voices.ledger.anyConfig") }, ...props.configs.map((c) => ({ value: c.ttsConfigId, label: c.displayName }))];

  return (
    <Card title={t("voices.ledger.title")} description={t("voices.ledger.description")} data-testid="audio-ledger">
      <div class="ledger__tools">
        <span class="search-input">
          <Icon name="search" size={16} />
          <TextInput
            type="search"
            value={query}
            aria-label={t("voices.ledger.search")}
            placeholder={t("voices.ledger.search")}
            onValue={setQuery}
            data-testid="ledger-search"
          />
        </span>
        <Select aria-label={t("voices.ledger.statusLabel")} value={status} options={statusOptions} onValue={setStatus} data-testid="ledger-status" />
        <Select aria-label={t("voices.ledger.configLabel")} value={configId} options={configOptions} onValue={setConfigId} data-testid="ledger-config" />
      </div>
      {loadError !== null && <p class="field__error">{errorMessage(loadError.code)}</p>}
      {clips !== null && clips.length === 0 && (
        <EmptyState
          icon="voices"
          title={query || status || configId ? t("voices.ledger.noMatch") : t("voices.ledger.empty.title")}
          body={query || status || configId ? undefined : t("voices.ledger.empty.body")}
          data-testid="ledger-empty"
        />
      )}
      {clips !== null && clips.length > 0 && (
        <ul class="clip-list" data-testid="clip-list">
          {clips.map((clip) => (
            <ClipRow
              key={clip.id}
              clip={clip}
              onExport={setExporting}
              onDelete={setDeleting}
              onRetry={props.onRetry}
              retrying={props.retryingId === clip.id}
            />
          ))}
        </ul>
      )}
      <ExportDialog clip={exporting} onClose={() => setExporting(null)} />
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        size="sm"
        title={t("voices.ledger.deleteTitle")}
        description={t("voices.ledger.deleteBody")}
        data-testid="delete-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              {t("common.cancel")}
            </Button>
            <Button variant="danger" icon="trash" onClick={() => void confirmDelete()} data-testid="delete-confirm">
              {t("voices.ledger.delete")}
            </Button>
          </>
        }
      />
    </Card>
  );
}
