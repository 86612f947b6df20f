// One voice on the board: its name (the raw id in the tooltip), language, why it can't be
// used or what its first use charges, and its Shared/Own and Compare badges. StateFlag and
// PendingNote are shown again for the selected voice (SelectedVoice.tsx).

import { formatDuration } from "../../app/time";
import { Badge, Icon } from "../../components";
import { formatPoints } from "../../format/points";
import { type PlainKey, t } from "../../i18n";
import type { Voice } from "../../ipc";
import { shortDate } from "./format";

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

export function VoiceRow(props: { voice: Voice; now: number; selected: boolean; comparing: boolean }) {
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
