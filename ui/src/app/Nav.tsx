import { Icon } from "../components";
import { anyTeamSession } from "../features/team/access";
import { t } from "../i18n";
import { useApp } from "./context";
import { FOOTER_NAV, MAIN_NAV, type NavEntry } from "./screens";
import { useSessions } from "./sessions";
import { useShortcutHint } from "./shortcuts/registry";

export function Nav() {
  const { view } = useSessions();
  // "Team" appears once a Team session exists; its screen explains the rest.
  const main = anyTeamSession(view.sessions) ? MAIN_NAV : MAIN_NAV.filter((entry) => entry.id !== "team");
  return (
    <nav class="app-nav" aria-label={t("shell.navLabel")} data-testid="app-nav">
      <ul class="app-nav__list">
        {main.map((entry) => (
          <NavItem key={entry.id} entry={entry} />
        ))}
      </ul>
      <ul class="app-nav__list app-nav__list--footer">
        {FOOTER_NAV.map((entry) => (
          <NavItem key={entry.id} entry={entry} />
        ))}
      </ul>
    </nav>
  );
}

function NavItem(props: { entry: NavEntry }) {
  const { screen, navigate } = useApp();
  const current = screen === props.entry.id;
  const hint = useShortcutHint(`screen.${props.entry.id}`);
  return (
    <li>
      <button
        type="button"
        class={`app-nav__item${current ? " is-current" : ""}`}
        aria-current={current ? "page" : undefined}
        aria-keyshortcuts={hint["aria-keyshortcuts"]}
        title={`${t(props.entry.label)}${hint.suffix}`}
        data-testid={`nav-${props.entry.id}`}
        onClick={() => navigate(props.entry.id)}
      >
        <Icon name={props.entry.icon} size={18} />
        <span>{t(props.entry.label)}</span>
      </button>
    </li>
  );
}
