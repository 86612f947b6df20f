// The one typed error the screens see. Commands reject with an `IpcError` object
// ({ code, message, platformCode?, requestId? }); anything else that can reject an
// invoke (a missing permission, running outside the app) arrives as a plain string
// or Error and becomes INTERNAL. Screens switch on `code`, never on `detail`.

import type { ErrorCode } from "../bindings/ErrorCode";

export type { ErrorCode };

export class AppError extends Error {
  /** Stable code to branch on and to localise (`error.<CODE>`). */
  readonly code: ErrorCode;
  /** Developer-facing detail from the core. Never the only explanation shown. */
  readonly detail: string;
  /** The platform's own stable code (e.g. `INSUFFICIENT_POINTS`), when it sent one. */
  readonly platformCode: string | undefined;
  /** The platform's request id, for bug reports. */
  readonly requestId: string | undefined;
  /**
   * Which input was rejected, when the core says so. Read defensively: the current
   * `IpcError` has no such field yet, and the UI falls back to a form-level error.
   */
  readonly field: string | undefined;
  /** How long the platform asked to wait before trying again (`Retry-After`), in seconds. */
  readonly retryAfterSecs: number | undefined;

  constructor(init: {
    code: ErrorCode;
    detail: string;
    platformCode?: string | undefined;
    requestId?: string | undefined;
    field?: string | undefined;
    retryAfterSecs?: number | undefined;
  }) {
    super(`${init.code}: ${init.detail}`);
    this.code = init.code;
    this.detail = init.detail;
    this.platformCode = init.platformCode;
    this.requestId = init.requestId;
    this.field = init.field;
    this.retryAfterSecs = init.retryAfterSecs;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** Turns whatever an invoke rejected with into an `AppError`. */
export function toAppError(raw: unknown): AppError {
  if (raw instanceof AppError) return raw;
  if (typeof raw === "object" && raw !== null) {
    const obj = raw as Record<string, unknown>;
    if (typeof obj.code === "string" && typeof obj.message === "string") {
      return new AppError({
        // The core's ErrorCode is closed and generated; trust the shape it sends.
        code: obj.code as ErrorCode,
        detail: obj.message,
        platformCode: optionalString(obj.platformCode),
        requestId: optionalString(obj.requestId),
        retryAfterSecs: typeof obj.retryAfterSecs === "number" && obj.retryAfterSecs >= 0 ? obj.retryAfterSecs : undefined,
        field: optionalString(obj.field),
      });
    }
  }
  const detail = typeof raw === "string" ? raw : raw instanceof Error ? raw.message : "unexpected error";
  return new AppError({ code: "INTERNAL", detail });
}
