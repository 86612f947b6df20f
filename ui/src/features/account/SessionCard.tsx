import { useId, useState } from "preact/hooks";

import { FEATURE_LABELS, featuresFor, missingScopes, scopeDescriptionKey } from "../../app/scopes";
import { contextLabel, contextName, roleLabel, sessionsStore } from "../../app/sessions";
import { expiryTime, formatDateTime, formatExpiresIn, useMinuteClock } from "../../app/time";
import { Badge, Button, Dialog, Icon, Panel, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { toAppError, type SessionSummary } from "../../ipc";

/** The first letter of a name for the avatar (no remote images: the CSP allows none). */
function initial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : "?";
}

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
      data-active={active ? "true" : "false"}
    >
      <header class="session-card__head">
        <span class={`avatar avatar--${kind}`} aria-hidden="true">
          {initial(session.displayName)}
        </span>
        <div class="session-card__who">
          <h3 class="session-card__name" id={`${id}-name`} data-testid="session-name">
            {session.displayName}
          </h3>
          <p class="session-card__context" id={`${id}-context`} data-testid="session-context">
            <Icon name={kind === "team" ? "team" : "user"} size={15} />
            <span>{kind === "team" ? contextName(session) : t("context.personal")}</span>
            {session.role && (
              <Badge tone={session.role === "member" ? "neutral" : "accent"} data-testid="session-role">
                {roleLabel(session.role)}
              </Badge>
            )}
          </p>
        </div>
        {active && (
          <Badge tone="success" icon="checkCircle" data-testid="session-active">
            {t("session.chargedHere")}
          </Badge>
        )}
      </header>

      <div class="session-card__section">
        <span class="session-card__label" id={`${id}-scopes`}>
          {t("session.scopes")}
        </span>
        <ul class="scope-list" aria-labelledby={`${id}-scopes`} data-testid="session-scopes">
          {session.grantedScopes.length === 0 && <li class="scope-list__none">{t("session.noScopes")}</li>}
          {session.grantedScopes.map((scope) => {
            const key = scopeDescriptionKey(scope);
            return (
              <li key={scope} class="scope-chip" data-scope={scope} title={key ? t(key) : undefined}>
                <span class="mono">{scope}</span>
                {key && <span class="sr-only">{t(key)}</span>}
              </li>
            );
          })}
        </ul>
      </div>

      <p class="session-card__expiry" data-testid="session-expiry" title={formatDateTime(expiresAt)}>
        <Icon name="clock" size={15} />
        <span>{formatExpiresIn(expiresAt, now)}</span>
      </p>

      {unavailable.length > 0 && (
        <Panel tone="warning" class="session-card__missing" data-testid="session-missing-scopes">
          <ul>
            {unavailable.map(({ feature, missing }) => (
              <li key={feature} data-feature={feature}>
                <Icon name="lock" size={14} />
                <span>
                  {t("session.unavailable", { feature: t(FEATURE_LABELS[feature]), scope: missing.join(", ") })}
                </span>
              </li>
            ))}
          </ul>
          <p class="session-card__missing-hint">{t("session.unavailableHint")}</p>
        </Panel>
      )}

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

      <Dialog
        open={confirming}
        onClose={() => {
          if (!signingOut) setConfirming(false);
        }}
        size="sm"
        title={t("session.signOutTitle", { context: contextName(session) })}
        data-testid="sign-out-dialog"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={signingOut} data-autofocus data-testid="sign-out-cancel">
              {t("common.cancel")}
            </Button>
            <Button variant="danger" icon="logOut" loading={signingOut} onClick={() => void signOut()} data-testid="sign-out-confirm">
              {t("session.signOutConfirm", { context: contextName(session) })}
            </Button>
          </>
        }
      >
        <p>{t("session.signOutBody", { context: contextName(session), name: session.displayName })}</p>
        <p>
          {props.others.length === 0
            ? t("session.signOutLast")
            : next
              ? t("session.signOutMoves", { context: contextLabel(next) })
              : t("session.signOutOthers")}
        </p>
      </Dialog>
    </article>
  );
}
