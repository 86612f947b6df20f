// The text to speak, with its character count against the configuration's limit.

import { Icon } from "../../components";
import { formatDate } from "../../format/dates";
import { formatNumber, t } from "../../i18n";
import type { ConfigCounting } from "../../ipc";

/** Characters the platform may count more than once: ideographs, kana and hangul (the core's CJK). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** What the cost is counted in, in plain words; the configuration's count of a Chinese character
 * only when the text has one and a receipt has shown it. Until then the estimate's caveat line
 * says what a Chinese character may cost ("Up to … if a Chinese character counts 2"): the hint
 * keeps its one sentence, so typing Chinese moves nothing under the pointer. */
export function countHint(counting: ConfigCounting | null | undefined, text: string): string {
  const learned = counting?.rule === "learned" && counting.learnedFrom ? Date.parse(counting.learnedFrom) : NaN;
  if (!CJK.test(text) || !counting || Number.isNaN(learned)) return t("voices.compose.countHint");
  const date = formatDate(learned);
  if (counting.cjkWeight === 1) return t("voices.compose.countHintCodePoints", { date });
  return t("voices.compose.countHintLearned", { k: formatNumber(counting.cjkWeight), date });
}

export function SpeechTextField(props: {
  id: string;
  text: string;
  /** Characters as the platform counts them (code points). */
  count: number;
  max: number;
  tooLong: boolean;
  blank: boolean;
  /** What is known of the chosen configuration's count (from its receipts). */
  counting?: ConfigCounting | null;
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
      <p class="field__hint" data-testid="tts-count-hint" data-rule={props.counting?.rule ?? ""}>
        {countHint(props.counting, props.text)}
      </p>
    </div>
  );
}
