// Header values in the transcript: the core masks every custom header value before a report
// reaches the window; this masks them again by name, so a value that ever slipped through
// is still never shown, copied or exported from the page.

import type { WireExchange } from "../../ipc";

export const MASK = "••••••";

/** `headers` with the value of every custom header (`names`, any case) masked. */
export function maskHeaders(headers: readonly (readonly [string, string])[], names: readonly string[]): [string, string][] {
  const secret = new Set(names.map((n) => n.toLowerCase()));
  return headers.map(([name, value]) => [name, secret.has(name.toLowerCase()) ? MASK : value]);
}

/** The transcript as text for the clipboard: one block per exchange, header values masked. */
export function transcriptText(exchanges: readonly WireExchange[], names: readonly string[]): string {
  return exchanges
    .map((x) => {
      const head = [`#${x.seq} ${x.label}`, `${x.httpMethod}${x.rpcMethod ? ` ${x.rpcMethod}` : ""}`];
      head.push(`status ${x.httpStatus ?? "none"}`, `${x.contentType ?? "no content type"}`, `${x.durationMs} ms`);
      if (x.sessionSent || x.sessionReceived) head.push(`session ${x.sessionSent ?? "-"} → ${x.sessionReceived ?? "-"}`);
      const lines = [head.join(" · ")];
      for (const [name, value] of maskHeaders(x.requestHeaders, names)) lines.push(`> ${name}: ${value}`);
      if (x.request) lines.push(`> ${x.request}`);
      if (x.response) lines.push(`< ${x.response}`);
      if (x.error) lines.push(`! ${x.error}`);
      return lines.join("\n");
    })
    .join("\n\n");
}
