// The Workflow setting that JSON replies need, and how to turn it on.

import { useEffect, useState } from "preact/hooks";

import { Button, Field, TextInput, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type ChatSettings, chatSettings, setChatWorkflowVersion, toAppError } from "../../ipc";

/** A window event that opens the options at the Team workflow version setting. */
export const OPEN_WORKFLOW_SETTING = "xiaoya:open-workflow-setting";

export function WorkflowSetting() {
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    chatSettings()
      .then((s) => {
        setSettings(s);
        setValue(s.workflowVersionId);
      })
      .catch(() => setSettings(null));
  }, []);
  if (!settings) return null;
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const next = await setChatWorkflowVersion(value);
      setSettings(next);
      setValue(next.workflowVersionId);
      toast({ tone: "success", title: t("chat.workflow.saved") });
    } catch (err) {
      setError(errorMessage(toAppError(err).code));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div class="chat-options__workflow" data-testid="chat-workflow">
      <Field
        label={t("chat.workflow.label")}
        hint={t("chat.workflow.hint", { node: settings.nodeId, fallback: settings.defaultWorkflowVersionId })}
        error={error}
      >
        {(control) => (
          <div class="chat-options__inline">
            <TextInput {...control} value={value} onValue={setValue} mono data-testid="chat-workflow-input" />
            <Button
              onClick={() => void save()}
              loading={saving}
              disabled={value === settings.workflowVersionId}
              data-testid="chat-workflow-save"
            >
              {t("chat.workflow.save")}
            </Button>
          </div>
        )}
      </Field>
    </div>
  );
}
