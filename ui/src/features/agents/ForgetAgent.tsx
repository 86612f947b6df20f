// Forgetting an agent: its snapshots, and its header values in the keychain, after asking.

import { useState } from "preact/hooks";

import { Button, Dialog } from "../../components";
import { errorMessage, t } from "../../i18n";
import { agentForget, type SavedAgent, toAppError } from "../../ipc";

export function ForgetAgent(props: { agent: SavedAgent; onForgotten: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const forget = async () => {
    setBusy(true);
    try {
      await agentForget(props.agent.id);
      setOpen(false);
      props.onForgotten();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="ghost" icon="trash" onClick={() => setOpen(true)} data-testid="agent-forget">
        {t("agents.forget")}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("agents.forget.title")}
        size="sm"
        data-testid="agent-forget-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t("agents.cancel")}
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void forget()} data-testid="agent-forget-confirm">
              {t("agents.forget")}
            </Button>
          </>
        }
      >
        <p>{t("agents.forget.body", { url: props.agent.url })}</p>
        {error != null && (
          <p class="agents__error" role="alert">
            {errorMessage(toAppError(error).code)}
          </p>
        )}
      </Dialog>
    </>
  );
}
