import { useState } from "preact/hooks";

import { Button, Chip, Dialog, Skeleton } from "../components";
import { t } from "../i18n";
import type { PlatformInfo } from "../ipc";
import { useApp } from "./context";
import { displayHost } from "./platform";
import { formatDateTime } from "./time";

/**
 * Which platform the app talks to, always visible in the header. The sandbox gets a
 * loud badge so nobody mistakes simulated points for real ones; a real platform
 * shows its host. Clicking explains more and leads to the platform settings.
 */
export function PlatformLabel(props: { platform: PlatformInfo | null }) {
  const { navigate } = useApp();
  const [open, setOpen] = useState(false);
  const platform = props.platform;

  if (!platform) {
    return (
      <span class="platform-label platform-label--loading" data-testid="platform-label" data-mode="loading">
        <Skeleton width="180px" height="26px" />
        <span class="sr-only">{t("platform.loading")}</span>
      </span>
    );
  }

  const sandbox = platform.mode === "sandbox";
  const replay = platform.replay;
  // A replay says so the whole time, with the day it was recorded: nothing is real here.
  const text = replay
    ? t("platform.replayBadge", { date: formatDateTime(Date.parse(replay.recordedAt)) })
    : sandbox
      ? t("platform.sandboxBadge")
      : displayHost(platform.origin);
  // At the largest presenting type the header can't hold the whole sentence beside who pays
  // and the balance: a short form shows there (styles/shell.css), the whole one stays in the
  // tooltip, the accessible name and the dialog.
  const short = replay ? t("platform.replayShort") : sandbox ? t("platform.sandboxShort") : text;
  return (
    <>
      <Chip
        tone={sandbox ? "sandbox" : "accent"}
        icon={sandbox ? "flask" : "globe"}
        class="platform-label"
        data-testid="platform-label"
        data-mode={replay ? "replay" : platform.mode}
        aria-haspopup="dialog"
        aria-label={t("platform.labelAria", { name: text })}
        title={text}
        onClick={() => setOpen(true)}
      >
        <span class="platform-label__full">{text}</span>
        <span class="platform-label__short" aria-hidden="true">
          {short}
        </span>
      </Chip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        size="sm"
        data-testid="platform-dialog"
        title={
          replay ? t("platform.replayDialog.title") : sandbox ? t("platform.sandboxDialog.title") : t("platform.configuredDialog.title")
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              {t("common.close")}
            </Button>
            <Button
              variant="primary"
              iconAfter="arrowRight"
              data-autofocus
              onClick={() => {
                setOpen(false);
                navigate("settings");
              }}
              data-testid="platform-dialog-settings"
            >
              {t("platform.dialog.openSettings")}
            </Button>
          </>
        }
      >
        {replay ? (
          <p>{t("platform.replayDialog.body", { context: replay.context })}</p>
        ) : sandbox ? (
          <>
            <p>{t("platform.sandboxDialog.body")}</p>
            <p>{t("platform.sandboxDialog.next")}</p>
          </>
        ) : (
          <p>{t("platform.configuredDialog.body", { origin: displayHost(platform.origin) })}</p>
        )}
      </Dialog>
    </>
  );
}
