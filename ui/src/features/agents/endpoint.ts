// What the window says about an endpoint before it is saved: https is what the platform
// runs; http is accepted on loopback only, for development, and never silently.

export type EndpointNote = "invalid" | "notHttp" | "loopbackHttp" | "publicHttp" | null;

/** 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

export function endpointNote(text: string): EndpointNote {
  const trimmed = text.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return "invalid";
  }
  if (url.protocol === "https:") return null;
  if (url.protocol !== "http:") return "notHttp";
  return isLoopback(url.hostname) ? "loopbackHttp" : "publicHttp";
}
