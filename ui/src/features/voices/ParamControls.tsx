// The two kinds of speech-parameter control: a range slider and a choice.

import { useId } from "preact/hooks";

import { Icon, Select } from "../../components";
import { t } from "../../i18n";

export function Range(props: {
  label: string;
  value: number | undefined;
  fallback: number;
  min: number;
  max: number;
  step: number;
  format: (v: number) => string;
  onValue: (v: number | undefined) => void;
  testid: string;
}) {
  const id = useId();
  const shown = props.value ?? props.fallback;
  return (
    <div class="param">
      <div class="param__head">
        <label class="field__label" for={id}>
          {props.label}
        </label>
        <span class="param__value" data-testid={`${props.testid}-value`}>
          {props.value === undefined ? t("voices.params.defaultIs", { value: props.format(props.fallback) }) : props.format(props.value)}
        </span>
        {props.value !== undefined && (
          <button
            type="button"
            class="link-button param__reset"
            aria-label={t("voices.params.resetOne", { name: props.label })}
            onClick={() => props.onValue(undefined)}
          >
            <Icon name="close" size={13} />
          </button>
        )}
      </div>
      <input
        id={id}
        type="range"
        class="range"
        min={props.min}
        max={props.max}
        step={props.step}
        value={shown}
        aria-valuetext={props.value === undefined ? t("voices.params.default") : props.format(props.value)}
        onInput={(event) => props.onValue(Number(event.currentTarget.value))}
        data-testid={props.testid}
      />
    </div>
  );
}

export function Choice(props: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onValue: (v: string) => void;
  testid: string;
}) {
  const id = useId();
  return (
    <div class="param">
      <label class="field__label" for={id}>
        {props.label}
      </label>
      <Select
        id={id}
        value={props.value}
        options={[{ value: "", label: t("voices.params.default") }, ...props.options]}
        onValue={props.onValue}
        data-testid={props.testid}
      />
    </div>
  );
}
