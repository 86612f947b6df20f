// "Delete this clip?": asked before a clip and its audio are deleted.

import { Button, Dialog } from "../../components";
import { t } from "../../i18n";

export function DeleteClipDialog(props: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onCancel}
      size="sm"
      title={t("voices.ledger.deleteTitle")}
      description={t("voices.ledger.deleteBody")}
      data-testid="delete-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={props.onCancel}>
            {t("common.cancel")}
          </Button>
          <Button variant="danger" icon="trash" onClick={props.onConfirm} data-testid="delete-confirm">
            {t("voices.ledger.delete")}
          </Button>
        </>
      }
    />
  );
}
