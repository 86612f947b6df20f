import "./team.css";

import { useState } from "preact/hooks";

import { SignInFirst } from "../../app/SignInFirst";
import { useActiveContextKey, useActiveSession } from "../../app/sessions";
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
 * The Team of the active Team session, read from the platform's read-only Team routes:
 * who is in it, each member's quota, what the plan includes. Without `team_read` nothing
 * is asked, and the screen says why and what to do.
 */
export function TeamScreen() {
  const session = useActiveSession();
  const contextKey = useActiveContextKey();
  const [tab, setTab] = useState<Tab>("members");
  const team = session?.context.kind === "team" ? session.context : null;
  const allowed = session != null && team != null && hasTeamRead(session);
  const loaded = useLoad<TeamInformation>(() => teamInformation(), contextKey, 0, { skip: !allowed });
  const teamName = team?.teamName ?? "";

  const frame = (children: preact.ComponentChildren, actions?: preact.ComponentChildren) => (
    <Screen id="team" title={t("team.title")} subtitle={team ? t("team.subtitle", { team: teamName }) : undefined} actions={actions}>
      {children}
    </Screen>
  );

  if (!session) return frame(<SignInFirst icon="team" title={t("team.empty.title")} body={t("team.empty.body")} />);
  if (!team) return frame(<PersonalContext />);
  if (!allowed) return frame(<TeamScopeMissing team={teamName} />);

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
    <PointsScope key={contextKey}>
      <div class="team" data-testid="team-body" data-context-key={contextKey}>
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
