import { useState } from "preact/hooks";

import { Button, Chip, Dialog, toast } from "../components";
import { errorMessage, t } from "../i18n";
import { toAppError } from "../ipc";
import { changePresenting, presentingState, usePresenting } from "./presenting";
import { useCommand, useShortcutHint } from "./shortcuts/registry";

function failed(error: unknown) {
  toast({ tone: "error", title: t("presenting.saveFailed"), body: errorMessage(toAppError(error).code) });
}

/**
 * The header's switch. Off: "Present" turns it on at once. On: a badge that stays in the
 * header the whole time; pressing it (or the shortcut) asks before turning it off.
 */
export function PresentingSwitch() {
  const presenting = usePresenting();
  const [asking, setAsking] = useState(false);

  const hint = useShortcutHint("presenting.toggle");
  const shortcut = hint.keys;
  // The shortcut takes the same way as the switch: on at once, off asks first.
  useCommand("presenting.toggle", () => {
    if (presentingState.get().on) setAsking(true);
    else changePresenting({ on: true }).catch(failed);
  });

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
          aria-keyshortcuts={hint["aria-keyshortcuts"]}
          title={t("presenting.badgeHint", { shortcut })}
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
          aria-keyshortcuts={hint["aria-keyshortcuts"]}
          title={t("presenting.switchHint", { shortcut })}
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
