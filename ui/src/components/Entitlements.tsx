// Entitlements, Team or Personal (one reader in the core, one view here): storage in human
// units, the member limit and plan features (Team) or bring-your-own-key (Personal),
// sources with their dates ("no end date" for a null end), and every other field as sent.

import type { EntitlementSource } from "../bindings/EntitlementSource";
import type { TeamEntitlements } from "../bindings/TeamEntitlements";
import { formatByteCount, formatBytes } from "../format/bytes";
import { formatSentTime as when } from "../format/dates";
import { t } from "../i18n";
import { Badge } from "./Badge";
import { Card } from "./Card";
import { PlainFields } from "./PlatformRead";

/** Whose entitlements: names the test ids (`team-ent-…`, `personal-ent-…`) and which rows show. */
export type EntitlementsOf = "team" | "personal";

function Bytes(props: { value: number | null; testid: string }) {
  if (props.value == null) return <span data-testid={props.testid}>{t("team.ent.notSent")}</span>;
  return (
    <span data-testid={props.testid} title={formatByteCount(props.value)}>
      {formatBytes(props.value)}
    </span>
  );
}

function Source(props: { source: EntitlementSource; of: EntitlementsOf }) {
  const s = props.source;
  const ends = s.endsAt != null ? when(s.endsAt) : s.openEnded ? t("team.ent.noEnd") : t("team.ent.notSent");
  return (
    <li class="team-source" data-testid={`${props.of}-source`} data-open-ended={s.openEnded ? "true" : "false"}>
      <dl class="meta-list">
        <dt>{t("team.ent.starts")}</dt>
        <dd>{s.startsAt != null ? when(s.startsAt) : t("team.ent.notSent")}</dd>
        <dt>{t("team.ent.ends")}</dt>
        <dd data-testid={`${props.of}-source-ends`}>{ends}</dd>
      </dl>
      <PlainFields fields={s.other} />
    </li>
  );
}

function TeamRows(props: { ent: TeamEntitlements }) {
  const e = props.ent;
  return (
    <>
      <dt>{t("team.ent.memberLimit")}</dt>
      <dd data-testid="team-ent-member-limit">{e.memberLimit ?? t("team.ent.notSent")}</dd>
      <dt>{t("team.ent.features")}</dt>
      <dd data-testid="team-ent-features">
        {e.planFeatures.length === 0 && e.planFeatureFields.length === 0
          ? t("team.ent.noFeatures")
          : e.planFeatures.map((f) => (
              <Badge key={f} tone="neutral">
                <span class="mono">{f}</span>
              </Badge>
            ))}
        <PlainFields fields={e.planFeatureFields} />
      </dd>
    </>
  );
}

export function EntitlementsSection(props: { ent: TeamEntitlements; of?: EntitlementsOf }) {
  const e = props.ent;
  const of = props.of ?? "team";
  const personal = of === "personal";
  return (
    <Card
      title={t(personal ? "team.ent.personalTitle" : "team.ent.title")}
      description={t(personal ? "team.ent.personalBody" : "team.ent.body")}
      data-testid={`${of}-entitlements-card`}
    >
      <dl class="meta-list team-facts">
        <dt>{t("team.ent.account")}</dt>
        <dd class="mono">{[e.accountType, e.accountId].filter(Boolean).join(" · ") || t("team.ent.notSent")}</dd>
        <dt>{t("team.ent.maxFile")}</dt>
        <dd>
          <Bytes value={e.maxFileBytes} testid={`${of}-ent-max-file`} />
        </dd>
        <dt>{t("team.ent.total")}</dt>
        <dd>
          <Bytes value={e.totalBytes} testid={`${of}-ent-total`} />
        </dd>
        {personal ? (
          <>
            <dt>{t("team.ent.byok")}</dt>
            <dd data-testid="personal-ent-byok" data-byok={String(e.byok)}>
              {e.byok == null ? t("team.ent.notSent") : e.byok ? t("team.ent.byokYes") : t("team.ent.byokNo")}
            </dd>
          </>
        ) : (
          <TeamRows ent={e} />
        )}
      </dl>
      <p class="team-plain__title">{t("team.ent.sources")}</p>
      <ul class="team-sources">
        {e.sources.map((s, i) => (
          <Source key={i} source={s} of={of} />
        ))}
      </ul>
      <PlainFields fields={e.other} title={t("team.plain.title")} />
    </Card>
  );
}
