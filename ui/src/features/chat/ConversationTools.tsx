// The open conversation's tools: export it, delete it.

import { useState } from "preact/hooks";
import { Button, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { chatExport, toAppError, type ExportFormat } from "../../ipc";
import { copyText } from "../../app/clipboard";

export function ConversationTools(props: { id: string; title: string; busy: boolean; onDelete: () => void }) {
  const [working, setWorking] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    setWorking(format);
    try {
      const result = await chatExport(props.id, format);
      toast({
        tone: "success",
        title: t("chat.export.done"),
        body: result.path,
        action: {
          label: t("chat.export.copy"),
          "data-testid": "chat-export-copy",
          onClick: () =>
            void copyText(result.text).then((ok) =>
              toast({ tone: ok ? "success" : "error", title: ok ? t("chat.copied") : t("chat.copyFailed") }),
            ),
        },
      });
    } catch (err) {
      toast({ tone: "error", title: t("chat.export.failed"), body: errorMessage(toAppError(err).code) });
    } finally {
      setWorking(null);
    }
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
      <Button
        size="sm"
        icon="download"
        loading={working === "json"}
        onClick={() => void exportAs("json")}
        data-testid="chat-export-json"
      >
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
