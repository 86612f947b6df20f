// One model side by side in every signed-in context (Personal and each Team): the core
// reads each context's catalog with that context's own session and says which facts
// differ; this only lays the answer out. Nothing is charged; who pays does not change.

import { useLoad } from "../../app/useLoad";
import { Button, Dialog, ErrorState, Icon } from "../../components";
import { t } from "../../i18n";
import { type ModelComparison, type ModelEntry, modelsCompare } from "../../ipc";
import { Table } from "./CompareTable";
import { FIELD_LABEL } from "./compareFacts";

type Load = { status: "loading" } | { status: "failed"; error: unknown } | { status: "ready"; data: ModelComparison };

export function ModelCompareDialog(props: { model: ModelEntry; open: boolean; onClose: () => void }) {
  // Read afresh each time the dialog opens.
  const compared = useLoad<ModelComparison>(() => modelsCompare(props.model.modelCode), `${props.open}|${props.model.modelCode}`, 0, {
    skip: !props.open,
  });
  const load: Load = compared.loading
    ? { status: "loading" }
    : compared.error
      ? { status: "failed", error: compared.error }
      : compared.data
        ? { status: "ready", data: compared.data }
        : { status: "loading" };

  const summary =
    load.status === "ready"
      ? load.data.differs.length === 0
        ? t("models.compare.same")
        : t("models.compare.differs", { fields: load.data.differs.map((f) => FIELD_LABEL[f]()).join(", ") })
      : null;

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      size="lg"
      title={t("models.compare.title", { name: props.model.displayName })}
      description={t("models.compare.description")}
      footer={
        <Button onClick={props.onClose} data-testid="compare-close">
          {t("models.compare.close")}
        </Button>
      }
      data-testid="model-compare"
    >
      {load.status === "loading" && (
        <p class="muted" role="status" data-testid="compare-loading">
          {t("models.compare.loading")}
        </p>
      )}
      {load.status === "failed" && (
        <ErrorState error={load.error} title={t("models.compare.failed")} onRetry={compared.reload} data-testid="compare-error" />
      )}
      {load.status === "ready" && (
        <>
          <p
            class={load.data.differs.length === 0 ? "compare-summary" : "compare-summary compare-summary--differs"}
            role="status"
            data-testid="compare-summary"
          >
            <Icon name={load.data.differs.length === 0 ? "check" : "info"} size={16} />
            {summary}
          </p>
          <Table data={load.data} />
        </>
      )}
    </Dialog>
  );
}
