// Saves the check report to a file in one format.

import { useState } from "preact/hooks";
import { copyText } from "../../app/clipboard";
import { Button, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { platformCheckExport, toAppError, type ReportFormat } from "../../ipc";

export function ExportButton(props: { format: ReportFormat }) {
  const [working, setWorking] = useState(false);
  const save = async () => {
    setWorking(true);
    try {
      const result = await platformCheckExport(props.format);
      toast({
        tone: "success",
        title: t("check.export.done"),
        body: result.path,
        action: {
          label: t("check.export.copy"),
          "data-testid": "check-export-copy",
          onClick: () =>
            void copyText(result.text).then((ok) =>
              toast({ tone: ok ? "success" : "error", title: ok ? t("check.copied") : t("check.copyFailed") }),
            ),
        },
      });
    } catch (err) {
      toast({ tone: "error", title: t("check.export.failed"), body: errorMessage(toAppError(err).code) });
    } finally {
      setWorking(false);
    }
  };
  return (
    <Button size="sm" icon="download" loading={working} onClick={() => void save()} data-testid={`check-export-${props.format}`}>
      {props.format === "markdown" ? t("check.export.markdown") : t("check.export.json")}
    </Button>
  );
}
