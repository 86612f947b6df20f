// The Check screen's runs: the one shown, and the kept runs of this account on this
// platform (the core keeps every run in its database). Coming back to the screen shows the
// newest kept run again; any other can be reopened; a new run is kept and shown.

import { useCallback, useEffect, useState } from "preact/hooks";

import { type CheckReport, type CheckRunSummary, platformCheck, platformCheckRun, platformCheckRuns } from "../../ipc";

export type Run =
  | { status: "idle" }
  | { status: "running" }
  | { status: "ready"; report: CheckReport }
  | { status: "failed"; error: unknown };

export function useCheckRuns(contextKey: string) {
  const [run, setRun] = useState<Run>({ status: "idle" });
  const [runs, setRuns] = useState<CheckRunSummary[]>([]);

  const listRuns = useCallback(async () => {
    try {
      const kept = await platformCheckRuns();
      setRuns(kept);
      return kept;
    } catch {
      return [];
    }
  }, []);

  const open = useCallback(async (runId: string) => {
    try {
      setRun({ status: "ready", report: await platformCheckRun(runId) });
    } catch (error) {
      setRun({ status: "failed", error });
    }
  }, []);

  // Another account has its own runs: show its newest, if any.
  useEffect(() => {
    let current = true;
    setRun({ status: "idle" });
    void listRuns().then((kept) => {
      if (current && kept[0]) void open(kept[0].runId);
    });
    return () => {
      current = false;
    };
  }, [contextKey, listRuns, open]);

  const start = async () => {
    setRun({ status: "running" });
    try {
      setRun({ status: "ready", report: await platformCheck() });
    } catch (error) {
      setRun({ status: "failed", error });
    }
    void listRuns();
  };

  /** A report the billable checks changed (or started): shown, and the list follows. */
  const replace = (report: CheckReport) => {
    setRun({ status: "ready", report });
    void listRuns();
  };

  return { run, runs, start, open, replace };
}
