import "./team.css";

import { useState } from "preact/hooks";

import { SignInFirst } from "../../app/SignInFirst";
import { contextName, useActiveSession, useSessions } from "../../app/sessions";
import { useLoad } from "../../app/useLoad";
import type { TeamInformation } from "../../bindings/TeamInformation";
import { Button, EntitlementsSection, ErrorState, PointsScope, Screen, Segmented, SkeletonList, TeamReadView } from "../../components";
import { t } from "../../i18n";
import { teamInformation } from "../../ipc";
import { hasTeamRead } from "./access";
import { MembershipSection, OrdersSection, OverviewSection, PlansSection } from "./MembershipSections";
import { CreditsSection, MembersSection } from "./MembersSections";
import { PersonalContext, TeamScopeMissing } from "./TeamNotices";

type Tab = "overview" | "members" | "credits" | "entitlements" | "membership";

/**
 * A signed-in Team, read from the platform's read-only Team routes: who is in it, each
 * member's quota, what the plan includes. The Team shown is the one chosen here, else the
 * paying context when it is a Team, else the first Team signed in: looking at a Team never
 * changes who pays. Without `team_read` nothing is asked, and the screen says why and what
 * to do.
 */
export function TeamScreen() {
  const active = useActiveSession();
  const { view } = useSessions();
  const teams = view.sessions.filter((s) => s.context.kind === "team");
  const [chosenId, setChosenId] = useState<string | null>(null);
  const session = teams.find((s) => s.id === chosenId) ?? (active?.context.kind === "team" ? active : undefined) ?? teams[0] ?? null;
  const sessionKey = session?.id ?? "";
  const [tab, setTab] = useState<Tab>("members");
  const team = session?.context.kind === "team" ? session.context : null;
  const allowed = session != null && team != null && hasTeamRead(session);
  const loaded = useLoad<TeamInformation>(() => teamInformation(sessionKey), sessionKey, 0, { skip: !allowed });
  const teamName = team?.teamName ?? "";

  const frame = (children: preact.ComponentChildren, actions?: preact.ComponentChildren) => (
    <Screen id="team" title={t("team.title")} subtitle={team ? t("team.subtitle", { team: teamName }) : undefined} actions={actions}>
      {children}
    </Screen>
  );

  if (!active) return frame(<SignInFirst icon="team" title={t("team.empty.title")} body={t("team.empty.body")} />);
  if (!session || !team) return frame(<PersonalContext />);
  // Several Teams signed in: which one to look at (who pays stays as it is).
  const chooser =
    teams.length > 1 ? (
      <Segmented
        label={t("team.choose")}
        value={session.id}
        options={teams.map((s) => ({ value: s.id, label: contextName(s), "data-testid": `team-choose-${s.id}` }))}
        onChange={setChosenId}
        data-testid="team-choose"
      />
    ) : null;
  const notPaying =
    active.id !== session.id ? (
      <p class="team__payer-note" data-testid="team-not-payer">
        {t("team.notPayer", { team: teamName })}
      </p>
    ) : null;
  if (!allowed)
    return frame(
      <>
        {chooser}
        <TeamScopeMissing team={teamName} />
      </>,
    );

  const info = loaded.data;
  const retry = loaded.reload;
  const tabs: { value: Tab; label: string; "data-testid": string }[] = [
    { value: "overview", label: t("team.tab.overview"), "data-testid": "team-tab-overview" },
    { value: "members", label: t("team.tab.members"), "data-testid": "team-tab-members" },
    { value: "credits", label: t("team.tab.credits"), "data-testid": "team-tab-credits" },
    { value: "entitlements", label: t("team.tab.entitlements"), "data-testid": "team-tab-entitlements" },
    { value: "membership", label: t("team.tab.membership"), "data-testid": "team-tab-membership" },
  ];
  const isManager = session.role === "owner" || session.role === "admin";
  return frame(
    <PointsScope key={sessionKey}>
      <div class="team" data-testid="team-body" data-session={sessionKey}>
        {chooser}
        {notPaying}
        <Segmented label={t("team.tabs")} value={tab} options={tabs} onChange={setTab} data-testid="team-tabs" />
        {loaded.error && !info ? (
          <ErrorState error={loaded.error} onRetry={retry} retrying={loaded.loading} />
        ) : !info ? (
          <SkeletonList rows={4} />
        ) : (
          <div class="team__section" data-testid={`team-section-${tab}`}>
            {tab === "overview" && (
              <TeamReadView read={info.overview} testid="team-overview" onRetry={retry}>
                {(overview) => <OverviewSection overview={overview} />}
              </TeamReadView>
            )}
            {tab === "members" && (
              <TeamReadView read={info.members} testid="team-members" onRetry={retry}>
                {(members) => <MembersSection members={members} />}
              </TeamReadView>
            )}
            {tab === "credits" && (
              <TeamReadView read={info.memberCredits} testid="team-credits" onRetry={retry}>
                {(credits) => <CreditsSection credits={credits} isManager={isManager} />}
              </TeamReadView>
            )}
            {tab === "entitlements" && (
              <TeamReadView read={info.entitlements} testid="team-entitlements" onRetry={retry}>
                {(ent) => <EntitlementsSection ent={ent} />}
              </TeamReadView>
            )}
            {tab === "membership" && (
              <>
                <TeamReadView read={info.membership} testid="team-membership" onRetry={retry}>
                  {(membership) => <MembershipSection membership={membership} />}
                </TeamReadView>
                <TeamReadView read={info.orders} testid="team-orders" onRetry={retry}>
                  {(orders) => <OrdersSection orders={orders} />}
                </TeamReadView>
                <TeamReadView read={info.plans} testid="team-plans" onRetry={retry}>
                  {(plans) => <PlansSection plans={plans} />}
                </TeamReadView>
              </>
            )}
          </div>
        )}
      </div>
    </PointsScope>,
    <Button icon="refresh" loading={loaded.loading} onClick={retry} data-testid="team-refresh">
      {loaded.loading ? t("team.reading") : t("team.refresh")}
    </Button>,
  );
}
