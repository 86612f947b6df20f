import { useEffect, useState } from "preact/hooks";

import { Card, Segmented, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type PlatformInfo, type SandboxReplySpeed, sandboxReplySpeed, setSandboxReplySpeed, toAppError } from "../../ipc";

const SPEEDS = ["slow", "normal", "instant"] as const satisfies readonly SandboxReplySpeed[];

/**
 * Settings → Sandbox reply speed: how fast the built-in sandbox streams chat replies, so a
 * demo can show the text growing and Stop ending it. Only while the app runs against its
 * built-in sandbox: the core answers `null` for a real platform, a sandbox the app did not
 * start, or a replay, and the card is not there.
 */
export function SandboxSpeedSettingCard(props: { platform: PlatformInfo }) {
  const [speed, setSpeed] = useState<SandboxReplySpeed | null>(null);
  const [busy, setBusy] = useState(false);
  const { mode, origin, replay } = props.platform;

  useEffect(() => {
    let current = true;
    if (mode !== "sandbox" || replay) {
      setSpeed(null);
      return;
    }
    sandboxReplySpeed()
      .then((value) => {
        if (current) setSpeed(value);
      })
      .catch(() => {
        // Not known: no control rather than one that shows a guess.
        if (current) setSpeed(null);
      });
    return () => {
      current = false;
    };
  }, [mode, origin, replay]);

  if (speed === null) return null;

  const onChange = (next: SandboxReplySpeed) => {
    setBusy(true);
    setSandboxReplySpeed(next)
      .then(setSpeed)
      .catch((err: unknown) => {
        toast({ tone: "error", title: t("settings.sandboxSpeed.failed"), body: errorMessage(toAppError(err).code) });
      })
      .finally(() => setBusy(false));
  };

  return (
    <Card title={t("settings.sandboxSpeed.title")} data-testid="settings-sandbox-speed">
      <div class="setting-row">
        <div class="setting-row__text">
          <span class="setting-row__label" id="setting-sandbox-speed-label">
            {t("settings.sandboxSpeed.label")}
          </span>
          <span class="setting-row__hint">{t("settings.sandboxSpeed.hint")}</span>
        </div>
        <Segmented<SandboxReplySpeed>
          label={t("settings.sandboxSpeed.label")}
          labelledBy="setting-sandbox-speed-label"
          value={speed}
          onChange={onChange}
          disabled={busy}
          data-testid="settings-sandbox-speed-choice"
          options={SPEEDS.map((value) => ({
            value,
            label: t(`settings.sandboxSpeed.${value}`),
            "data-testid": `settings-sandbox-speed-${value}`,
          }))}
        />
      </div>
    </Card>
  );
}
