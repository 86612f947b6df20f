// Signing in to a Team by its id, when the list can't offer it.

import { Field, TextInput } from "../../components";
import { t } from "../../i18n";

export function TeamIdForm(props: {
  value: string;
  error: string | null;
  /** A Personal session exists (the hint then says why the id is asked for). */
  signedInPersonal: boolean;
  onValue: (value: string) => void;
  onSubmit: (event: Event) => void;
}) {
  return (
    <form id="team-id-form" class="form" onSubmit={props.onSubmit} noValidate>
      <Field label={t("teamPicker.idLabel")} hint={props.signedInPersonal ? t("teamPicker.idHintSignedIn") : undefined} error={props.error}>
        {(control) => (
          <TextInput
            {...control}
            mono
            value={props.value}
            onValue={props.onValue}
            placeholder={t("teamPicker.idPlaceholder")}
            maxLength={64}
            data-autofocus
            data-testid="team-id-input"
          />
        )}
      </Field>
    </form>
  );
}
