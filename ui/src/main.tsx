import { render } from "preact";

import { App } from "./app/App";
import { bootState } from "./app/boot";
import { startPresenting } from "./app/presenting";
import { applyTheme, cachedTheme } from "./app/theme";
import { applyLocale, getLocale } from "./i18n";
import "./styles/index.css";

// Paint the first frame in the saved theme and language: the core's, handed over with the
// window (app/boot.ts), or else the last ones seen here, which `app_info` confirms (or
// corrects) a moment later.
applyTheme(bootState?.appInfo.theme ?? cachedTheme());
applyLocale(bootState?.appInfo.locale ?? getLocale());

// Before the first render: the guard masks every node as it is added, before it is painted.
startPresenting();

const root = document.getElementById("app");
if (root) render(<App />, root);
