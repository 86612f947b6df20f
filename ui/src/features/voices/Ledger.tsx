// The audio ledger of the active context: every clip with its text, configuration,
// voice, format, estimate, charge, request id and time. Replay (no network, no charge),
// save as, delete, retry an open request, search and filter. Local only.

import { useEffect, useState } from "preact/hooks";

import { keptKey } from "../../app/keep";
import { saveWithDialog } from "../../app/saveFile";
import { useLoad } from "../../app/useLoad";
import { Card, EmptyState, PointsNote, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type Clip, type ClipStatus, deleteClip, onAppEvent, saveClip, type TtsConfig, toAppError, ttsClips } from "../../ipc";
import { ClipRow } from "./ClipRow";
import { DeleteClipDialog } from "./DeleteClipDialog";
import { LedgerTools } from "./LedgerTools";

export function Ledger(props: {
  contextKey: string;
  /** The session whose context this ledger shows: clips settled under it are placed here. */
  sessionId: string;
  configs: readonly TtsConfig[];
  version: number;
  retryingId: string | null;
  onRetry: (clip: Clip) => void;
  onClips: (clips: Clip[]) => void;
}) {
  const [query, setQuery] = useState("");
  const [status, setStatus] = useState<"" | ClipStatus>("");
  const [configId, setConfigId] = useState("");
  const [saving, setSaving] = useState<string | null>(null);
  // "Save as…": the system's save dialog, opened by the core (no path is typed here).
  const save = async (clip: Clip) => {
    setSaving(clip.id);
    await saveWithDialog(() => saveClip(clip.id));
    setSaving(null);
  };
  const [deleting, setDeleting] = useState<Clip | null>(null);

  // The filters reload in place (the list shown stays until the answer), after a pause
  // in typing. The list is kept per context and filter, so coming back shows it at once.
  const list = useLoad<Clip[]>(
    () =>
      ttsClips({
        ...(query.trim() ? { query: query.trim() } : {}),
        ...(status ? { status } : {}),
        ...(configId ? { ttsConfigId: configId } : {}),
      }),
    "clips",
    [query, status, configId, props.version],
    { delayMs: 150, keep: keptKey(props.contextKey, `voices.clips.${status}.${configId}.${query.trim()}`) },
  );
  const clips = list.data;
  const loadError = list.error;
  useEffect(() => {
    if (list.data) props.onClips(list.data);
  }, [list.data]);

  // Every clip of this context that settles (Synthesize, a comparison, a retry, a request
  // resumed after a restart) comes with `clipSettled`: it is placed once, from the event,
  // without reading the list back. Only under a filter is the list asked again, since the
  // core decides what a search or a status matches.
  const filtered = query.trim() !== "" || status !== "" || configId !== "";
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type !== "clipSettled" || event.sessionId !== props.sessionId) return;
        if (filtered) {
          list.reload();
          return;
        }
        list.update((shown) => placeClip(shown ?? [], event.clip));
      }),
    [props.sessionId, filtered],
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
  return (
    <Card title={t("voices.ledger.title")} description={t("voices.ledger.description")} data-testid="audio-ledger">
      <LedgerTools
        configs={props.configs}
        query={query}
        onQuery={setQuery}
        status={status}
        onStatus={setStatus}
        configId={configId}
        onConfigId={setConfigId}
      />
      <PointsNote class="muted" />
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
              onExport={(c) => void save(c)}
              saving={saving === clip.id}
              onDelete={setDeleting}
              onRetry={props.onRetry}
              retrying={props.retryingId === clip.id}
            />
          ))}
        </ul>
      )}
      <DeleteClipDialog open={deleting !== null} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
    </Card>
  );
}

/** `clip` in a newest-first list: in its row when it is there, else on top. */
export function placeClip(shown: readonly Clip[], clip: Clip): Clip[] {
  return shown.some((c) => c.id === clip.id) ? shown.map((c) => (c.id === clip.id ? clip : c)) : [clip, ...shown];
}
