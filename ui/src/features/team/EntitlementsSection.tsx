// Entitlements: storage in human units, member limit, plan features, sources with dates.

import type { EntitlementSource } from "../../bindings/EntitlementSource";
import type { TeamEntitlements } from "../../bindings/TeamEntitlements";
import { Badge, Card } from "../../components";
import { formatByteCount, formatBytes } from "../../format/bytes";
import { t } from "../../i18n";
import { PlainFields } from "./TeamRead";
import { when } from "./words";

function Bytes(props: { value: number | null; testid: string }) {
  if (props.value == null) return <span data-testid={props.testid}>{t("team.ent.notSent")}</span>;
  return (
    <span data-testid={props.testid} title={formatByteCount(props.value)}>
      {formatBytes(props.value)}
    </span>
  );
}

function Source(props: { source: EntitlementSource }) {
  const s = props.source;
  const ends = s.endsAt != null ? when(s.endsAt) : s.openEnded ? t("team.ent.noEnd") : t("team.ent.notSent");
  return (
    <li class="team-source" data-testid="team-source" data-open-ended={s.openEnded ? "true" : "false"}>
      <dl class="meta-list">
        <dt>{t("team.ent.starts")}</dt>
        <dd>{s.startsAt != null ? when(s.startsAt) : t("team.ent.notSent")}</dd>
        <dt>{t("team.ent.ends")}</dt>
        <dd data-testid="team-source-ends">{ends}</dd>
      </dl>
      <PlainFields fields={s.other} />
    </li>
  );
}

export function EntitlementsSection(props: { ent: TeamEntitlements }) {
  const e = props.ent;
  return (
    <Card title={t("team.ent.title")} description={t("team.ent.body")} data-testid="team-entitlements-card">
      <dl class="meta-list team-facts">
        <dt>{t("team.ent.account")}</dt>
        <dd class="mono">{[e.accountType, e.accountId].filter(Boolean).join(" · ") || t("team.ent.notSent")}</dd>
        <dt>{t("team.ent.maxFile")}</dt>
        <dd>
          <Bytes value={e.maxFileBytes} testid="team-ent-max-file" />
        </dd>
        <dt>{t("team.ent.total")}</dt>
        <dd>
          <Bytes value={e.totalBytes} testid="team-ent-total" />
        </dd>
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
      </dl>
      <p class="team-plain__title">{t("team.ent.sources")}</p>
      <ul class="team-sources">
        {e.sources.map((s, i) => (
          <Source key={i} source={s} />
        ))}
      </ul>
      <PlainFields fields={e.other} title={t("team.plain.title")} />
    </Card>
  );
}
