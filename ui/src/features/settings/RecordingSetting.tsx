import { useEffect, useState } from "preact/hooks";

import { formatDateTime } from "../../app/time";
import { Button, Card, Segmented, Toggle, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import {
  type CassetteSummary,
  cassetteRecordStart,
  cassetteRecordStop,
  cassetteReplay,
  cassetteSave,
  cassetteState,
  toAppError,
} from "../../ipc";

const SPEEDS = ["0.5", "1", "1.5", "2"] as const;

function failed(err: unknown) {
  toast({ tone: "error", title: t("recording.failed"), body: errorMessage(toAppError(err).code) });
}

function summaryText(summary: CassetteSummary): string {
  return t("recording.stopped", {
    count: summary.exchanges,
    context: summary.context,
    date: formatDateTime(Date.parse(summary.recordedAt)),
  });
}

/**
 * Recorded demos: the Record switch (what the app exchanges with the platform in the active
 * context goes into one cassette), saving it, and replaying one through the built-in sandbox.
 * The header then says "Replay — recorded <date>, no real points" (PlatformLabel).
 */
export function RecordingSettingCard() {
  const [recording, setRecording] = useState(false);
  const [last, setLast] = useState<CassetteSummary | undefined>(undefined);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>("1");
  // Busy until the core says whether it is recording: a click before that would read the
  // switch's default (off) and start a recording that is already running instead of stopping it.
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    cassetteState()
      .then((state) => {
        setRecording(state.recording);
        setLast(state.last);
      })
      .catch(failed)
      .finally(() => setBusy(false));
  }, []);

  const onRecord = (on: boolean) => {
    setBusy(true);
    const done = () => setBusy(false);
    if (on) {
      cassetteRecordStart()
        .then((state) => setRecording(state.recording))
        .catch(failed)
        .finally(done);
    } else {
      cassetteRecordStop()
        .then((summary) => {
          setRecording(false);
          setLast(summary);
        })
        .catch(failed)
        .finally(done);
    }
  };

  const onSave = () => {
    cassetteSave()
      .then((saved) => {
        if (saved) toast({ tone: "success", title: t("recording.saved"), body: saved.path });
      })
      .catch(failed);
  };

  const onReplay = () => {
    cassetteReplay(Number(speed))
      .then((platform) => {
        if (platform?.replay) {
          const date = formatDateTime(Date.parse(platform.replay.recordedAt));
          toast({ tone: "success", title: t("recording.replaying", { date }) });
        }
      })
      .catch(failed);
  };

  return (
    <Card title={t("recording.title")} data-testid="settings-recording">
      <Toggle
        checked={recording}
        onChange={onRecord}
        disabled={busy}
        label={t("recording.switch")}
        hint={recording ? t("recording.on") : t("recording.hint")}
        data-testid="recording-switch"
      />
      {last && !recording ? (
        <div class="setting-row">
          <span class="setting-row__hint" data-testid="recording-summary">
            {summaryText(last)}
          </span>
          <Button variant="secondary" onClick={onSave} data-testid="recording-save">
            {t("recording.save")}
          </Button>
        </div>
      ) : null}
      <div class="setting-row">
        <div class="setting-row__text">
          <span class="setting-row__label" id="setting-recording-speed-label">
            {t("recording.speed")}
          </span>
        </div>
        <Segmented
          label={t("recording.speed")}
          labelledBy="setting-recording-speed-label"
          value={speed}
          onChange={setSpeed}
          data-testid="recording-speed"
          options={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
        />
        <Button variant="secondary" onClick={onReplay} disabled={recording} data-testid="recording-replay">
          {t("recording.replay")}
        </Button>
      </div>
    </Card>
  );
}
