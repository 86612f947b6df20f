// Adding an endpoint: its URL and optional custom headers (an API key). Values go to the core,
// which keeps them in the OS keychain; the form forgets them once saved.

import { useState } from "preact/hooks";

import { Button, Card, Field, Panel, TextInput } from "../../components";
import { errorMessage, t } from "../../i18n";
import { agentSave, type SavedAgent, toAppError } from "../../ipc";
import { endpointNote } from "./endpoint";
import { type HeaderDraft, HeaderRows } from "./HeaderRows";

export function AddAgentCard(props: { onSaved: (agent: SavedAgent) => void }) {
  const [url, setUrl] = useState("");
  const [headers, setHeaders] = useState<HeaderDraft[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const note = endpointNote(url);
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const input = {
        url: url.trim(),
        headers: headers.filter((h) => h.name.trim() !== "").map((h) => ({ name: h.name.trim(), value: h.value })),
      };
      const saved = await agentSave(input);
      setUrl("");
      setHeaders([]);
      props.onSaved(saved);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const failure = error == null ? null : toAppError(error);
  return (
    <Card title={t("agents.add.title")} description={t("agents.add.body")} data-testid="agent-add">
      <form class="agents__form" onSubmit={(event) => void save(event)}>
        <Field label={t("agents.add.url")} hint={t("agents.add.urlHint")} required>
          {(control) => (
            <TextInput
              {...control}
              type="url"
              mono
              value={url}
              onValue={setUrl}
              placeholder="https://agent.example.com/mcp"
              data-testid="agent-url"
            />
          )}
        </Field>
        {note && (
          <Panel tone={note === "loopbackHttp" ? "warning" : "danger"} role="status" data-testid="agent-url-note" data-note={note}>
            {t(`agents.add.note.${note}`)}
          </Panel>
        )}
        <HeaderRows headers={headers} onChange={setHeaders} />
        {failure && (
          <p class="agents__error" role="alert" data-testid="agent-add-error" data-error-code={failure.code}>
            {errorMessage(failure.code)} <span class="agents__detail">{failure.detail}</span>
          </p>
        )}
        <div class="agents__actions">
          <Button type="submit" variant="primary" icon="plus" loading={busy} disabled={url.trim() === ""} data-testid="agent-save">
            {t("agents.add.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}
