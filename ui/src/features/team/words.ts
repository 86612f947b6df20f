// Shared words and formats of the Team screen's parts.

import { formatSentTime } from "../../format/dates";
import { type PlainKey, t } from "../../i18n";

export const ROLE_KEYS: Record<string, PlainKey> = { owner: "team.role.owner", admin: "team.role.admin", member: "team.role.member" };
export const STATUS_KEYS: Record<string, PlainKey> = { active: "team.status.active", disabled: "team.status.disabled" };

/** A known word in the person's language; an unknown one as the platform sent it. */

export function word(keys: Record<string, PlainKey>, raw: string | null): string {
  if (raw == null) return "—";
  const key = keys[raw.toLowerCase()];
  return key ? t(key) : raw;
}

/** An RFC 3339 time in the active language; text that is not one is shown as sent. */
export const when = formatSentTime;

export function yesNo(value: boolean | null): string {
  return value == null ? t("team.ent.notSent") : value ? t("team.ms.yes") : t("team.ms.no");
}
