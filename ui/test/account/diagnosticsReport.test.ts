import { describe, expect, it } from "vitest";

import { diagnosticsReport } from "../../src/features/account/Diagnostics";
import type { SignInDiagnostics } from "../../src/ipc";

const base: SignInDiagnostics = {
  origin: "https://claw.example.com",
  clientId: "client-1",
  redirectUri: "xiaoya-companion://oauth/callback",
  redirectKind: "deepLink",
  scheme: "xiaoya-companion",
  schemeRegistered: true,
  keychainBackend: "Secret Service (D-Bus)",
  personalScopes: "profile balance usage model",
  teamScopes: "profile balance model team_read",
  sessions: [],
  signInPending: false,
  recent: [],
};

describe("diagnosticsReport", () => {
  it("lists each recent attempt with how it ended and why, newest first", () => {
    const report = diagnosticsReport(
      {
        ...base,
        recent: [
          {
            at: "2026-11-30T00:10:00Z",
            outcome: "failed",
            contextKind: "team",
            teamId: "team_alpha_01",
            errorCode: "SIGN_IN_FAILED",
            platformCode: "invalid_grant",
            requestId: "req_42",
            detail: "The code was already used",
          },
          { at: "2026-11-30T00:09:00Z", outcome: "refused" },
          { at: "2026-11-30T00:08:00Z", outcome: "signedIn", contextKind: "personal" },
        ],
      },
      "1.2.3",
    );
    const lines = report.split("\n");
    const at = lines.indexOf("Recent sign-in attempts: 3");
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1)).toEqual([
      '  2026-11-30T00:10:00Z failed team team_alpha_01 · SIGN_IN_FAILED · platform code invalid_grant · request req_42 · "The code was already used"',
      "  2026-11-30T00:09:00Z refused -",
      "  2026-11-30T00:08:00Z signedIn personal",
    ]);
    expect(report).toContain("App version: 1.2.3");
    expect(report).not.toContain("undefined");
  });

  it("says when there was no attempt", () => {
    expect(diagnosticsReport(base, undefined)).toContain("Recent sign-in attempts: 0");
  });

  it("shows the exact redirect URI a loopback sign-in sent, and the one an expired attempt sent", () => {
    const report = diagnosticsReport(
      {
        ...base,
        redirectUri: "http://127.0.0.1/oauth/callback",
        redirectKind: "loopback",
        pendingRedirectUri: "http://127.0.0.1:49215/oauth/callback",
        recent: [
          {
            at: "2026-11-30T00:10:00Z",
            outcome: "expired",
            contextKind: "personal",
            redirectUri: "http://127.0.0.1:40001/oauth/callback",
          },
        ],
      },
      "1.0.0",
    );
    expect(report).toContain("Redirect URI: http://127.0.0.1/oauth/callback (loopback)");
    expect(report).toContain("Redirect URI sent by the pending sign-in: http://127.0.0.1:49215/oauth/callback");
    expect(report).toContain("expired personal · redirect_uri http://127.0.0.1:40001/oauth/callback");
  });
});
