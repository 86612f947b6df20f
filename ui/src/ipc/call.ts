// The one place that invokes a Tauri command. The typed wrappers in `generated.ts`
// (written from the command registry, src-tauri/src/commands/list.rs) call it; area
// modules add only what a wrapper can't say (defaults, callbacks turned into channels).

import { type InvokeArgs, invoke, isTauri } from "@tauri-apps/api/core";

import { AppError, toAppError } from "./errors";

// A command's name is a plain string here: the registry's union, `CommandName`, lives in
// generated.ts, which imports this file, and its wrappers are the only callers (each
// passes its own registered name). Importing the union back would close an import circle.
type ErrorListener = (error: AppError, command: string) => void;
const errorListeners = new Set<ErrorListener>();

/**
 * Hears every command that rejects, wherever it was called from. The sessions store
 * uses it to notice SESSION_EXPIRED (a 401 ended one session) from any screen.
 * Returns a disposer.
 */
export function onCommandError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

type AnswerListener = (answer: unknown, command: string) => void;
const answerListeners = new Set<AnswerListener>();

/**
 * Hears every command's answer, wherever it was called from. Presenting mode uses it to
 * learn the ids the core hands over (a Team picker's Teams, a member id), so an id of any
 * shape is masked, not only the shapes its patterns know. Returns a disposer.
 */
export function onCommandAnswer(listener: AnswerListener): () => void {
  answerListeners.add(listener);
  return () => {
    answerListeners.delete(listener);
  };
}

/** Invokes a registered command; rejects with an `AppError`. */
export async function call<T>(command: string, args?: InvokeArgs): Promise<T> {
  if (!isTauri()) {
    throw new AppError({ code: "INTERNAL", detail: `not running inside the app (${command})` });
  }
  try {
    const answer = await invoke<T>(command, args);
    for (const listener of answerListeners) {
      try {
        listener(answer, command);
      } catch (err) {
        console.warn("command answer listener failed", err);
      }
    }
    return answer;
  } catch (raw) {
    const error = toAppError(raw);
    for (const listener of errorListeners) {
      try {
        listener(error, command);
      } catch (err) {
        console.warn("command error listener failed", err);
      }
    }
    throw error;
  }
}
