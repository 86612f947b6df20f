// The Teams a Personal session may sign in to, as a radio group with roving focus.

import type { RefObject } from "preact";

import { memberStatusLabel, roleLabel } from "../../app/sessions";
import { Badge, Icon } from "../../components";
import { t } from "../../i18n";
import type { TeamChoice } from "../../ipc";

export function TeamList(props: {
  teams: TeamChoice[];
  selected: string | null;
  onSelect: (teamId: string) => void;
  signedInTeamIds: ReadonlySet<string>;
  groupRef: RefObject<HTMLDivElement | null>;
}) {
  // Radio group with roving focus: arrows move and select, like native radios.
  const onKeyDown = (event: KeyboardEvent) => {
    if (props.teams.length === 0) return;
    const index = Math.max(
      0,
      props.teams.findIndex((team) => team.teamId === props.selected),
    );
    const keys: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: props.teams.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const wrapped = (next + props.teams.length) % props.teams.length;
    const team = props.teams[wrapped];
    if (!team) return;
    props.onSelect(team.teamId);
    props.groupRef.current?.querySelectorAll<HTMLElement>("[role=radio]")[wrapped]?.focus();
  };

  const focusIndex = Math.max(
    0,
    props.teams.findIndex((team) => team.teamId === props.selected),
  );

  return (
    <div
      ref={props.groupRef}
      role="radiogroup"
      aria-label={t("teamPicker.listLabel")}
      class="team-list"
      data-testid="team-list"
      onKeyDown={onKeyDown}
    >
      {props.teams.map((team, i) => {
        const checked = team.teamId === props.selected;
        const signedIn = props.signedInTeamIds.has(team.teamId);
        return (
          // biome-ignore lint/a11y/useSemanticElements: a complete WAI-ARIA radio group (roving tabindex, arrow keys in onKeyDown above, aria-checked); native radios would change the markup that the styles and tests hold to
          <button
            key={team.teamId}
            type="button"
            role="radio"
            aria-checked={checked ? "true" : "false"}
            tabIndex={i === focusIndex ? 0 : -1}
            class={`team-option${checked ? " is-selected" : ""}`}
            data-testid={`team-option-${team.teamId}`}
            data-team-id={team.teamId}
            onClick={() => props.onSelect(team.teamId)}
          >
            <span class="team-option__radio" aria-hidden="true" />
            <span class="team-option__icon" aria-hidden="true">
              <Icon name="team" size={18} />
            </span>
            <span class="team-option__text">
              <span class="team-option__name">{team.name}</span>
              <span class="team-option__id mono">{team.teamId}</span>
            </span>
            <span class="team-option__badges">
              {team.role && <Badge tone={team.role === "member" ? "neutral" : "accent"}>{roleLabel(team.role)}</Badge>}
              {team.status && team.status !== "active" && <Badge tone="warning">{team.status}</Badge>}
              {team.memberStatus && team.memberStatus !== "active" && (
                <Badge tone="warning" data-testid={`team-membership-${team.teamId}`}>
                  {t("teamPicker.membership", { status: memberStatusLabel(team.memberStatus) })}
                </Badge>
              )}
              {signedIn && (
                <Badge tone="success" icon="check">
                  {t("teamPicker.signedIn")}
                </Badge>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
