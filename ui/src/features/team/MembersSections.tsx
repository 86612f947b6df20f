// Members (search by name) and each member's quota, with exact decimals.

import { useState } from "preact/hooks";

import type { TeamMember } from "../../bindings/TeamMember";
import type { TeamMemberCredits } from "../../bindings/TeamMemberCredits";
import { Badge, Card, PlainFields, TextInput, usePoints } from "../../components";
import { t } from "../../i18n";
import { ROLE_KEYS, STATUS_KEYS, word } from "./words";

export function MembersSection(props: { members: readonly TeamMember[] }) {
  const [query, setQuery] = useState("");
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? props.members.filter((m) => (m.name ?? "").toLocaleLowerCase().includes(needle)) : props.members;
  return (
    <Card
      title={t("team.members.title")}
      description={t("team.members.count", { n: props.members.length })}
      actions={
        <TextInput
          type="search"
          value={query}
          onValue={setQuery}
          placeholder={t("team.members.search")}
          aria-label={t("team.members.search")}
          data-testid="team-members-search"
        />
      }
      data-testid="team-members-card"
    >
      {props.members.length === 0 ? (
        <p>{t("team.members.none")}</p>
      ) : shown.length === 0 ? (
        <p data-testid="team-members-no-match">{t("team.members.noMatch", { query })}</p>
      ) : (
        <table class="team-table" data-testid="team-members-table">
          <thead>
            <tr>
              <th scope="col">{t("team.members.name")}</th>
              <th scope="col">{t("team.members.role")}</th>
              <th scope="col">{t("team.members.status")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m, i) => (
              <tr key={m.memberId ?? `row-${i}`} data-testid="team-member-row" data-member-id={m.memberId ?? ""}>
                <td>
                  <span data-testid="team-member-name">{m.name ?? m.memberId ?? "—"}</span>
                  <PlainFields fields={m.other} />
                </td>
                <td data-testid="team-member-role">{word(ROLE_KEYS, m.role)}</td>
                <td>
                  <Badge tone={m.status?.toLowerCase() === "active" ? "success" : "neutral"}>{word(STATUS_KEYS, m.status)}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export function CreditsSection(props: { credits: TeamMemberCredits; isManager: boolean }) {
  const amounts = props.credits.members.flatMap((m) => [m.quotaLimit, m.quotaUsed, m.quotaRemaining]);
  const points = usePoints(amounts);
  const amount = (text: string | null, none: string) => (text == null ? none : points(text));
  return (
    <Card title={t("team.credits.title")} description={t("team.credits.body")} data-testid="team-credits-card">
      {props.credits.members.length === 0 ? (
        <p>{t("team.credits.none")}</p>
      ) : (
        <table class="team-table" data-testid="team-credits-table">
          <thead>
            <tr>
              <th scope="col">{t("team.members.name")}</th>
              <th scope="col" class="num">
                {t("team.credits.quota")}
              </th>
              <th scope="col" class="num">
                {t("team.credits.used")}
              </th>
              <th scope="col" class="num">
                {t("team.credits.remaining")}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.credits.members.map((m, i) => (
              <tr key={m.memberId ?? `row-${i}`} data-testid="team-credit-row" data-member-id={m.memberId ?? ""}>
                <td>
                  {m.name ?? m.memberId ?? "—"}
                  <PlainFields fields={m.other} />
                </td>
                <td class="num mono" data-testid="team-credit-quota">
                  {amount(m.quotaLimit, t("team.credits.noLimit"))}
                </td>
                <td class="num mono" data-testid="team-credit-used">
                  {amount(m.quotaUsed, "—")}
                </td>
                <td class="num mono" data-testid="team-credit-remaining">
                  {amount(m.quotaRemaining, "—")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!props.isManager && props.credits.members.length === 1 && <p class="note__detail">{t("team.credits.onlyYou")}</p>}
      <PlainFields fields={props.credits.other} title={t("team.plain.title")} />
    </Card>
  );
}
