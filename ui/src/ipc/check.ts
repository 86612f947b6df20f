// Check platform: the documented contract run against the configured platform.
// The wrappers are generated from the command registry (`generated.ts`).

export {
  platformCheck,
  platformCheckBillable,
  platformCheckQuote,
  platformCheckRun,
  platformCheckRuns,
  platformCheckSave,
} from "./generated";
