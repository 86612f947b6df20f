// Custom headers for an agent: a name and a value each. The value field is a password field:
// it is typed here, sent once to the keychain, and never shown again.

import { useId } from "preact/hooks";

import { Button, TextInput } from "../../components";
import { t } from "../../i18n";

export interface HeaderDraft {
  name: string;
  value: string;
}

export function HeaderRows(props: { headers: HeaderDraft[]; onChange: (headers: HeaderDraft[]) => void }) {
  const id = useId();
  const change = (i: number, patch: Partial<HeaderDraft>) =>
    props.onChange(props.headers.map((h, j) => (j === i ? { ...h, ...patch } : h)));
  return (
    <fieldset class="agents__headers" data-testid="agent-headers">
      <legend class="field__label">{t("agents.add.headers")}</legend>
      <p class="field__hint">{t("agents.add.headersHint")}</p>
      {props.headers.map((header, i) => (
        <div class="agents__header-row" key={i} data-testid="agent-header-row">
          <label class="sr-only" for={`${id}-name-${i}`}>
            {t("agents.add.headerName")}
          </label>
          <TextInput
            id={`${id}-name-${i}`}
            mono
            value={header.name}
            onValue={(name) => change(i, { name })}
            placeholder="X-Api-Key"
            data-testid="agent-header-name"
          />
          <label class="sr-only" for={`${id}-value-${i}`}>
            {t("agents.add.headerValue")}
          </label>
          <input
            id={`${id}-value-${i}`}
            class="input mono"
            type="password"
            autocomplete="off"
            spellcheck={false}
            value={header.value}
            placeholder={t("agents.add.headerValue")}
            onInput={(event) => change(i, { value: event.currentTarget.value })}
            data-testid="agent-header-value"
          />
          <Button
            size="sm"
            variant="ghost"
            icon="trash"
            aria-label={t("agents.add.removeHeader")}
            title={t("agents.add.removeHeader")}
            onClick={() => props.onChange(props.headers.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        size="sm"
        icon="key"
        onClick={() => props.onChange([...props.headers, { name: "", value: "" }])}
        data-testid="agent-add-header"
      >
        {t("agents.add.addHeader")}
      </Button>
    </fieldset>
  );
}
