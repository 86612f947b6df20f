import { useState } from "preact/hooks";

import { useApp } from "../../app/context";
import { displayHost } from "../../app/platform";
import { sessionsStore, useSessions } from "../../app/sessions";
import { Badge, ErrorState, Screen, SkeletonList } from "../../components";
import { t } from "../../i18n";
import { PersonalEntitlementsSection } from "./AccountDetails";
import { AddContext } from "./AddContext";
import { Diagnostics } from "./Diagnostics";
import { HowSignInWorks } from "./HowSignInWorks";
import { SessionsSection } from "./SessionsSection";
import { SignInError } from "./SignInError";
import { SignInExpired } from "./SignInExpired";
import { SignInPending } from "./SignInPending";
import { TeamPicker } from "./TeamPicker";
import { Welcome } from "./Welcome";

/**
 * The Account screen. Signed out: what Personal and Team mean and how sign-in
 * works, with a sign-in button in each context card. While the browser is open:
 * "Continue in your browser". Signed in: one card per session (switch who pays,
 * sign out), and the context cards below to add another. Diagnostics at the end.
 */
export function AccountScreen() {
  const { info } = useApp();
  const platform = info?.platform;
  const sandbox = platform?.mode !== "configured";
  const platformName = sandbox ? t("platform.sandboxShort") : displayHost(platform?.origin ?? "");
  const state = useSessions();
  const { view } = state;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [starting, setStarting] = useState(false);

  const personal = view.sessions.find((s) => s.context.kind === "personal") ?? null;
  const teams = view.sessions.filter((s) => s.context.kind === "team");
  const teamIds = new Set(teams.map((s) => (s.context.kind === "team" ? s.context.teamId : "")));
  const signedIn = view.sessions.length > 0;
  const pending = view.signInPending;

  const signInPersonal = async () => {
    setStarting(true);
    await sessionsStore.signIn({ kind: "personal" });
    setStarting(false);
  };

  const failure = state.signInError;
  const retry =
    failure?.attempt && failure.code !== "NO_PENDING_SIGN_IN"
      ? () => {
          const attempt = failure.attempt;
          if (attempt?.purpose === "accountAccess") void sessionsStore.askAccountAccess();
          else if (attempt) void sessionsStore.signIn(attempt.request, attempt.teamName);
        }
      : null;

  const platformBadge = sandbox ? (
    <Badge tone="sandbox" icon="flask">
      {t("platform.sandboxShort")}
    </Badge>
  ) : (
    <Badge tone="accent" icon="globe">
      {displayHost(platform?.origin ?? "")}
    </Badge>
  );

  return (
    <Screen id="account" title={t("account.title")} subtitle={t("account.subtitle")}>
      {state.status === "failed" && (
        <ErrorState
          error={state.loadError}
          title={t("account.loadError")}
          onRetry={() => void sessionsStore.refresh()}
          data-testid="sessions-error"
        />
      )}

      {pending && <SignInPending attempt={state.pending} platformName={platformName} redirectUri={view.pendingRedirectUri} />}

      {!pending && view.expiredSignIn && <SignInExpired expired={view.expiredSignIn} />}

      {failure && <SignInError failure={failure} onRetry={retry} />}

      {state.status === "loading" && <SkeletonList rows={2} variant="cards" data-testid="sessions-loading" />}

      {state.status !== "loading" && signedIn && <SessionsSection view={view} platformBadge={platformBadge} />}

      {personal && <PersonalEntitlementsSection personal={personal} />}

      {state.status !== "loading" && !signedIn && !pending && (
        <Welcome platformBadge={platformBadge} sandbox={sandbox} origin={platform?.origin ?? ""} />
      )}

      <AddContext
        signedIn={signedIn}
        personal={personal}
        teams={teams}
        pending={pending}
        starting={starting}
        onSignInPersonal={() => void signInPersonal()}
        onSignInTeam={() => setPickerOpen(true)}
      />

      {!signedIn && <HowSignInWorks />}

      <Diagnostics />

      <TeamPicker
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        personal={personal}
        signedInTeamIds={teamIds}
        onSignInPersonal={() => void signInPersonal()}
      />
    </Screen>
  );
}
