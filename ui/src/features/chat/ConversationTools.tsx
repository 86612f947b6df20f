// The open conversation's tools: save it as a file (the system's save dialog), delete it.

import { useState } from "preact/hooks";

import { saveWithDialog } from "../../app/saveFile";
import { Button } from "../../components";
import { t } from "../../i18n";
import { chatSave, type ExportFormat } from "../../ipc";

export function ConversationTools(props: { id: string; title: string; busy: boolean; onDelete: () => void }) {
  const [working, setWorking] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    setWorking(format);
    await saveWithDialog(() => chatSave(props.id, format));
    setWorking(null);
  };
  return (
    <div class="chat-main__tools">
      <Button
        size="sm"
        icon="download"
        loading={working === "markdown"}
        onClick={() => void exportAs("markdown")}
        data-testid="chat-export-md"
      >
        {t("chat.export.markdown")}
      </Button>
      <Button size="sm" icon="download" loading={working === "json"} onClick={() => void exportAs("json")} data-testid="chat-export-json">
        {t("chat.export.json")}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        icon="trash"
        aria-label={t("chat.deleteConversation")}
        title={t("chat.deleteConversation")}
        disabled={props.busy}
        onClick={props.onDelete}
        data-testid="chat-delete-conversation"
      />
    </div>
  );
}
