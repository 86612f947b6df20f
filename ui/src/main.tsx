import { render } from "preact";

import { App } from "./app/App";
import { applyTheme, cachedTheme } from "./app/theme";
import { applyLocale, getLocale } from "./i18n";
import "./styles/index.css";

// Paint the first frame in the last saved theme and language; `app_info` confirms
// (or corrects) both a moment later.
applyTheme(cachedTheme());
applyLocale(getLocale());

const root = document.getElementById("app");
if (root) render(<App />, root);
