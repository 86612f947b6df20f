// Stands in for the Tauri shell when tests/bench/page_startup.py opens the built UI in
// MiniBrowser: answers the start-up commands the way a fresh install on the sandbox does
// (no sign-ins, no balance yet), so the page settles on the same Account screen as the app's
// first start. Events never arrive; every other command answers null. Each command asked for
// is listed in <html data-bench-ipc>. Once the Account screen's Sign in button is on the page
// (or the boot error is), the stub tells page_startup.py, which fails a run that never got
// there: a UI that needs one more answer at start-up must not be measured on its error screen.
(function () {
  let nextCallback = 0;
  const asked = [];
  const answers = {
    app_info: {
      version: "0.0.0-bench",
      commit: "bench",
      platform: {
        mode: "sandbox",
        origin: "http://127.0.0.1:1",
        clientId: "xiaoya-companion",
        redirectUri: "http://127.0.0.1:1/callback",
      },
      locale: "en",
      theme: "system",
    },
    sessions: { sessions: [], signInPending: false, ended: [], payerNotChosen: false },
    last_balance: null,
  };
  window.isTauri = true;
  window.__TAURI_INTERNALS__ = {
    metadata: { currentWindow: { label: "main" }, currentWebview: { windowLabel: "main", label: "main" } },
    transformCallback(fn) {
      nextCallback += 1;
      window["_" + nextCallback] = fn;
      return nextCallback;
    },
    unregisterCallback(id) {
      delete window["_" + id];
    },
    convertFileSrc(path) {
      return path;
    },
    invoke(command) {
      asked.push(command);
      document.documentElement.dataset.benchIpc = asked.join(",");
      const answer = command in answers ? answers[command] : null;
      // Answer on a later task, as the real IPC does.
      return new Promise((resolve) => setTimeout(() => resolve(answer), 1));
    },
  };

  function report(what) {
    const at = Math.round(performance.now());
    const commands = encodeURIComponent(asked.join(","));
    fetch("/__bench/reached?what=" + what + "&at=" + at + "&ipc=" + commands).catch(() => {});
  }
  const watch = new MutationObserver(() => {
    const reached = document.querySelector("[data-testid=sign-in-personal]")
      ? "account"
      : document.querySelector("[data-testid=boot-error]")
        ? "boot-error"
        : null;
    if (reached) {
      watch.disconnect();
      report(reached);
    }
  });
  watch.observe(document, { childList: true, subtree: true });
})();
