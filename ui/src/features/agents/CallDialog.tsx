// The call dialog: the form generated from the tool's inputSchema, the confirmation a tool
// that is not read-only needs, and the result as the envelope with the call's rules.

import { Button, Dialog, ErrorState, Panel } from "../../components";
import { t } from "../../i18n";
import type { ToolReview } from "../../ipc";
import { CallResult } from "./CallResult";
import { ConfirmCall } from "./ConfirmCall";
import { ProblemList } from "./formProblems";
import { SchemaField } from "./SchemaField";
import { asSchema, fieldPaths } from "./schemaForm";
import { useToolCall } from "./useToolCall";

export function CallDialog(props: { agentId: string; tool: ToolReview; definition: unknown; onClose: () => void }) {
  const inputSchema = asSchema(asSchema(props.definition).inputSchema);
  const c = useToolCall(props.agentId, props.tool, inputSchema);
  const step = c.step;
  const formShown = step.kind === "form" || step.kind === "checking";
  const footer = formShown ? (
    <>
      <Button variant="ghost" onClick={props.onClose}>
        {t("agents.cancel")}
      </Button>
      <Button
        variant="primary"
        icon="play"
        loading={step.kind === "checking"}
        onClick={() => void c.submit()}
        data-testid="agent-call-send"
      >
        {props.tool.call.needsConfirmation ? t("agents.call.next") : t("agents.call.send")}
      </Button>
    </>
  ) : step.kind === "confirm" || step.kind === "calling" ? (
    <>
      <Button variant="ghost" onClick={c.back} disabled={step.kind === "calling"}>
        {t("agents.call.back")}
      </Button>
      <Button
        variant={props.tool.call.destructive ? "danger" : "primary"}
        loading={step.kind === "calling"}
        onClick={c.confirm}
        data-testid="agent-call-confirm"
      >
        {t("agents.call.confirm", { tool: props.tool.name })}
      </Button>
    </>
  ) : (
    <>
      <Button variant="ghost" onClick={c.back} data-testid="agent-call-again">
        {t("agents.call.again")}
      </Button>
      <Button variant="primary" onClick={props.onClose} data-testid="agent-call-close">
        {t("agents.call.close")}
      </Button>
    </>
  );
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={t("agents.call.title", { tool: props.tool.name })}
      size="lg"
      footer={footer}
      data-testid="agent-call-dialog"
    >
      {formShown && (
        <form
          class="agents__call-form"
          data-testid="agent-call-form"
          onSubmit={(event) => {
            event.preventDefault();
            void c.submit();
          }}
        >
          <ProblemList local={c.local} problems={c.problems} path="" fields={fieldPaths(inputSchema, c.value)} />
          <SchemaField
            schema={inputSchema}
            name=""
            path=""
            required
            value={c.value}
            onValue={c.setValue}
            local={c.local}
            problems={c.problems}
          />
        </form>
      )}
      {(step.kind === "confirm" || step.kind === "calling") && <ConfirmCall call={props.tool.call} />}
      {step.kind === "failed" && <ErrorState error={step.error} title={t("agents.call.failed")} />}
      {step.kind === "done" && step.report.reachability !== "reviewed" && (
        <Panel tone="danger" role="alert" data-testid="agent-call-unreachable">
          {t(`agents.reach.${step.report.reachability}`)} {step.report.unreachableReason ?? ""}
        </Panel>
      )}
      {step.kind === "done" && step.report.calls[0] && <CallResult call={step.report.calls[0]} />}
    </Dialog>
  );
}
