// Stands in for `@tauri-apps/api/core` and `@tauri-apps/api/event` in the benchmark pages
// (aliased in bench/vite.config.ts), so no IPC can leave a page and any attempt is counted.
//
// The UI's only IPC door is ui/src/ipc: `call()` and `onAppEvent()` each ask `isTauri()`
// first, so every attempt to reach the core passes through `isTauri()` here. It answers
// false, as the real one does in a plain browser, so the UI takes its "not inside the app"
// path; the benchmarks print `window.__benchIpcAttempts` (expected: 0). `invoke`, `listen`
// and `Channel` throw if anything reaches them anyway.

declare global {
  interface Window {
    __benchIpcAttempts?: string[];
  }
}

function attempt(what: string): void {
  window.__benchIpcAttempts ??= [];
  window.__benchIpcAttempts.push(what);
}

export function isTauri(): boolean {
  attempt("isTauri (ipc call() or onAppEvent())");
  return false;
}

export function invoke(command: string): Promise<never> {
  attempt(`invoke ${command}`);
  return Promise.reject(new Error(`benchmark page: IPC is stubbed out (invoke ${command})`));
}

export function listen(event: string): Promise<never> {
  attempt(`listen ${event}`);
  return Promise.reject(new Error(`benchmark page: IPC is stubbed out (listen ${event})`));
}

export class Channel {
  constructor() {
    attempt("new Channel");
    throw new Error("benchmark page: IPC is stubbed out (Channel)");
  }
}
