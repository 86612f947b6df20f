import { useRef, useState } from "preact/hooks";

import { useApp } from "../../app/context";
import { displayHost } from "../../app/platform";
import { Button, Card, toast } from "../../components";
import { t } from "../../i18n";
import { type AppError, type PlatformInfo, type PlatformSettingsInput, setPlatform, switchToSandbox, toAppError } from "../../ipc";
import { CurrentPlatform } from "./CurrentPlatform";
import { FIELD_IDS, PlatformFields } from "./PlatformFields";
import { PlatformFormError } from "./PlatformFormError";
import { SandboxSwitch } from "./SandboxSwitch";
import { isPlatformField, type PlatformField, type PlatformFieldErrors, validatePlatform } from "./validate";

const DEFAULT_BASE_URL = "https://claw.zhenhuiai.com";
const DEFAULT_REDIRECT_URI = "xiaoya-companion://oauth/callback";

/** Settings → Platform: what the app is bound to now, and a form to change it. */
export function PlatformSettings(props: { platform: PlatformInfo }) {
  const { platform } = props;
  const { platformChanged } = useApp();
  const configured = platform.mode === "configured";

  const [values, setValues] = useState<PlatformSettingsInput>(() => ({
    baseUrl: configured ? platform.origin : DEFAULT_BASE_URL,
    clientId: configured ? platform.clientId : "",
    redirectUri: configured ? platform.redirectUri : DEFAULT_REDIRECT_URI,
  }));
  const [fieldErrors, setFieldErrors] = useState<PlatformFieldErrors>({});
  const [formError, setFormError] = useState<AppError | null>(null);
  const [saving, setSaving] = useState(false);
  const [switching, setSwitching] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const update = (field: PlatformField) => (value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const focusField = (field: PlatformField) => {
    form.current?.querySelector<HTMLElement>(`[data-testid="${FIELD_IDS[field]}"]`)?.focus();
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setFormError(null);
    const errors = validatePlatform(values);
    setFieldErrors(errors);
    const firstInvalid = (Object.keys(FIELD_IDS) as PlatformField[]).find((f) => errors[f]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    setSaving(true);
    try {
      const input: PlatformSettingsInput = {
        baseUrl: values.baseUrl.trim(),
        clientId: values.clientId.trim(),
        redirectUri: values.redirectUri.trim(),
      };
      const next = await setPlatform(input);
      platformChanged(next);
      toast({ tone: "success", title: t("settings.platform.saved", { origin: displayHost(next.origin) }) });
    } catch (err) {
      const error = toAppError(err);
      // The core names the field when it can; otherwise the whole form is at fault.
      if (error.code === "INVALID_INPUT" && isPlatformField(error.field)) {
        setFieldErrors({ [error.field]: "error.INVALID_INPUT" });
        focusField(error.field);
      }
      setFormError(error);
    } finally {
      setSaving(false);
    }
  };

  const onUseSandbox = async () => {
    setFormError(null);
    setSwitching(true);
    try {
      const next = await switchToSandbox();
      platformChanged(next);
      toast({ tone: "success", title: t("settings.platform.sandboxOn") });
    } catch (err) {
      setFormError(toAppError(err));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Card title={t("settings.platform.title")} description={t("settings.platform.description")} data-testid="settings-platform">
      <CurrentPlatform platform={platform} />

      <div class="divider" role="presentation" />

      <form ref={form} class="form" onSubmit={onSubmit} noValidate data-testid="platform-form" aria-labelledby="platform-form-title">
        <div class="form__intro">
          <h3 id="platform-form-title" class="form__title">
            {t("settings.platform.form.title")}
          </h3>
          <p class="form__description">{t("settings.platform.form.description")}</p>
        </div>

        {formError && <PlatformFormError error={formError} />}

        <PlatformFields values={values} fieldErrors={fieldErrors} update={update} />

        <div class="form__actions">
          <Button type="submit" variant="primary" loading={saving} disabled={switching} data-testid="platform-save">
            {t("settings.platform.save")}
          </Button>
        </div>
      </form>

      <div class="divider" role="presentation" />

      <SandboxSwitch switching={switching} saving={saving} onUseSandbox={() => void onUseSandbox()} />
    </Card>
  );
}
