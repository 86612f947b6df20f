import { useEffect, useState } from "preact/hooks";

import { Button, Chip, Dialog, toast } from "../components";
import { errorMessage, t } from "../i18n";
import { toAppError } from "../ipc";
import { changePresenting, presentingState, usePresenting } from "./presenting";

/** The shortcut, as `aria-keyshortcuts` writes it and as people read it. */
export const PRESENTING_SHORTCUT = { aria: "Control+Shift+P", label: "Ctrl+Shift+P" } as const;

function failed(error: unknown) {
  toast({ tone: "error", title: t("presenting.saveFailed"), body: errorMessage(toAppError(error).code) });
}

/** Whether a key event is the Presenting shortcut, and not typing into an input method. */
export function isPresentingShortcut(event: KeyboardEvent): boolean {
  return event.ctrlKey && event.shiftKey && !event.altKey && !event.metaKey && !event.isComposing && event.key.toLowerCase() === "p";
}

/**
 * The header's switch. Off: "Present" turns it on at once. On: a badge that stays in the
 * header the whole time; pressing it (or the shortcut) asks before turning it off.
 */
export function PresentingSwitch() {
  const presenting = usePresenting();
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPresentingShortcut(event)) return;
      event.preventDefault();
      if (presentingState.get().on) setAsking(true);
      else changePresenting({ on: true }).catch(failed);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const stop = () => {
    setAsking(false);
    changePresenting({ on: false }).catch(failed);
  };

  return (
    <>
      {presenting.on ? (
        <Chip
          tone="warning"
          icon="monitor"
          class="presenting-badge"
          onClick={() => setAsking(true)}
          aria-keyshortcuts={PRESENTING_SHORTCUT.aria}
          title={t("presenting.badgeHint", { shortcut: PRESENTING_SHORTCUT.label })}
          data-testid="presenting-badge"
        >
          {t("presenting.badge", { scale: String(presenting.scale) })}
        </Chip>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          icon="monitor"
          onClick={() => changePresenting({ on: true }).catch(failed)}
          aria-keyshortcuts={PRESENTING_SHORTCUT.aria}
          title={t("presenting.switchHint", { shortcut: PRESENTING_SHORTCUT.label })}
          data-testid="presenting-on"
        >
          {t("presenting.switch")}
        </Button>
      )}
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t("presenting.offTitle")}
        description={t("presenting.offBody")}
        size="sm"
        data-testid="presenting-off-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={stop} data-testid="presenting-off-confirm">
              {t("presenting.offConfirm")}
            </Button>
            <Button variant="primary" onClick={() => setAsking(false)} data-testid="presenting-off-keep" data-autofocus>
              {t("presenting.offKeep")}
            </Button>
          </>
        }
      />
    </>
  );
}
