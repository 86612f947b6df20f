// Check platform: the documented contract run against the configured platform.

import type { BillableQuote } from "../bindings/BillableQuote";
import type { ChatExport } from "../bindings/ChatExport";
import type { CheckReport } from "../bindings/CheckReport";
import type { ReportFormat } from "../bindings/ReportFormat";
import { call } from "./commands";

export type { BillableQuote } from "../bindings/BillableQuote";
export type { CheckId } from "../bindings/CheckId";
export type { CheckItem } from "../bindings/CheckItem";
export type { CheckReport } from "../bindings/CheckReport";
export type { CheckVerdict } from "../bindings/CheckVerdict";
export type { OpenApiDifference } from "../bindings/OpenApiDifference";
export type { OpenApiDifferenceKind } from "../bindings/OpenApiDifferenceKind";
export type { ReportFormat } from "../bindings/ReportFormat";

/** The read-only checks of every signed-in context (nothing is charged). */
export function platformCheck(): Promise<CheckReport> {
  return call<CheckReport>("platform_check");
}

/** What the two billable checks would cost in the active context. */
export function platformCheckQuote(): Promise<BillableQuote> {
  return call<BillableQuote>("platform_check_quote");
}

/** Runs the billable checks; refused when the estimate changed since `confirmedSpeechTotal`. */
export function platformCheckBillable(confirmedSpeechTotal: string | null): Promise<CheckReport> {
  return call<CheckReport>("platform_check_billable", { confirmedSpeechTotal });
}

export function platformCheckExport(format: ReportFormat): Promise<ChatExport> {
  return call<ChatExport>("platform_check_export", { format });
}
