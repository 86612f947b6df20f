import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";

import { Announcer, ErrorState, SkeletonList, toast, ToastRegion } from "../components";
import { AccountScreen } from "../features/account/AccountScreen";
import { BalancesScreen } from "../features/balances/BalancesScreen";
import { ChatScreen } from "../features/chat/ChatScreen";
import { CheckScreen } from "../features/check/CheckScreen";
import { ModelsScreen } from "../features/models/ModelsScreen";
import { SettingsScreen } from "../features/settings/SettingsScreen";
import { VoicesScreen } from "../features/voices/VoicesScreen";
import { applyLocale, errorMessage, t, useLocale } from "../i18n";
import { appInfo, onAppEvent, setTheme, type AppEvent, type AppInfo, type PlatformInfo, type ThemePreference } from "../ipc";
import { AppContext, type AppContextValue } from "./context";
import { DatabaseNotice } from "./DatabaseNotice";
import { Header } from "./Header";
import { Nav } from "./Nav";
import type { ScreenId } from "./screens";
import { SessionNotices } from "./SessionNotices";
import { contextLabel, sessionsStore } from "./sessions";
import { applyTheme } from "./theme";

type Boot = { status: "loading" } | { status: "ready" } | { status: "failed"; error: unknown };

export function App() {
  // Subscribing here re-renders the whole tree when the language changes.
  useLocale();
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [boot, setBoot] = useState<Boot>({ status: "loading" });
  const [screen, setScreen] = useState<ScreenId>("account");
  const focusTitle = useRef(false);
  const mainRef = useRef<HTMLElement>(null);

  const load = useCallback(async () => {
    setBoot({ status: "loading" });
    try {
      const next = await appInfo();
      applyLocale(next.locale);
      applyTheme(next.theme);
      setInfo(next);
      setBoot({ status: "ready" });
    } catch (error) {
      setBoot({ status: "failed", error });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

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
    setScreen(next);
  }, []);

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
          default:
            // sessionsChanged is handled by the sessions store.
            break;
        }
      }),
    // navigate is stable.
    [],
  );

  const platformChanged = useCallback((platform: PlatformInfo) => {
    setInfo((prev) => (prev ? { ...prev, platform } : prev));
  }, []);

  const changeTheme = useCallback(async (theme: ThemePreference) => {
    const previous = document.documentElement.getAttribute("data-theme") ?? "system";
    applyTheme(theme);
    setInfo((prev) => (prev ? { ...prev, theme } : prev));
    try {
      const saved = await setTheme(theme);
      setInfo(saved);
    } catch (err) {
      const back = previous as ThemePreference;
      applyTheme(back);
      setInfo((prev) => (prev ? { ...prev, theme: back } : prev));
      throw err;
    }
  }, []);

  const context = useMemo<AppContextValue>(
    () => ({ info, screen, navigate, platformChanged, changeTheme }),
    [info, screen, navigate, platformChanged, changeTheme],
  );

  return (
    <AppContext.Provider value={context}>
      <a
        class="skip-link"
        href="#main-content"
        data-testid="skip-link"
        onClick={(event) => {
          // Move focus without touching the URL: the app has no URL navigation.
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        {t("shell.skipToContent")}
      </a>
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
      <Announcer />
      <ToastRegion />
    </AppContext.Provider>
  );
}

function CurrentScreen(props: { screen: ScreenId }) {
  switch (props.screen) {
    case "account":
      return <AccountScreen />;
    case "models":
      return <ModelsScreen />;
    case "chat":
      return <ChatScreen />;
    case "voices":
      return <VoicesScreen />;
    case "balances":
      return <BalancesScreen />;
    case "check":
      return <CheckScreen />;
    case "settings":
      return <SettingsScreen />;
  }
}
