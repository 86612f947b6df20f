// The text to speak, with its character count against the configuration's limit.

import { Icon } from "../../components";
import { formatNumber, t } from "../../i18n";

export function SpeechTextField(props: {
  id: string;
  text: string;
  /** Characters as the platform counts them (code points). */
  count: number;
  max: number;
  tooLong: boolean;
  blank: boolean;
  onText: (text: string) => void;
}) {
  return (
    <div class={`field${props.tooLong || props.blank ? " has-error" : ""}`}>
      <div class="composer__label-row">
        <label class="field__label" for={props.id}>
          {t("voices.compose.text")}
        </label>
        <span
          class={`composer__counter${props.tooLong ? " is-over" : ""}`}
          id={`${props.id}-count`}
          aria-live="polite"
          data-testid="tts-counter"
          data-count={props.count}
        >
          {t("voices.compose.counter", { n: formatNumber(props.count), max: formatNumber(props.max) })}
        </span>
      </div>
      <textarea
        id={props.id}
        class="input composer__text"
        rows={5}
        value={props.text}
        placeholder={t("voices.compose.placeholder")}
        aria-describedby={`${props.id}-count`}
        aria-invalid={props.tooLong || props.blank ? "true" : undefined}
        onInput={(event) => props.onText(event.currentTarget.value)}
        data-testid="tts-input"
      />
      {props.tooLong && (
        <p class="field__error" data-testid="tts-input-error">
          <Icon name="alert" size={14} />
          <span>{t("voices.compose.tooLong", { max: formatNumber(props.max) })}</span>
        </p>
      )}
      {props.blank && (
        <p class="field__error" data-testid="tts-input-error">
          <Icon name="alert" size={14} />
          <span>{t("voices.compose.blank")}</span>
        </p>
      )}
      <p class="field__hint">{t("voices.compose.countHint")}</p>
    </div>
  );
}
