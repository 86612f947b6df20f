// The voice board of one configuration: search by name or id, filter by ownership and
// state, sort, and pick. Nothing is pre-selected. Ids are shown as data, never parsed.
import { useMemo, useState } from "preact/hooks";

import { useMinuteClock } from "../../app/time";
import { formatNumber, t } from "../../i18n";
import type { TtsConfig, Voice } from "../../ipc";
import { type BoardQuery, boardRows } from "./format";
import { VirtualListbox } from "./VirtualList";
import { VoiceBoardTools } from "./VoiceBoardTools";
import { VoiceRow, voiceUsable } from "./VoiceRow";

const ROW_HEIGHT = 68;

export function VoiceBoard(props: {
  config: TtsConfig;
  selectedVoiceId: string | null;
  compareIds: readonly string[];
  onSelect: (voice: Voice) => void;
}) {
  const now = useMinuteClock();
  const [query, setQuery] = useState<BoardQuery>({ search: "", ownership: "all", state: "any", sort: "name" });
  const rows = useMemo(() => boardRows(props.config.voices, query), [props.config.voices, query]);
  const total = props.config.voices.length;

  return (
    <div class="voice-board" data-testid="voice-board">
      <VoiceBoardTools query={query} onQuery={setQuery} />
      <p class="voice-board__count muted" aria-live="polite" data-testid="voice-count">
        {rows.length === total
          ? t("voices.board.count", { n: formatNumber(total) })
          : t("voices.board.countFiltered", { n: formatNumber(rows.length), total: formatNumber(total) })}
      </p>
      {rows.length === 0 ? (
        <p class="voice-board__empty" data-testid="voice-board-empty">
          {total === 0 ? t("voices.board.noVoices") : t("voices.board.noMatch")}
        </p>
      ) : (
        <VirtualListbox
          items={rows}
          rowHeight={ROW_HEIGHT}
          maxRows={6}
          label={t("voices.board.listLabel", { config: props.config.displayName })}
          idPrefix={`voice-${props.config.ttsConfigId.replace(/[^a-zA-Z0-9_-]/g, "_")}`}
          getKey={(v) => v.voiceId}
          isDisabled={(v) => !voiceUsable(v, now)}
          selectedKey={props.selectedVoiceId}
          onSelect={props.onSelect}
          resetKey={`${props.config.ttsConfigId}|${query.search}|${query.ownership}|${query.state}|${query.sort}`}
          class="voice-board__list"
          data-testid="voice-list"
          renderRow={(voice, flags) => (
            <VoiceRow voice={voice} now={now} selected={flags.selected} comparing={props.compareIds.includes(voice.voiceId)} />
          )}
        />
      )}
    </div>
  );
}
