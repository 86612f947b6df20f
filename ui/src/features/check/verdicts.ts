// The words and badges for a check and its verdict.

import type { BadgeTone } from "../../components";
import { type PlainKey, t } from "../../i18n";
import type { CheckId, CheckVerdict } from "../../ipc";

export const VERDICT_TONE: Record<CheckVerdict, BadgeTone> = { pass: "success", warn: "warning", fail: "danger", skipped: "neutral" };
export const VERDICT_ICON = { pass: "check", warn: "alert", fail: "close", skipped: "info" } as const;

export const checkName = (id: CheckId) => t(`check.id.${id}` as PlainKey);
export const verdictName = (v: CheckVerdict) => t(`check.verdict.${v}` as PlainKey);
