import { useId, useState } from "preact/hooks";

import { featuresFor, missingScopes } from "../../app/scopes";
import { contextName, sessionsStore } from "../../app/sessions";
import { expiryTime, formatDateTime, formatExpiresIn, useMinuteClock } from "../../app/time";
import { Button, Icon, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type SessionSummary, toAppError } from "../../ipc";
import { AskAccountAccess, hasAccountAccess } from "./AccountDetails";
import { MissingScopes } from "./MissingScopes";
import { SessionHead } from "./SessionHead";
import { SessionScopes } from "./SessionScopes";
import { SignOutDialog } from "./SignOutDialog";

/**
 * One signed-in session: who, which context, what it may do, how long it lasts,
 * and the actions "Use for charges" and "Sign out".
 */
export function SessionCard(props: { session: SessionSummary; active: boolean; others: SessionSummary[] }) {
  const { session, active } = props;
  const id = useId();
  const now = useMinuteClock();
  const [activating, setActivating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const kind = session.context.kind;
  const expiresAt = expiryTime(session);
  const unavailable = featuresFor(session)
    .map((feature) => ({ feature, missing: missingScopes(session, feature) }))
    .filter((entry) => entry.missing.length > 0);

  const activate = async () => {
    setActivating(true);
    try {
      await sessionsStore.activate(session.id);
    } catch (err) {
      toast({ tone: "error", title: t("chargedTo.switchFailed"), body: errorMessage(toAppError(err).code) });
    } finally {
      setActivating(false);
    }
  };

  const signOut = async () => {
    setSigningOut(true);
    const name = contextName(session);
    try {
      await sessionsStore.signOut(session.id);
      setConfirming(false);
      toast({ tone: "success", title: t("session.signedOut", { context: name }) });
    } catch (err) {
      toast({ tone: "error", title: t("session.signOutFailed", { context: name }), body: errorMessage(toAppError(err).code) });
    } finally {
      setSigningOut(false);
    }
  };

  // After this sign-out, the core charges the first remaining session (Personal first).
  const next = active ? props.others[0] : undefined;

  return (
    <article
      class={`session-card session-card--${kind}${active ? " is-active" : ""}`}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-context`}
      data-testid="session-card"
      data-session-id={session.id}
      data-context={kind}
      data-team-id={session.context.kind === "team" ? session.context.teamId : undefined}
      data-active={active ? "true" : "false"}
    >
      <SessionHead session={session} active={active} id={id} />

      <SessionScopes scopes={session.grantedScopes} labelId={`${id}-scopes`} />

      <p class="session-card__expiry" data-testid="session-expiry" title={formatDateTime(expiresAt)}>
        <Icon name="clock" size={15} />
        <span>{formatExpiresIn(expiresAt, now)}</span>
      </p>

      {unavailable.length > 0 && <MissingScopes unavailable={unavailable} />}

      {kind === "personal" && !hasAccountAccess(session) && <AskAccountAccess />}

      <footer class="session-card__actions">
        {!active && (
          // One clear control: a plain button that says what it does; the state is the
          // "Used for charges" badge on the card that pays, never a check mark here.
          <Button
            variant="secondary"
            size="sm"
            loading={activating}
            onClick={() => void activate()}
            data-testid="session-activate"
            aria-describedby={`${id}-context`}
          >
            {t("session.activate")}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          icon="logOut"
          onClick={() => setConfirming(true)}
          data-testid="session-sign-out"
          aria-describedby={`${id}-context`}
        >
          {t("session.signOut")}
        </Button>
      </footer>

      <SignOutDialog
        open={confirming}
        session={session}
        others={props.others}
        next={next}
        signingOut={signingOut}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void signOut()}
      />
    </article>
  );
}
