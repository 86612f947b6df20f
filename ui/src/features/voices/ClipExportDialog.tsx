// Saving one clip's audio (and its receipt) to a file.

import { useEffect, useState } from "preact/hooks";
import { Button, Dialog, Field, Icon, TextInput } from "../../components";
import { errorMessage, t } from "../../i18n";
import { exportClip, toAppError, type Clip } from "../../ipc";

export function ExportDialog(props: { clip: Clip | null; onClose: () => void }) {
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
