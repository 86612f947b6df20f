// Check platform: the documented contract run against the configured platform.
// The wrappers are generated from the command registry (`generated.ts`).

export type { BillableCharged } from "../bindings/BillableCharged";
export type { BillableQuote } from "../bindings/BillableQuote";
export type { CheckId } from "../bindings/CheckId";
export type { CheckItem } from "../bindings/CheckItem";
export type { CheckReport } from "../bindings/CheckReport";
export type { CheckRunSummary } from "../bindings/CheckRunSummary";
export type { CheckVerdict } from "../bindings/CheckVerdict";
export type { OpenApiDifference } from "../bindings/OpenApiDifference";
export type { OpenApiDifferenceKind } from "../bindings/OpenApiDifferenceKind";
export type { ReportFormat } from "../bindings/ReportFormat";
export {
  platformCheck,
  platformCheckBillable,
  platformCheckQuote,
  platformCheckRun,
  platformCheckRuns,
  platformCheckSave,
} from "./generated";
