// Runs before the body is parsed, so the static first frame in index.html shows in the saved
// language and theme (the same cached values src/main.tsx applies; app_info stays the source
// of truth). A plain file, not inline: the CSP allows scripts from the app only.
(function () {
  var root = document.documentElement;
  try {
    var locale = localStorage.getItem("xiaoya.locale");
    if (locale !== "en" && locale !== "zh-CN") {
      locale = (navigator.language || "").toLowerCase().indexOf("zh") === 0 ? "zh-CN" : "en";
    }
    root.lang = locale;
    var theme = localStorage.getItem("xiaoya.theme");
    if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
  } catch (e) {
    // Storage unavailable: English and the system theme, as the app itself would do.
  }
})();
