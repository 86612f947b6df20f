import { useEffect, useRef, useState } from "preact/hooks";

import { contextName, sessionsStore, useActiveSession, useSessions } from "../../app/sessions";
import { Button, Dialog, Icon, Panel, SkeletonList, Toggle } from "../../components";
import { errorMessage, t } from "../../i18n";
import { listTeams, toAppError, type AppError, type SessionSummary, type TeamChoice } from "../../ipc";
import { PersonalFirstHint } from "./PersonalFirstHint";
import { TeamIdForm } from "./TeamIdForm";
import { TeamList } from "./TeamList";

type Teams = { status: "loading" } | { status: "ready"; teams: TeamChoice[] } | { status: "failed"; error: AppError };

/** What the core accepts as a Team id (begin_sign_in checks the same). */
function teamIdProblem(value: string): string | null {
  const id = value.trim();
  if (id.length === 0) return t("teamPicker.idRequired");
  if (id.length > 64 || Array.from(id).some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    return t("teamPicker.idInvalid");
  }
  return null;
}

/**
 * Choosing a Team to sign in to. With a Personal session the Teams come from
 * `list_teams`; without one (or when the list can't help) a Team id is typed.
 */
export function TeamPicker(props: {
  open: boolean;
  onClose: () => void;
  personal: SessionSummary | null;
  signedInTeamIds: ReadonlySet<string>;
  onSignInPersonal: () => void;
}) {
  const [teams, setTeams] = useState<Teams>({ status: "loading" });
  const [selected, setSelected] = useState<string | null>(null);
  const [typing, setTyping] = useState(false);
  const [teamId, setTeamId] = useState("");
  const [idError, setIdError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  // Off by default: signing in to a Team never changes who pays unless the person says so.
  const [makePayer, setMakePayer] = useState(false);
  const group = useRef<HTMLDivElement>(null);
  const hasPersonal = props.personal !== null;
  const payer = useActiveSession();
  const { view } = useSessions();
  // With nobody signed in, the Team pays anyway (there is no one else): no choice to offer.
  const offerPayer = view.sessions.length > 0;

  const load = async () => {
    setTeams({ status: "loading" });
    try {
      const list = await listTeams();
      setTeams({ status: "ready", teams: list });
      setSelected((prev) => (prev && list.some((team) => team.teamId === prev) ? prev : null));
      if (list.length === 0) setTyping(true);
    } catch (err) {
      setTeams({ status: "failed", error: toAppError(err) });
      setTyping(true);
    }
  };

  useEffect(() => {
    if (!props.open) return;
    setSelected(null);
    setTeamId("");
    setIdError(null);
    setMakePayer(false);
    setTyping(!hasPersonal);
    if (hasPersonal) void load();
    // Reload each time the picker opens, for the Personal session of that moment.
  }, [props.open, hasPersonal]);

  // Once the list arrives, put focus on it (the dialog opened before it loaded).
  useEffect(() => {
    if (props.open && teams.status === "ready") {
      group.current?.querySelector<HTMLElement>('[role=radio][tabindex="0"]')?.focus();
    }
  }, [props.open, teams.status]);

  const list = teams.status === "ready" ? teams.teams : [];
  const showList = hasPersonal && !typing;
  const chosen = list.find((team) => team.teamId === selected) ?? null;
  const canConfirm = showList ? chosen !== null : teamId.trim().length > 0;

  const confirm = async (event?: Event) => {
    event?.preventDefault();
    let id: string;
    let name: string | undefined;
    if (showList) {
      if (!chosen) return;
      id = chosen.teamId;
      name = chosen.name;
    } else {
      const problem = teamIdProblem(teamId);
      setIdError(problem);
      if (problem) return;
      id = teamId.trim();
    }
    setStarting(true);
    const ok = await sessionsStore.signIn({ kind: "team", teamId: id, makePayer: makePayer || !offerPayer }, name);
    setStarting(false);
    const error = sessionsStore.get().signInError;
    if (!ok && error?.code === "INVALID_INPUT" && !showList) {
      // A Team id the core refused: keep the dialog open at the field.
      sessionsStore.dismissSignInError();
      setIdError(errorMessage(error.code));
      return;
    }
    props.onClose();
  };

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t("teamPicker.title")}
      description={showList ? t("teamPicker.descriptionList") : t("teamPicker.descriptionId")}
      data-testid="team-picker"
      footer={
        <>
          <Button variant="ghost" onClick={props.onClose} data-testid="team-picker-cancel">
            {t("common.cancel")}
          </Button>
          <Button
            variant="primary"
            iconAfter="externalLink"
            loading={starting}
            disabled={!canConfirm}
            onClick={() => void confirm()}
            data-testid="team-sign-in-confirm"
          >
            {chosen && showList ? t("teamPicker.confirmNamed", { team: chosen.name }) : t("teamPicker.confirm")}
          </Button>
        </>
      }
    >
      {showList && teams.status === "loading" && <SkeletonList rows={2} data-testid="team-list-loading" />}

      {showList && teams.status === "ready" && (
        <TeamList teams={list} selected={selected} onSelect={setSelected} signedInTeamIds={props.signedInTeamIds} groupRef={group} />
      )}

      {hasPersonal && teams.status === "failed" && (
        <Panel tone="danger" class="note" role="alert" data-testid="team-list-error" data-error-code={teams.error.code}>
          <Icon name="alert" size={18} />
          <div>
            <p>{t("teamPicker.loadFailed")}</p>
            <p class="note__detail">{errorMessage(teams.error.code)}</p>
            <Button variant="secondary" size="sm" icon="refresh" class="note__action" onClick={() => void load()} data-testid="team-list-retry">
              {t("errorState.retry")}
            </Button>
          </div>
        </Panel>
      )}

      {hasPersonal && teams.status === "ready" && list.length === 0 && (
        <Panel class="note" data-testid="team-list-empty">
          <Icon name="info" size={18} />
          <p>{t("teamPicker.empty")}</p>
        </Panel>
      )}

      {!showList && (
        <TeamIdForm
          value={teamId}
          error={idError}
          signedInPersonal={hasPersonal}
          onValue={(value) => {
            setTeamId(value);
            if (idError) setIdError(null);
          }}
          onSubmit={(event) => void confirm(event)}
        />
      )}

      {offerPayer && (
        <Toggle
          checked={makePayer}
          onChange={setMakePayer}
          label={t("teamPicker.makePayer")}
          hint={payer ? t("teamPicker.makePayerHint", { who: contextName(payer) }) : t("teamPicker.makePayerNobody")}
          data-testid="team-make-payer"
        />
      )}

      {!hasPersonal && (
        <PersonalFirstHint
          onSignInPersonal={() => {
            props.onClose();
            props.onSignInPersonal();
          }}
        />
      )}

      {hasPersonal && teams.status === "ready" && list.length > 0 && (
        <button
          type="button"
          class="link-button"
          onClick={() => {
            setTyping((value) => !value);
            setIdError(null);
          }}
          data-testid="team-id-toggle"
        >
          {typing ? t("teamPicker.backToList") : t("teamPicker.enterId")}
        </button>
      )}
    </Dialog>
  );
}
