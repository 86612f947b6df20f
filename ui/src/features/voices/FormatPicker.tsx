// The output format of a request (MP3, WAV, …), one of the configuration's formats.

import { Segmented } from "../../components";
import { t } from "../../i18n";

export function FormatPicker(props: { id: string; formats: readonly string[]; value: string; onChange: (format: string) => void }) {
  const { id } = props;
  return (
    <div class="composer__format">
      <span class="field__label" id={`${id}-format`}>
        {t("voices.compose.format")}
      </span>
      <Segmented
        label={t("voices.compose.format")}
        labelledBy={`${id}-format`}
        size="sm"
        value={props.value}
        options={props.formats.map((f) => ({ value: f, label: f.toUpperCase(), "data-testid": `format-${f}` }))}
        onChange={props.onChange}
        data-testid="tts-format"
      />
    </div>
  );
}
