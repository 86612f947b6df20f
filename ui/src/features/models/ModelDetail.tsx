// One model in detail: capabilities, structured-output mode, the parameters its
// parameterSpec declares, and the entry exactly as the platform sent it.

import { useState } from "preact/hooks";

import { useApp } from "../../app/context";
import { presetModel } from "../../app/presetModel";
import { useSessions } from "../../app/sessions";
import { Badge, Button } from "../../components";
import { t } from "../../i18n";
import type { ModelEntry } from "../../ipc";
import { isDocumentedType, modeLabel, typeLabel } from "./labels";
import { ModelCapabilities } from "./ModelCapabilities";
import { ModelCompareDialog } from "./ModelCompare";
import { Parameters } from "./ModelParameters";

export function ModelDetail(props: { model: ModelEntry }) {
  const { model } = props;
  const { navigate } = useApp();
  const signedIn = useSessions().view.sessions.length;
  const [comparing, setComparing] = useState(false);
  return (
    <section class="model-detail" aria-labelledby="model-detail-title" data-testid="model-detail" data-model-code={model.modelCode}>
      <header class="model-detail__head">
        <div>
          <h2 class="model-detail__title" id="model-detail-title" tabIndex={-1}>
            {model.displayName}
          </h2>
          <p class="model-detail__code mono" data-testid="model-detail-code">
            {model.modelCode}
          </p>
        </div>
        <div class="model-detail__actions">
          {signedIn > 1 && (
            <Button icon="columns" onClick={() => setComparing(true)} data-testid="model-compare-button">
              {t("models.compare.open")}
            </Button>
          )}
          {model.chatCapable && (
            <Button
              variant="primary"
              icon="chat"
              onClick={() => {
                presetModel(model.modelCode);
                navigate("chat");
              }}
              data-testid="model-chat-button"
            >
              {t("models.chatWith")}
            </Button>
          )}
        </div>
      </header>
      {comparing && <ModelCompareDialog model={model} open={comparing} onClose={() => setComparing(false)} />}

      <dl class="kv model-detail__facts">
        <div class="kv__row">
          <dt>{t("models.detail.type")}</dt>
          <dd data-testid="model-detail-type">
            {typeLabel(model.modelType)}
            {!isDocumentedType(model.modelType) && model.modelType !== "" && (
              <span class="muted"> · {t("models.detail.typeUndocumented")}</span>
            )}
          </dd>
        </div>
        <div class="kv__row">
          <dt>{t("models.detail.structured")}</dt>
          <dd data-testid="model-detail-mode">
            {modeLabel(model.structuredOutputMode)}
            {!model.structuredOutputDeclared && <span class="muted"> · {t("models.detail.modeDefault")}</span>}
          </dd>
        </div>
        <div class="kv__row">
          <dt>{t("models.detail.schemaVersion")}</dt>
          <dd>{model.parameterSchemaVersion ?? "—"}</dd>
        </div>
      </dl>
      <ModelCapabilities model={model} />
      {model.legacySpellings && <p class="muted model-detail__note">{t("models.detail.legacy")}</p>}
      {model.outputsTextInferred && (
        <p class="muted model-detail__note" data-testid="model-output-inferred">
          {t("models.detail.outputInferred", { type: model.modelType })}
        </p>
      )}

      <h3 class="model-detail__subtitle">{t("models.params.title")}</h3>
      <Parameters model={model} />

      {model.unknownFields.length > 0 && (
        <p class="model-detail__note" data-testid="model-unknown-fields">
          {t("models.detail.unknown")}{" "}
          {model.unknownFields.map((f) => (
            <Badge key={f}>{f}</Badge>
          ))}
        </p>
      )}

      <details class="model-detail__raw" data-testid="model-raw">
        <summary>{t("models.detail.raw")}</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the raw JSON scrolls; focus is how a keyboard scrolls it (WCAG 2.1.1) */}
        <pre class="mono" data-testid="model-raw-json" tabIndex={0}>
          {model.rawJson}
        </pre>
      </details>
    </section>
  );
}
