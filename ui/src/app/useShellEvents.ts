// The shell's part of the core's events: a platform switch updates the app info, a
// sign-in is toasted and focus moves to it (signInFocus.ts), and a failed one is toasted
// with a way to the Account screen (which shows the full explanation itself). The
// sessions store starts here too.

import { type Dispatch, type StateUpdater, useEffect } from "preact/hooks";

import { toast } from "../components";
import { errorMessage, t } from "../i18n";
import { type AppEvent, type AppInfo, onAppEvent } from "../ipc";
import type { ScreenId } from "./screens";
import { contextLabel, sessionsStore } from "./sessions";
import { focusAfterSignIn } from "./signInFocus";

export function useShellEvents(
  screenRef: { current: ScreenId },
  navigate: (next: ScreenId) => void,
  setInfo: Dispatch<StateUpdater<AppInfo | null>>,
) {
  // Sessions load alongside app_info; the store follows the core's events from here on.
  useEffect(() => sessionsStore.start(), []);

  useEffect(
    () =>
      onAppEvent((event: AppEvent) => {
        switch (event.type) {
          case "platformChanged":
            setInfo((prev) => (prev ? { ...prev, platform: event.platform } : prev));
            break;
          case "signedIn":
            toast({
              tone: "success",
              title: t("signIn.done", { context: contextLabel(event.session) }),
              body: t("signIn.doneBody", { name: event.session.displayName }),
            });
            focusAfterSignIn(event.session.id);
            break;
          case "signInFailed":
            // The Account screen shows the full explanation; elsewhere, point to it.
            if (screenRef.current !== "account") {
              toast({
                tone: "error",
                title: t("signIn.failedToast"),
                body: errorMessage(event.error.code),
                action: { label: t("common.goToAccount"), onClick: () => navigate("account"), "data-testid": "toast-go-account" },
              });
            }
            break;
          case "platformBusy":
            // The read waits by itself; say why the screen is still loading.
            toast({ tone: "info", title: t("busy.title"), body: t("busy.readingAgainIn", { secs: event.waitSecs }) });
            break;
          default:
            // sessionsChanged is handled by the sessions store.
            break;
        }
      }),
    // navigate is stable.
    [],
  );
}
