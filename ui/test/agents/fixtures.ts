// A tool of the good sample agent as the review lists it, and a report around it.

import type { AgentReport, CallReview, RuleLine, ToolReview, WireExchange } from "../../src/ipc";

export const EXPORT_TABLE_DEFINITION = {
  name: "export_table",
  title: "Export a table",
  inputSchema: {
    type: "object",
    additionalProperties: false,
    required: ["rows", "format"],
    properties: {
      rows: { type: "integer", minimum: 1, maximum: 100, description: "How many rows" },
      format: { type: "string", enum: ["csv", "tsv"] },
      note: { type: "string", maxLength: 40 },
      tags: { type: "array", maxItems: 2, items: { type: "string", maxLength: 10 } },
      options: {
        type: "object",
        additionalProperties: false,
        required: ["header"],
        properties: { header: { type: "boolean" }, limit: { type: "number", minimum: 0, maximum: 1 } },
      },
    },
  },
};

export function rule(patch: Partial<RuleLine> = {}): RuleLine {
  return { rule: "tool.input-schema", verdict: "pass", reason: "every property constrained", text: "inputSchema is an object…", ...patch };
}

export function tool(patch: Partial<ToolReview["call"]> = {}): ToolReview {
  return {
    name: "export_table",
    rules: [rule()],
    tokens: 131,
    call: {
      tool: "export_table",
      needsConfirmation: true,
      destructive: false,
      pricePoints: 5,
      executionMode: "sync",
      calledTwice: false,
      ...patch,
    },
  };
}

export function callReview(patch: Partial<CallReview> = {}): CallReview {
  return {
    tool: "export_table",
    purpose: "requested",
    arguments: { rows: 3, format: "csv" },
    rules: [rule({ rule: "call.result", reason: "structuredContent validates" })],
    envelope: {
      status: "completed",
      summary: "Exported 3 rows as CSV",
      data: { rows: 3 },
      artifacts: [{ type: "file", url: "https://cdn.example.com/t.csv", mimeType: "text/csv", size: 120, sha256: "a".repeat(64) }],
    },
    isError: false,
    exchanges: [4],
    ...patch,
  };
}

export function exchange(patch: Partial<WireExchange> = {}): WireExchange {
  return {
    seq: 1,
    via: "rmcp",
    label: "initialize",
    httpMethod: "POST",
    rpcMethod: "initialize",
    requestHeaders: [["X-Api-Key", "••••••"]],
    request: '{"jsonrpc":"2.0"}',
    requestBytes: 17,
    httpStatus: 200,
    contentType: "application/json",
    format: "json",
    response: '{"result":{}}',
    responseBytes: 13,
    sessionReceived: "189ad63f",
    durationMs: 12,
    ...patch,
  };
}

export function report(patch: Partial<AgentReport> = {}): AgentReport {
  return {
    url: "http://127.0.0.1:39401/mcp",
    lang: "en",
    startedAt: "2026-12-03T10:00:00.000Z",
    durationMs: 700,
    reachability: "reviewed",
    offeredProtocol: "2025-03-26",
    negotiatedProtocol: "2025-03-26",
    server: { name: "xiaoya-sample-agent", version: "1.0.0" },
    headerNames: ["X-Api-Key"],
    protocol: [rule({ rule: "protocol.https", verdict: "warn", reason: "http on loopback", text: "Use https" })],
    tools: [tool()],
    calls: [],
    changes: [],
    tokenWeight: { total: 518, tools: 1, method: "estimated" },
    snapshot: [EXPORT_TABLE_DEFINITION],
    transcript: [exchange()],
    counts: { pass: 1, warn: 1, fail: 0 },
    ...patch,
  };
}
