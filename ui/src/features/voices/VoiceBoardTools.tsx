// The voice board's tools: search by name or id, the Shared/Own filter, the state filter
// and the sort.

import { useCommand, useShortcutHint } from "../../app/shortcuts/registry";
import { Field, Icon, Segmented, Select, TextInput } from "../../components";
import { t } from "../../i18n";
import type { BoardQuery, Ownership, StateFilter, VoiceSort } from "./format";

export function VoiceBoardTools(props: { query: BoardQuery; onQuery: (change: (q: BoardQuery) => BoardQuery) => void }) {
  const { query } = props;
  const setQuery = props.onQuery;
  const searchHint = useShortcutHint("voices.search");
  useCommand("voices.search", () => document.querySelector<HTMLElement>("[data-testid=voice-search]")?.focus());
  const ownershipOptions = [
    { value: "all" as Ownership, label: t("voices.board.all"), "data-testid": "voice-filter-all" },
    { value: "shared" as Ownership, label: t("voices.board.shared"), "data-testid": "voice-filter-shared" },
    { value: "own" as Ownership, label: t("voices.board.own"), "data-testid": "voice-filter-own" },
  ];
  const stateOptions = [
    { value: "any" as StateFilter, label: t("voices.board.state.any") },
    { value: "active" as StateFilter, label: t("voices.board.state.active") },
    { value: "pendingActivation" as StateFilter, label: t("voices.board.state.pending") },
    { value: "expired" as StateFilter, label: t("voices.board.state.expired") },
  ];
  const sortOptions = [
    { value: "name" as VoiceSort, label: t("voices.board.sort.name") },
    { value: "nameDesc" as VoiceSort, label: t("voices.board.sort.nameDesc") },
    { value: "ownFirst" as VoiceSort, label: t("voices.board.sort.ownFirst") },
    { value: "deadline" as VoiceSort, label: t("voices.board.sort.deadline") },
  ];
  return (
    <div class="voice-board__tools">
      <Field label={t("voices.board.search")}>
        {(control) => (
          <span class="search-input">
            <Icon name="search" size={16} />
            <TextInput
              {...control}
              type="search"
              value={query.search}
              placeholder={t("voices.board.searchPlaceholder")}
              onValue={(search) => setQuery((q) => ({ ...q, search }))}
              aria-keyshortcuts={searchHint["aria-keyshortcuts"]}
              title={`${t("voices.board.search")}${searchHint.suffix}`}
              data-testid="voice-search"
            />
          </span>
        )}
      </Field>
      <div class="voice-board__filters">
        <Segmented
          label={t("voices.board.ownership")}
          size="sm"
          value={query.ownership}
          options={ownershipOptions}
          onChange={(ownership) => setQuery((q) => ({ ...q, ownership }))}
          data-testid="voice-ownership"
        />
        <Select
          aria-label={t("voices.board.stateLabel")}
          value={query.state}
          options={stateOptions}
          onValue={(state) => setQuery((q) => ({ ...q, state }))}
          data-testid="voice-state-filter"
        />
        <Select
          aria-label={t("voices.board.sortLabel")}
          value={query.sort}
          options={sortOptions}
          onValue={(sort) => setQuery((q) => ({ ...q, sort }))}
          data-testid="voice-sort"
        />
      </div>
    </div>
  );
}
