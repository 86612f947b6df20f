import { changePresenting, usePresenting } from "../../app/presenting";
import { Card, Segmented, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { toAppError } from "../../ipc";

const SCALES = ["125", "150"] as const;

/** The presenter type size; the switch itself is the header's (it asks before turning off). */
export function PresentingSettingCard() {
  const presenting = usePresenting();
  const onScale = (scale: (typeof SCALES)[number]) => {
    changePresenting({ on: presenting.on, scale: Number(scale) }).catch((err: unknown) => {
      toast({ tone: "error", title: t("presenting.saveFailed"), body: errorMessage(toAppError(err).code) });
    });
  };
  return (
    <Card title={t("presenting.settingsTitle")} data-testid="settings-presenting">
      <div class="setting-row">
        <div class="setting-row__text">
          <span class="setting-row__label" id="setting-presenting-scale-label">
            {t("presenting.scaleLabel")}
          </span>
          <span class="setting-row__hint">{t("presenting.settingsHint")}</span>
        </div>
        <Segmented
          label={t("presenting.scaleLabel")}
          labelledBy="setting-presenting-scale-label"
          value={String(presenting.scale) as (typeof SCALES)[number]}
          onChange={onScale}
          data-testid="settings-presenting-scale"
          options={SCALES.map((value) => ({ value, label: `${value}%`, "data-testid": `presenting-scale-${value}` }))}
        />
      </div>
    </Card>
  );
}
