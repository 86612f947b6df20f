// The Team picker's state while it is open: the Teams from `list_teams` (reloaded each
// time it opens, for the Personal session of that moment), the one chosen, or the Team id
// being typed, and whether the new Team session is to pay.

import { useEffect, useRef, useState } from "preact/hooks";

import { t } from "../../i18n";
import { type AppError, listTeams, type TeamChoice, toAppError } from "../../ipc";

type Teams = { status: "loading" } | { status: "ready"; teams: TeamChoice[] } | { status: "failed"; error: AppError };

/** What the core accepts as a Team id (begin_sign_in checks the same). */
export function teamIdProblem(value: string): string | null {
  const id = value.trim();
  if (id.length === 0) return t("teamPicker.idRequired");
  if (id.length > 64 || Array.from(id).some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) {
    return t("teamPicker.idInvalid");
  }
  return null;
}

export function useTeamChoice(open: boolean, hasPersonal: boolean) {
  const [teams, setTeams] = useState<Teams>({ status: "loading" });
  const [selected, setSelected] = useState<string | null>(null);
  const [typing, setTyping] = useState(false);
  const [teamId, setTeamId] = useState("");
  const [idError, setIdError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  // Off by default: signing in to a Team never changes who pays unless the person says so.
  const [makePayer, setMakePayer] = useState(false);
  const group = useRef<HTMLDivElement>(null);

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
    if (!open) return;
    setSelected(null);
    setTeamId("");
    setIdError(null);
    setMakePayer(false);
    setTyping(!hasPersonal);
    if (hasPersonal) void load();
    // Reload each time the picker opens, for the Personal session of that moment.
  }, [open, hasPersonal]);

  // Once the list arrives, put focus on it (the dialog opened before it loaded).
  useEffect(() => {
    if (open && teams.status === "ready") {
      group.current?.querySelector<HTMLElement>('[role=radio][tabindex="0"]')?.focus();
    }
  }, [open, teams.status]);

  return {
    teams,
    selected,
    setSelected,
    typing,
    setTyping,
    teamId,
    setTeamId,
    idError,
    setIdError,
    starting,
    setStarting,
    makePayer,
    setMakePayer,
    group,
    load,
  };
}
