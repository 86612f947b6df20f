// The Ctrl+K palette: the registry's commands that can run now, filtered by their names
// in both languages (and their keys). A combobox over a listbox: arrows move the active
// option (aria-activedescendant), Enter runs it, Esc closes and focus goes back.

import { useId, useMemo, useState } from "preact/hooks";

import { Dialog } from "../../components";
import { getLocale, t } from "../../i18n";
import { COMMANDS, type CommandDef, type CommandId } from "./commands";
import { Keys } from "./Keys";
import { commandLabel, commandState, liveKeys } from "./registry";
import { paletteMatches } from "./search";

export function CommandPalette(props: { onClose: () => void; onRun: (id: CommandId) => void }) {
  const listId = useId();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const lang = getLocale();
  // What can run is read once, when the palette opens (the app behind it is inert).
  const available = useMemo<CommandDef[]>(() => COMMANDS.filter((c) => c.id !== "palette" && commandState(c.id) !== "off"), []);
  const shown = available.filter((def) => paletteMatches(def, query));
  const index = Math.min(active, Math.max(0, shown.length - 1));
  const optionId = (def: CommandDef) => `${listId}-${def.id.replace(/\W/g, "-")}`;
  const current = shown[index];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || event.keyCode === 229) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (shown.length > 0) setActive((index + step + shown.length) % shown.length);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      setActive(event.key === "Home" ? 0 : shown.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (current) props.onRun(current.id);
    }
  };

  return (
    <Dialog open onClose={props.onClose} title={t("shortcuts.palette.title")} size="md" data-testid="command-palette">
      <input
        class="input palette__input"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(current) : undefined}
        aria-label={t("shortcuts.palette.label")}
        placeholder={t("shortcuts.palette.placeholder")}
        value={query}
        onInput={(event) => {
          setQuery(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-autofocus
        data-testid="palette-input"
      />
      <p class="sr-only" role="status">
        {shown.length > 0 ? t("shortcuts.palette.results", { n: shown.length }) : t("shortcuts.palette.empty")}
      </p>
      <div class="palette__list" id={listId} role="listbox" aria-label={t("shortcuts.palette.title")} data-testid="palette-list">
        {shown.map((def, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: an aria-activedescendant listbox (APG): the combobox keeps focus and its keys move and run; options take no focus
          <div
            key={def.id}
            id={optionId(def)}
            role="option"
            aria-selected={i === index ? "true" : "false"}
            class={`palette__option${i === index ? " is-active" : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => i !== index && setActive(i)}
            onClick={() => props.onRun(def.id)}
            data-testid={`palette-${def.id}`}
          >
            <span class="palette__label">{commandLabel(def, lang)}</span>
            <Keys keys={liveKeys(def)} />
          </div>
        ))}
      </div>
      {shown.length === 0 && (
        <p class="muted palette__empty" data-testid="palette-empty">
          {t("shortcuts.palette.empty")}
        </p>
      )}
    </Dialog>
  );
}
