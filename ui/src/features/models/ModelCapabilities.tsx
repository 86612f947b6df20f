// What a model takes in and gives out (text, image, file / text, image, audio, video),
// each yes, no or unknown, and whether "text out" was inferred from its type.

import { Icon } from "../../components";
import { t } from "../../i18n";
import type { ModelEntry } from "../../ipc";

function Flag(props: { label: string; value: boolean | null; testid: string; inferred?: boolean }) {
  const state = props.value === null ? "unknown" : props.value ? "yes" : "no";
  return (
    <li
      class={`model-flag model-flag--${state}`}
      data-testid={props.testid}
      data-state={state}
      data-inferred={props.inferred ? "true" : undefined}
    >
      <Icon name={props.value ? "check" : props.value === null ? "info" : "close"} size={14} />
      <span>{props.label}</span>
      {props.inferred && (
        <span class="muted" data-testid={`${props.testid}-inferred`}>
          {" "}
          ({t("models.flag.inferred")})
        </span>
      )}
      <span class="sr-only">
        {state === "yes" ? t("models.flag.yes") : state === "no" ? t("models.flag.no") : t("models.flag.unknown")}
      </span>
    </li>
  );
}

export function ModelCapabilities(props: { model: ModelEntry }) {
  const { model } = props;
  return (
    <div class="model-detail__caps">
      <div>
        <h3 class="model-detail__subtitle">{t("models.detail.inputs")}</h3>
        <ul class="model-flags">
          <Flag label={t("models.flag.text")} value={model.acceptsText} testid="model-in-text" />
          <Flag label={t("models.flag.image")} value={model.acceptsImage} testid="model-in-image" />
          <Flag label={t("models.flag.file")} value={model.acceptsFile} testid="model-in-file" />
        </ul>
      </div>
      <div>
        <h3 class="model-detail__subtitle">{t("models.detail.outputs")}</h3>
        <ul class="model-flags">
          <Flag label={t("models.flag.text")} value={model.outputsText} testid="model-out-text" inferred={model.outputsTextInferred} />
          <Flag label={t("models.flag.image")} value={model.outputsImage} testid="model-out-image" />
          <Flag label={t("models.flag.audio")} value={model.outputsAudio} testid="model-out-audio" />
          <Flag label={t("models.flag.video")} value={model.outputsVideo} testid="model-out-video" />
        </ul>
      </div>
    </div>
  );
}
