import { describe, expect, it } from "vitest";

import { validatePlatform } from "../../src/features/settings/validate";

const base = { baseUrl: "https://claw.example.com", clientId: "agent-client", redirectUri: "xiaoya-companion://oauth/callback" };

describe("validatePlatform redirect URIs (issue 11, item 8)", () => {
  it("accepts the custom scheme, a loopback redirect with or without a port, and an https page", () => {
    for (const redirectUri of [
      "xiaoya-companion://oauth/callback",
      "http://127.0.0.1/oauth/callback",
      "http://127.0.0.1:8765/oauth/callback",
      "http://[::1]/oauth/callback",
      "https://companion.example.com/oauth/callback",
    ]) {
      expect(validatePlatform({ ...base, redirectUri }), redirectUri).toEqual({});
    }
  });

  it("refuses what the core refuses", () => {
    for (const redirectUri of [
      "http://localhost/oauth/callback",
      "http://example.com/oauth/callback",
      "http://127.0.0.1/oauth/callback?x=1",
      "file:///tmp/cb",
    ]) {
      expect(validatePlatform({ ...base, redirectUri }).redirectUri, redirectUri).toBe("validation.redirectUri.scheme");
    }
    expect(validatePlatform({ ...base, redirectUri: "xiaoya-companion://oauth/callback#x" }).redirectUri).toBe(
      "validation.redirectUri.fragment",
    );
  });
});
