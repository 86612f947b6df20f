import { useApp } from "../../app/context";
import { LocaleSwitch } from "../../app/LocaleSwitch";
import { displayHost } from "../../app/platform";
import { Card, Screen, Segmented, toast } from "../../components";
import { errorMessage, t } from "../../i18n";
import { type ThemePreference, toAppError } from "../../ipc";
import { PlatformSettings } from "./PlatformSettings";
import { PresentingSettingCard } from "./PresentingSetting";
import { ReadRepliesSettingCard } from "./ReadRepliesSetting";
import { RecordingSettingCard } from "./RecordingSetting";
import { SandboxSpeedSettingCard } from "./SandboxSpeedSetting";
import { ShortcutsSettingCard } from "./ShortcutsSetting";
import { ThresholdSettingCard } from "./ThresholdSetting";
import { TraySettingCard } from "./TraySetting";

const THEMES = ["system", "light", "dark"] as const;
const THEME_ICONS = { system: "monitor", light: "sun", dark: "moon" } as const;

export function SettingsScreen() {
  const { info, changeTheme } = useApp();
  if (!info) return null;

  const onTheme = (theme: ThemePreference) => {
    changeTheme(theme).catch((err: unknown) => {
      toast({ tone: "error", title: t("settings.saveFailed.theme"), body: errorMessage(toAppError(err).code) });
    });
  };

  return (
    <Screen id="settings" title={t("settings.title")} subtitle={t("settings.subtitle")}>
      <Card title={t("settings.appearance.title")} data-testid="settings-appearance">
        <div class="setting-row">
          <div class="setting-row__text">
            <span class="setting-row__label" id="setting-language-label">
              {t("settings.language.label")}
            </span>
            <span class="setting-row__hint">{t("settings.language.hint")}</span>
          </div>
          <LocaleSwitch testId="settings-locale" labelledBy="setting-language-label" />
        </div>
        <div class="setting-row">
          <div class="setting-row__text">
            <span class="setting-row__label" id="setting-theme-label">
              {t("settings.theme.label")}
            </span>
            <span class="setting-row__hint">{t("settings.theme.hint")}</span>
          </div>
          <Segmented<ThemePreference>
            label={t("settings.theme.label")}
            labelledBy="setting-theme-label"
            value={info.theme}
            onChange={onTheme}
            data-testid="settings-theme"
            options={THEMES.map((value) => ({
              value,
              label: t(`theme.${value}`),
              icon: THEME_ICONS[value],
              "data-testid": `theme-${value}`,
            }))}
          />
        </div>
      </Card>

      <PresentingSettingCard />
      <ShortcutsSettingCard />
      <ReadRepliesSettingCard />
      <RecordingSettingCard />

      <ThresholdSettingCard />
      <TraySettingCard />

      <SandboxSpeedSettingCard platform={info.platform} />
      <PlatformSettings platform={info.platform} />

      <Card title={t("settings.about.title")} data-testid="settings-about">
        <dl class="kv">
          <div class="kv__row">
            <dt>{t("app.name")}</dt>
            <dd>{t("app.tagline")}</dd>
          </div>
          <div class="kv__row">
            <dt>{t("settings.about.version")}</dt>
            <dd class="mono" data-testid="app-version">
              {info.version}
            </dd>
          </div>
          <div class="kv__row">
            <dt>{t("settings.about.commit")}</dt>
            <dd class="mono" data-testid="app-commit">
              {info.commit}
            </dd>
          </div>
          <div class="kv__row">
            <dt>{t("settings.about.platform")}</dt>
            <dd>{info.platform.mode === "sandbox" ? t("platform.sandboxShort") : displayHost(info.platform.origin)}</dd>
          </div>
        </dl>
      </Card>
    </Screen>
  );
}
