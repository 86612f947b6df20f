// The platform form's three fields: base URL, client id and redirect URI, each with its
// hint and the error the check (or the core) found in it.

import { Field, TextInput } from "../../components";
import { t } from "../../i18n";
import type { PlatformSettingsInput } from "../../ipc";
import type { PlatformField, PlatformFieldErrors } from "./validate";

/** The inputs' test ids, also how the form finds the field to focus. */
export const FIELD_IDS: Record<PlatformField, string> = {
  baseUrl: "platform-base-url",
  clientId: "platform-client-id-input",
  redirectUri: "platform-redirect-uri-input",
};

export function PlatformFields(props: {
  values: PlatformSettingsInput;
  fieldErrors: PlatformFieldErrors;
  update: (field: PlatformField) => (value: string) => void;
}) {
  const { values, fieldErrors, update } = props;
  return (
    <>
      <Field
        label={t("settings.platform.baseUrl.label")}
        hint={t("settings.platform.baseUrl.hint")}
        error={fieldErrors.baseUrl ? t(fieldErrors.baseUrl) : null}
      >
        {(control) => (
          <TextInput {...control} type="url" mono value={values.baseUrl} onValue={update("baseUrl")} data-testid={FIELD_IDS.baseUrl} />
        )}
      </Field>
      <Field
        label={t("settings.platform.clientId.label")}
        hint={t("settings.platform.clientId.hint")}
        error={fieldErrors.clientId ? t(fieldErrors.clientId) : null}
      >
        {(control) => (
          <TextInput
            {...control}
            mono
            value={values.clientId}
            onValue={update("clientId")}
            maxLength={64}
            data-testid={FIELD_IDS.clientId}
          />
        )}
      </Field>
      <Field
        label={t("settings.platform.redirectUri.label")}
        hint={t("settings.platform.redirectUri.hint")}
        error={fieldErrors.redirectUri ? t(fieldErrors.redirectUri) : null}
      >
        {(control) => (
          <TextInput {...control} mono value={values.redirectUri} onValue={update("redirectUri")} data-testid={FIELD_IDS.redirectUri} />
        )}
      </Field>
    </>
  );
}
