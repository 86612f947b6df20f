// The words for a sign-in that did not complete: the platform's description capped, the
// OAuth error codes people can act on, the explanation of our own code, and copying the
// pending attempt's link.

import { copyText } from "../../app/clipboard";
import type { SignInFailure } from "../../app/sessions";
import { toast } from "../../components";
import { errorMessage, type PlainKey, t } from "../../i18n";

/** How much of the platform's own description is shown (A7: escaped and capped). */
const MESSAGE_LIMIT = 300;

/** Caps by code points so a CJK or emoji description is never cut mid-character. */
export function capText(text: string, limit = MESSAGE_LIMIT): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  return chars.length > limit ? `${chars.slice(0, limit - 1).join("")}…` : chars.join("");
}

/** OAuth error codes (RFC 6749 §4.1.2.1, §5.2) people can act on. */
export const OAUTH_KEYS: Record<string, PlainKey> = {
  access_denied: "oauthError.access_denied",
  invalid_grant: "oauthError.invalid_grant",
  invalid_scope: "oauthError.invalid_scope",
  invalid_client: "oauthError.invalid_client",
  unauthorized_client: "oauthError.unauthorized_client",
  invalid_request: "oauthError.invalid_request",
  server_error: "oauthError.server_error",
  temporarily_unavailable: "oauthError.temporarily_unavailable",
};

export function explanation(failure: SignInFailure): string {
  switch (failure.code) {
    case "SIGN_IN_FAILED":
      return t("signInError.SIGN_IN_FAILED");
    case "NO_PENDING_SIGN_IN":
      return t("signInError.NO_PENDING_SIGN_IN");
    case "PLATFORM_BUSY":
      return failure.retryAfterSecs !== undefined
        ? t("signInError.PLATFORM_BUSY", { secs: failure.retryAfterSecs })
        : t("signInError.PLATFORM_BUSY_noWait");
    default:
      return errorMessage(failure.code);
  }
}

/**
 * Copies the pending attempt's sign-in link, for a browser the person starts themselves.
 * The link is fetched when the alert appears, so the copy runs within the click itself
 * (the clipboard refuses a write that comes after an await).
 */
export async function copyLink(link: string | null) {
  if (!link) {
    toast({ tone: "error", title: t("signInError.linkGone") });
    return;
  }
  await copyText(link, { title: t("signInError.linkCopied") });
}
