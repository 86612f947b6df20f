import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";

import { Announcer, ErrorState, SkeletonList, ToastRegion, toastsBelongTo } from "../components";
import { t, useLocale } from "../i18n";
import { CurrentScreen } from "./CurrentScreen";
import { AppContext, type AppContextValue } from "./context";
import { DatabaseNotice } from "./DatabaseNotice";
import { Header } from "./Header";
import { Nav } from "./Nav";
import { SessionNotices } from "./SessionNotices";
import type { ScreenId } from "./screens";
import { ShortcutLayer } from "./shortcuts/ShortcutLayer";
import { useAppInfo } from "./useAppInfo";
import { useShellEvents } from "./useShellEvents";

export function App() {
  // Subscribing here re-renders the whole tree when the language changes.
  useLocale();
  const { info, setInfo, boot, load, platformChanged, changeTheme } = useAppInfo();
  const [screen, setScreen] = useState<ScreenId>(() => {
    toastsBelongTo("account");
    return "account";
  });
  const focusTitle = useRef(false);
  const mainRef = useRef<HTMLElement>(null);
  const screenRef = useRef(screen);
  screenRef.current = screen;

  // After a navigation, move focus to the new screen's title so keyboard and
  // screen-reader users start at the top of what they asked for.
  useEffect(() => {
    if (!focusTitle.current) return;
    focusTitle.current = false;
    mainRef.current?.scrollTo({ top: 0 });
    document.getElementById("screen-title")?.focus();
  }, [screen]);

  const navigate = useCallback((next: ScreenId) => {
    // Re-selecting the current screen changes no state, so focus its title here.
    if (next === screenRef.current) document.getElementById("screen-title")?.focus();
    focusTitle.current = true;
    // Before the new screen mounts, so the toasts it shows are its own.
    toastsBelongTo(next);
    setScreen(next);
  }, []);

  useShellEvents(screenRef, navigate, setInfo);

  const context = useMemo<AppContextValue>(
    () => ({ info, screen, navigate, platformChanged, changeTheme }),
    [info, screen, navigate, platformChanged, changeTheme],
  );

  return (
    <AppContext.Provider value={context}>
      {/* A button, not a link: it moves focus and touches no URL (the app has no URL navigation). */}
      <button type="button" class="skip-link" data-testid="skip-link" onClick={() => mainRef.current?.focus()}>
        {t("shell.skipToContent")}
      </button>
      <div class="app-shell">
        <Header />
        <div class="app-body">
          <Nav />
          <main id="main-content" class="app-main" ref={mainRef} tabIndex={-1} data-testid="main">
            <div class="app-main__inner">
              <SessionNotices />
              {boot.status === "loading" && <SkeletonList rows={5} data-testid="boot-loading" />}
              {boot.status === "failed" && (
                <ErrorState error={boot.error} title={t("boot.errorTitle")} onRetry={() => void load()} data-testid="boot-error" />
              )}
              {boot.status === "ready" && info?.databaseSetAside && <DatabaseNotice setAside={info.databaseSetAside} />}
              {boot.status === "ready" && info && <CurrentScreen screen={screen} />}
            </div>
          </main>
        </div>
      </div>
      <ShortcutLayer screen={screen} navigate={navigate} />
      <Announcer />
      <ToastRegion />
    </AppContext.Provider>
  );
}
