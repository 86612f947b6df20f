// Saves the review shown as Markdown or JSON, where the person chooses in the save dialog.

import { useState } from "preact/hooks";

import { saveWithDialog } from "../../app/saveFile";
import { Button } from "../../components";
import { t } from "../../i18n";
import { type AgentExportFormat, agentReportSave } from "../../ipc";

export function ExportButtons(props: { snapshotId: number }) {
  const [working, setWorking] = useState<AgentExportFormat | null>(null);
  const save = async (format: AgentExportFormat) => {
    setWorking(format);
    await saveWithDialog(() => agentReportSave(props.snapshotId, format));
    setWorking(null);
  };
  return (
    <div class="agents__actions">
      {(["markdown", "json"] as const).map((format) => (
        <Button
          key={format}
          size="sm"
          icon="download"
          loading={working === format}
          onClick={() => void save(format)}
          data-testid={`agent-export-${format}`}
        >
          {format === "markdown" ? t("agents.export.markdown") : t("agents.export.json")}
        </Button>
      ))}
    </div>
  );
}
