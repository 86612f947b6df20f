// Calling one tool from its form: read the form, let the core check the arguments against
// the inputSchema, ask first for a tool that is not read-only (its price, whether it is
// destructive), then call. Nothing is sent while a problem is left.

import { useState } from "preact/hooks";

import { type AgentReport, type ArgumentProblem, agentCall, agentCheckArguments, type JsonValue, type ToolReview } from "../../ipc";
import { type FormValue, initialValue, type LocalProblem, type Schema, toArguments } from "./schemaForm";

export type CallStep =
  | { kind: "form" }
  | { kind: "checking" }
  | { kind: "confirm"; args: Record<string, unknown> }
  | { kind: "calling" }
  | { kind: "done"; report: AgentReport }
  | { kind: "failed"; error: unknown };

export function useToolCall(agentId: string, tool: ToolReview, inputSchema: Schema) {
  const [value, setValue] = useState<FormValue>(() => initialValue(inputSchema));
  const [step, setStep] = useState<CallStep>({ kind: "form" });
  const [local, setLocal] = useState<LocalProblem[]>([]);
  const [problems, setProblems] = useState<ArgumentProblem[]>([]);

  const send = async (args: Record<string, unknown>, confirmed: boolean) => {
    setStep({ kind: "calling" });
    try {
      setStep({ kind: "done", report: await agentCall(agentId, { tool: tool.name, arguments: args, confirmed }) });
    } catch (error) {
      setStep({ kind: "failed", error });
    }
  };

  const submit = async () => {
    const read = toArguments(inputSchema, value);
    setLocal(read.problems);
    setProblems([]);
    if (read.problems.length > 0) return;
    setStep({ kind: "checking" });
    try {
      const found = await agentCheckArguments(agentId, tool.name, read.args as JsonValue);
      if (found.length > 0) {
        setProblems(found);
        setStep({ kind: "form" });
        return;
      }
    } catch (error) {
      setStep({ kind: "failed", error });
      return;
    }
    if (tool.call.needsConfirmation) setStep({ kind: "confirm", args: read.args });
    else await send(read.args, false);
  };

  const confirm = () => {
    if (step.kind === "confirm") void send(step.args, true);
  };
  const back = () => setStep({ kind: "form" });
  return { value, setValue, step, local, problems, submit, confirm, back };
}
