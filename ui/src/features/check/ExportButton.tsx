// Saves a kept check run in one format, where the person chooses in the save dialog.

import { useState } from "preact/hooks";

import { saveWithDialog } from "../../app/saveFile";
import { Button } from "../../components";
import { t } from "../../i18n";
import { platformCheckSave, type ReportFormat } from "../../ipc";

export function ExportButton(props: { runId: string; format: ReportFormat }) {
  const [working, setWorking] = useState(false);
  const save = async () => {
    setWorking(true);
    await saveWithDialog(() => platformCheckSave(props.runId, props.format));
    setWorking(false);
  };
  return (
    <Button size="sm" icon="download" loading={working} onClick={() => void save()} data-testid={`check-export-${props.format}`}>
      {props.format === "markdown" ? t("check.export.markdown") : t("check.export.json")}
    </Button>
  );
}
