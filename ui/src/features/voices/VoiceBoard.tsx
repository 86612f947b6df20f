// The voice board of one configuration: search by name or id, filter by ownership and
// state, sort, and pick. Nothing is pre-selected. Ids are shown as data, never parsed.

import { useMemo, useState } from "preact/hooks";

import { useMinuteClock, formatDuration } from "../../app/time";
import { Badge, Field, Icon, Segmented, Select, TextInput } from "../../components";
import { formatNumber, t, type PlainKey } from "../../i18n";
import type { TtsConfig, Voice } from "../../ipc";
import { formatPoints } from "../balances";
import { boardRows, shortDate, type BoardQuery, type Ownership, type StateFilter, type VoiceSort } from "./format";
import { VirtualListbox } from "./VirtualList";

const ROW_HEIGHT = 68;

const UNUSABLE: Record<string, PlainKey> = {
  expired: "voices.voice.reason.expired",
  deadlinePassed: "voices.voice.reason.deadlinePassed",
};

/** "State 'PREVIEW' not recognised — the platform decides": a state this version doesn't
 *  know is shown as sent and the voice stays selectable. */
export function StateFlag(props: { voice: Voice }) {
  if (props.voice.state !== "other") return null;
  const text = t("voices.voice.stateUnrecognised", { state: props.voice.stateRaw });
  return (
    <span class="voice-row__flag" data-testid="voice-state-unrecognised" data-state={props.voice.stateRaw} title={text}>
      <Icon name="info" size={13} />
      <span class="voice-row__flag-text">{text}</span>
    </span>
  );
}

/** "First use charges 30 points · use before 3 Dec (3 d 22 h left)". */
export function PendingNote(props: { voice: Voice; now: number; compact?: boolean }) {
  const { voice } = props;
  if (voice.state !== "pendingActivation") return null;
  const deadline = voice.expiresAt ? Date.parse(voice.expiresAt) : NaN;
  const left = Number.isFinite(deadline) ? deadline - props.now : null;
  const points = voice.activationPoints ? formatPoints(voice.activationPoints) : null;
  const full = [
    points ? t("voices.voice.firstUse", { points }) : t("voices.voice.firstUseNoPrice"),
    voice.expiresAt ? t("voices.voice.useBefore", { date: shortDate(voice.expiresAt) }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  const countdown = left !== null && left > 0 && (
    <span class="voice-row__countdown" data-testid="voice-countdown">
      {" "}
      {t("voices.voice.left", { time: formatDuration(left) })}
    </span>
  );
  if (props.compact) {
    return (
      <span class="voice-row__pending" data-testid="voice-pending" title={full}>
        {points ? t("voices.voice.firstUseShort", { points }) : t("voices.voice.firstUseNoPrice")}
        {voice.expiresAt && ` · ${t("voices.voice.by", { date: shortDate(voice.expiresAt) })}`}
        {countdown}
      </span>
    );
  }
  return (
    <span class="voice-row__pending" data-testid="voice-pending">
      {full}
      {countdown}
    </span>
  );
}

/** Usable by the platform's state and, for a pending clone, by the deadline on this clock. */
export function voiceUsable(voice: Voice, now: number): boolean {
  if (!voice.usable) return false;
  if (voice.state === "pendingActivation" && voice.expiresAt) {
    const deadline = Date.parse(voice.expiresAt);
    if (Number.isFinite(deadline) && deadline <= now) return false;
  }
  return true;
}

function reason(voice: Voice, now: number): string | null {
  if (voice.unusableReason) return t(UNUSABLE[voice.unusableReason] ?? "voices.voice.reason.deadlinePassed");
  return voiceUsable(voice, now) ? null : t("voices.voice.reason.deadlinePassed");
}

function VoiceRow(props: { voice: Voice; now: number; selected: boolean; comparing: boolean }) {
  const { voice, now } = props;
  const why = reason(voice, now);
  return (
    <div class="voice-row" data-testid="voice-option" data-voice-id={voice.voiceId} data-usable={why ? "false" : "true"}>
      <span class="voice-row__check" aria-hidden="true">
        {props.selected && <Icon name="check" size={16} />}
      </span>
      <span class="voice-row__main">
        {/* The name in plain words; the raw voice id (a tester's fact) is in the tooltip. */}
        <span class="voice-row__title" title={voice.voiceId} data-testid="voice-name">
          {voice.displayName}
        </span>
        {voice.language && <span class="voice-row__id voice-row__lang">{voice.language}</span>}
        <span class="voice-row__meta">
          {why ? (
            <span class="voice-row__reason" data-testid="voice-unusable">
              <Icon name="alert" size={13} />
              {why}
            </span>
          ) : voice.state === "other" ? (
            <StateFlag voice={voice} />
          ) : (
            <PendingNote voice={voice} now={now} compact />
          )}
        </span>
      </span>
      <span class="voice-row__badges">
        {props.comparing && (
          <Badge tone="accent" icon="columns">
            {t("voices.compare.badge")}
          </Badge>
        )}
        <Badge tone={voice.shared ? "neutral" : "accent"}>{voice.shared ? t("voices.voice.shared") : t("voices.voice.own")}</Badge>
      </span>
    </div>
  );
}

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
    <div class="voice-board" data-testid="voice-board">
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
