// Checks the platform form before it is sent, so each field gets its own message.
// The core validates again and stays the authority (`set_platform` → INVALID_INPUT);
// these rules mirror `xiaoya_core::config::validate`.

import type { PlainKey } from "../../i18n";
import type { PlatformSettingsInput } from "../../ipc";

export type PlatformField = keyof PlatformSettingsInput;
export type PlatformFieldErrors = Partial<Record<PlatformField, PlainKey>>;

const CLIENT_ID_MAX = 32;

function isLoopback(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function parse(raw: string): URL | null {
  try {
    return new URL(raw);
  } catch {
    return null;
  }
}

function checkBaseUrl(raw: string): PlainKey | undefined {
  const url = parse(raw.trim());
  if (!url?.host) return "validation.baseUrl.invalid";
  if (!(url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url)))) {
    return "validation.baseUrl.https";
  }
  if (url.username || url.password) return "validation.baseUrl.credentials";
  if (url.search || url.hash || raw.includes("#") || !(url.pathname === "" || url.pathname === "/")) {
    return "validation.baseUrl.originOnly";
  }
  return undefined;
}

function checkClientId(raw: string): PlainKey | undefined {
  const id = raw.trim();
  if (!id) return "validation.clientId.required";
  const visibleAscii = /^[\x21-\x7e]+$/;
  if ([...id].length > CLIENT_ID_MAX || !visibleAscii.test(id)) return "validation.clientId.format";
  return undefined;
}

/** RFC 8252 §7.3: a loopback redirect names the IP literal, never `localhost` (§8.3). */
function isLoopbackLiteral(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const NOT_CUSTOM = ["file:", "javascript:", "data:", "blob:", "about:", "ftp:", "ws:", "wss:"];

/** A custom scheme, a loopback `http://127.0.0.1[:port]/…`, or an https page that forwards. */
function checkRedirectUri(raw: string): PlainKey | undefined {
  const trimmed = raw.trim();
  const url = parse(trimmed);
  if (!url) return "validation.redirectUri.invalid";
  if (trimmed.includes("#") || url.username || url.password) return "validation.redirectUri.fragment";
  if (url.protocol === "https:") return url.host ? undefined : "validation.redirectUri.invalid";
  if (url.protocol === "http:") return isLoopbackLiteral(url) && !url.search ? undefined : "validation.redirectUri.scheme";
  if (NOT_CUSTOM.includes(url.protocol) || url.protocol.length < 4) return "validation.redirectUri.scheme";
  return undefined;
}

export function validatePlatform(input: PlatformSettingsInput): PlatformFieldErrors {
  const errors: PlatformFieldErrors = {};
  const baseUrl = checkBaseUrl(input.baseUrl);
  const clientId = checkClientId(input.clientId);
  const redirectUri = checkRedirectUri(input.redirectUri);
  if (baseUrl) errors.baseUrl = baseUrl;
  if (clientId) errors.clientId = clientId;
  if (redirectUri) errors.redirectUri = redirectUri;
  return errors;
}

export function isPlatformField(value: string | undefined): value is PlatformField & string {
  return value === "baseUrl" || value === "clientId" || value === "redirectUri";
}
