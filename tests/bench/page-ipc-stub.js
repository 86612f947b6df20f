// Stands in for the Tauri shell when tests/bench/page_startup.py opens the built UI in
// MiniBrowser: answers the start-up commands the way a fresh install on the sandbox does
// (no sign-ins, no balance yet), so the page settles on the same Account screen as the app's
// first start. Events never arrive; every other command answers null. Each command asked for
// is listed in <html data-bench-ipc> so a run can be checked by eye or by script.
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
})();
