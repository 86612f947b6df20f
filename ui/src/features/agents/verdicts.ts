// The words and badges of a rule's verdict and of a snapshot change.

import type { BadgeTone } from "../../components";
import { type PlainKey, t } from "../../i18n";
import type { ChangeKind, RuleVerdict } from "../../ipc";

export const VERDICT_TONE: Record<RuleVerdict, BadgeTone> = { pass: "success", warn: "warning", fail: "danger" };
export const VERDICT_ICON = { pass: "check", warn: "alert", fail: "close" } as const;

export const verdictName = (v: RuleVerdict) => t(`agents.verdict.${v}` as PlainKey);
export const changeName = (c: ChangeKind) => t(`agents.change.${c}` as PlainKey);
