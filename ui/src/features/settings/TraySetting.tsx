import { useEffect, useState } from "preact/hooks";

import { Card } from "../../components";
import { t } from "../../i18n";
import { trayShown } from "../../ipc";

/**
 * Settings → Tray: whether the desktop shows the balance next to the tray icon. A desktop
 * without a tray (GNOME without its AppIndicator extension) loses nothing: the header keeps
 * every figure, and this card says so.
 */
export function TraySettingCard() {
  const [shown, setShown] = useState<boolean | null>(null);

  useEffect(() => {
    let current = true;
    trayShown()
      .then((value) => {
        if (current) setShown(value);
      })
      .catch(() => {
        // Not known: the card says nothing rather than guess.
        if (current) setShown(null);
      });
    return () => {
      current = false;
    };
  }, []);

  if (shown === null) return null;
  return (
    <Card title={t("settings.tray.title")} data-testid="settings-tray" data-shown={shown ? "true" : "false"}>
      <p class="setting-row__hint" data-testid={shown ? "settings-tray-shown" : "settings-tray-missing"}>
        {shown ? t("settings.tray.shown") : t("settings.tray.missing")}
      </p>
    </Card>
  );
}
