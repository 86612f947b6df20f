import { sessionsStore, useActiveSession, useSessions } from "../../app/sessions";
import { Dialog, SkeletonList } from "../../components";
import { errorMessage, t } from "../../i18n";
import type { SessionSummary } from "../../ipc";
import { PayerToggle } from "./PayerToggle";
import { PersonalFirstHint } from "./PersonalFirstHint";
import { TeamIdForm } from "./TeamIdForm";
import { TeamList } from "./TeamList";
import { TeamListEmpty, TeamListError } from "./TeamListNotes";
import { TeamPickerFooter } from "./TeamPickerFooter";
import { teamIdProblem, useTeamChoice } from "./useTeamChoice";

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
  const hasPersonal = props.personal !== null;
  const payer = useActiveSession();
  const { view } = useSessions();
  // With nobody signed in, the Team pays anyway (there is no one else): no choice to offer.
  const offerPayer = view.sessions.length > 0;
  const choice = useTeamChoice(props.open, hasPersonal);
  const { teams, selected, setSelected, typing, setTyping, teamId, setTeamId, idError, setIdError } = choice;
  const { starting, setStarting, makePayer, setMakePayer, group, load } = choice;

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
        <TeamPickerFooter
          team={showList ? (chosen?.name ?? null) : null}
          starting={starting}
          canConfirm={canConfirm}
          onCancel={props.onClose}
          onConfirm={() => void confirm()}
        />
      }
    >
      {showList && teams.status === "loading" && <SkeletonList rows={2} data-testid="team-list-loading" />}

      {showList && teams.status === "ready" && (
        <TeamList teams={list} selected={selected} onSelect={setSelected} signedInTeamIds={props.signedInTeamIds} groupRef={group} />
      )}

      {hasPersonal && teams.status === "failed" && <TeamListError error={teams.error} onRetry={() => void load()} />}

      {hasPersonal && teams.status === "ready" && list.length === 0 && <TeamListEmpty />}

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

      {offerPayer && <PayerToggle checked={makePayer} onChange={setMakePayer} payer={payer} />}

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
