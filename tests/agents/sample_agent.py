#!/usr/bin/env python3
"""Sample MCP agents for the Agent check (issue #27), built on the official Python MCP SDK.

One program serves one agent over Streamable HTTP on 127.0.0.1:

    python tests/agents/sample_agent.py --port 0 --json --stateful --variant good

`--port 0` picks a free port; once the server accepts connections it prints
`LISTENING <port>` on stdout. The endpoint is http://127.0.0.1:<port>/mcp.

The MCP protocol itself is the SDK's: the low-level `mcp.server.Server` and its
`streamable_http_app()` (session manager, JSON or SSE answers, session ids, the
Origin check, the body limit). This file adds the tools and, only where the SDK
cannot produce a behaviour, a small ASGI or SDK middleware:

- the good agent answers a body that is JSON but not JSON-RPC with -32600 (the
  SDK's transport says -32602 there; the platform's rules say -32600);
- the broken variants that need what the SDK never does (a redirect, a wrong
  content type, a rotating session id, an answered notification, wrong error
  codes, a counter-offered protocol version, non-boolean hints) get it from a
  middleware; everything else still goes through the SDK.

`--variant good` follows every rule of the platform's agent-development rules;
every other variant breaks exactly one rule and is named after its rule id
(see VARIANTS.md beside this file, or `--list-variants`).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import copy
import hashlib
import json
import secrets
import socket
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
import jsonschema
import uvicorn
from mcp.server import Server
from mcp.server.transport_security import TransportSecuritySettings
from mcp.shared.exceptions import MCPError

HOST = "127.0.0.1"
ENDPOINT = "/mcp"
REDIRECT_TARGET = "/mcp/v2"
PLATFORM_PROTOCOL = "2025-03-26"
MODERN_PROTOCOL = "2026-07-28"
MAX_BODY_BYTES = 1024 * 1024  # the good agent refuses request bodies over 1 MiB with 413
BROKEN_MAX_BODY_BYTES = 1024 * 1024 * 1024  # protocol.limits: 1 GiB, i.e. no useful limit
MAX_CONCURRENCY = 64  # uvicorn answers 503 past this many connections and tasks
CALL_CONTEXT_HEADER = "x-xiaoya-call-context"
ARTIFACT_ORIGIN = "https://agent.example.com"
ALLOWED_ARTIFACT_TYPES = ["text", "markdown", "html", "image", "audio", "video", "file", "json", "table", "link"]

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603

# Inputs that make a tool fail as a business failure (status "failed" with data.errorCode).
FAILING_SYMBOL = "ZZZZ"
FAILING_DRAFT = "draft_missing"

# ---------------------------------------------------------------------------------------------
# Variants: name -> (rule id it breaks, how). "good", "changed" and "modern-only" break none.
# ---------------------------------------------------------------------------------------------

VARIANTS: dict[str, tuple[str, str]] = {
    "good": ("-", "follows every rule"),
    "changed": ("-", "the good agent's next release, for snapshot comparison (see VARIANTS.md)"),
    "modern-only": (
        "protocol.initialize",
        "refuses every initialize, 2025-03-26 included (-32602 Unsupported protocol version, data.supported "
        "[2026-07-28]); serves only the 2026-07-28 per-request wire (server/discover, tools/list, tools/call)",
    ),
    "protocol.initialize": (
        "protocol.initialize",
        "asked for 2025-03-26 (which it could serve), initialize answers protocolVersion 2025-11-25",
    ),
    "protocol.initialized-notification": (
        "protocol.initialized-notification",
        "answers the notifications/initialized POST with HTTP 200 and a JSON-RPC response "
        '({"jsonrpc":"2.0","id":null,"result":{}}) instead of 202 and no body',
    ),
    "protocol.session": (
        "protocol.session",
        "every response carries a new Mcp-Session-Id (all of them stay usable): the session id is not kept",
    ),
    "protocol.transport": (
        "protocol.transport",
        "POST answers are labelled Content-Type: text/plain (body unchanged: JSON or SSE)",
    ),
    "protocol.redirect": (
        "protocol.redirect",
        f"every request to {ENDPOINT} is answered 307 with Location: {REDIRECT_TARGET}, which serves the good agent",
    ),
    "protocol.errors": (
        "protocol.errors",
        "malformed JSON, a non-JSON-RPC body, an unknown method and an unknown tool are all answered "
        "-32603 Internal error (instead of -32700, -32600, -32601, -32601)",
    ),
    "protocol.limits": (
        "protocol.limits",
        "accepts request bodies up to 1 GiB (the good agent refuses bodies over 1 MiB with 413)",
    ),
    "protocol.origin": (
        "protocol.origin",
        "the SDK's DNS-rebinding protection is off: a foreign Origin is served (the good agent answers 403)",
    ),
    "tool.identity": (
        "tool.identity",
        'lookup_quote is advertised as "lookup quote" (a space: breaks ^[A-Za-z0-9_./-]{1,64}$); '
        "export_table has no title",
    ),
    "tool.input-schema": (
        "tool.input-schema",
        "delete_draft: no additionalProperties; lookup_quote.symbol: a bare string (no length, pattern "
        "or enum); generate_report.sections: an array without items; export_table: no required",
    ),
    "tool.output-schema": (
        "tool.output-schema",
        'lookup_quote: status enum lacks "cancelled"; export_table: the envelope\'s required lists only '
        '"status" (results still validate)',
    ),
    "tool.annotations": (
        "tool.annotations",
        'lookup_quote: only readOnlyHint; delete_draft: destructiveHint "yes" and idempotentHint "true" (strings)',
    ),
    "tool.meta.version": (
        "tool.meta.version",
        'lookup_quote: no xiaoya/version; delete_draft: "2.0" (not semver)',
    ),
    "tool.meta.price": (
        "tool.meta.price",
        'lookup_quote (free): no xiaoya/pricePoints; delete_draft: "5" (a string); generate_report: -20',
    ),
    "tool.meta.scopes": (
        "tool.meta.scopes",
        'lookup_quote: no xiaoya/requiredScopes; delete_draft: "drafts:write" (a string, not an array)',
    ),
    "tool.meta.execution-mode": (
        "tool.meta.execution-mode",
        'lookup_quote: no xiaoya/executionMode; generate_report: "background"',
    ),
    "tool.meta.artifact-types": (
        "tool.meta.artifact-types",
        'export_table: ["table", "csv"] ("csv" is not an allowed type); lookup_quote: no xiaoya/artifactTypes',
    ),
    "tool.meta.timeout": (
        "tool.meta.timeout",
        'lookup_quote: no xiaoya/timeoutSeconds; generate_report: 7200; export_table: "60" (a string)',
    ),
    "tool.no-platform-arguments": (
        "tool.no-platform-arguments",
        "optional inputs the platform supplies: lookup_quote userId + accessToken, generate_report "
        "invocationId + callbackUrl, delete_draft teamId + pricePoints",
    ),
    "call.result": (
        "call.result",
        'lookup_quote answers without a text content block; export_table\'s structuredContent has status "done"',
    ),
    "call.async": (
        "call.async",
        "generate_report (executionMode async) answers completed, with no task id",
    ),
    "call.artifacts": (
        "call.artifacts",
        "export_table returns five bad artifacts: a file:// path, http on 10.20.30.40, https on 127.0.0.1, "
        'no mimeType + size "12 KB" + sha256 "abc123", type "pdf"',
    ),
    "call.invalid-params": (
        "call.invalid-params",
        "arguments that break the inputSchema get a result (isError, status failed, errorCode "
        "INVALID_ARGUMENTS) instead of JSON-RPC -32602",
    ),
    "call.business-failure": (
        "call.business-failure",
        f'a business failure (lookup_quote {FAILING_SYMBOL}, delete_draft {FAILING_DRAFT}) answers status "failed" '
        "with no data.errorCode",
    ),
    "call.no-inline-files": (
        "call.no-inline-files",
        "export_table also returns the file inline: a 2 MiB base64 blob in an embedded resource content block",
    ),
    "call.context-headers": (
        "call.context-headers",
        "every tools/call result echoes the X-Xiaoya-Call-Context header value (summary, text block, data.callContext)",
    ),
}

# ---------------------------------------------------------------------------------------------
# The good agent's tools, exactly as the rules want them.
# ---------------------------------------------------------------------------------------------

OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["status", "summary", "data", "artifacts"],
    "properties": {
        "status": {"type": "string", "enum": ["accepted", "completed", "failed", "cancelled"]},
        "summary": {"type": "string"},
        "data": {"type": "object"},
        "artifacts": {"type": "array", "items": {"type": "object"}},
    },
    "additionalProperties": False,
}


def good_tools() -> list[dict[str, Any]]:
    """The four tools of the good agent, as tools/list sends them."""
    return [
        {
            "name": "lookup_quote",
            "title": "Look up a quote",
            "description": "Return the latest price of one stock symbol. Read-only and free.",
            "inputSchema": {
                "type": "object",
                "required": ["symbol"],
                "properties": {
                    "symbol": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 5,
                        "pattern": "^[A-Z]{1,5}$",
                        "description": "Ticker symbol, upper case",
                    },
                    "currency": {"type": "string", "enum": ["CNY", "USD", "EUR"], "default": "CNY"},
                },
                "additionalProperties": False,
            },
            "outputSchema": copy.deepcopy(OUTPUT_SCHEMA),
            "annotations": {
                "readOnlyHint": True,
                "destructiveHint": False,
                "idempotentHint": True,
                "openWorldHint": False,
            },
            "_meta": {
                "xiaoya/version": "1.2.0",
                "xiaoya/pricePoints": 0,
                "xiaoya/requiredScopes": [],
                "xiaoya/executionMode": "sync",
                "xiaoya/artifactTypes": [],
                "xiaoya/timeoutSeconds": 10,
            },
        },
        {
            "name": "delete_draft",
            "title": "Delete a draft",
            "description": "Permanently delete one of the user's drafts. Costs 5 points.",
            "inputSchema": {
                "type": "object",
                "required": ["draftId", "reason"],
                "properties": {
                    "draftId": {"type": "string", "minLength": 10, "maxLength": 38, "pattern": "^draft_[a-z0-9_]{4,32}$"},
                    "reason": {"type": "string", "enum": ["duplicate", "obsolete", "other"]},
                    "purgeHistory": {"type": "boolean", "default": False},
                },
                "additionalProperties": False,
            },
            "outputSchema": copy.deepcopy(OUTPUT_SCHEMA),
            "annotations": {
                "readOnlyHint": False,
                "destructiveHint": True,
                "idempotentHint": True,
                "openWorldHint": False,
            },
            "_meta": {
                "xiaoya/version": "2.0.1",
                "xiaoya/pricePoints": 5,
                "xiaoya/requiredScopes": ["drafts:write"],
                "xiaoya/executionMode": "sync",
                "xiaoya/artifactTypes": [],
                "xiaoya/timeoutSeconds": 30,
            },
        },
        {
            "name": "generate_report",
            "title": "Generate a market report",
            "description": (
                "Start writing a structured market report. Answers at once with a task id; "
                "the finished report reaches the platform through its callback."
            ),
            "inputSchema": {
                "type": "object",
                "required": ["topic", "sections"],
                "properties": {
                    "topic": {"type": "string", "minLength": 1, "maxLength": 120},
                    "sections": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 5,
                        "uniqueItems": True,
                        "items": {"type": "string", "enum": ["summary", "market", "competitors", "risks", "outlook"]},
                    },
                    "options": {
                        "type": "object",
                        "required": ["language"],
                        "properties": {
                            "language": {"type": "string", "enum": ["zh-CN", "en-US"]},
                            "includeCharts": {"type": "boolean"},
                            "maxWords": {"type": "integer", "minimum": 100, "maximum": 5000},
                        },
                        "additionalProperties": False,
                    },
                },
                "additionalProperties": False,
            },
            "outputSchema": copy.deepcopy(OUTPUT_SCHEMA),
            "annotations": {
                "readOnlyHint": False,
                "destructiveHint": False,
                "idempotentHint": True,
                "openWorldHint": True,
            },
            "_meta": {
                "xiaoya/version": "1.0.0",
                "xiaoya/pricePoints": 20,
                "xiaoya/requiredScopes": ["reports:write"],
                "xiaoya/executionMode": "async",
                "xiaoya/artifactTypes": ["markdown", "table"],
                "xiaoya/timeoutSeconds": 600,
            },
        },
        {
            "name": "export_table",
            "title": "Export the watch list",
            "description": "Export the user's watch list as a CSV or JSON file artifact. Read-only and free.",
            "inputSchema": {
                "type": "object",
                "required": ["rows"],
                "properties": {
                    "rows": {"type": "integer", "minimum": 1, "maximum": 1000},
                    "format": {"type": "string", "enum": ["csv", "json"], "default": "csv"},
                    "includeHeader": {"type": "boolean", "default": True},
                },
                "additionalProperties": False,
            },
            "outputSchema": copy.deepcopy(OUTPUT_SCHEMA),
            "annotations": {
                "readOnlyHint": True,
                "destructiveHint": False,
                "idempotentHint": True,
                "openWorldHint": False,
            },
            "_meta": {
                "xiaoya/version": "1.1.0",
                "xiaoya/pricePoints": 0,
                "xiaoya/requiredScopes": ["watchlist:read"],
                "xiaoya/executionMode": "sync",
                "xiaoya/artifactTypes": ["table", "json"],
                "xiaoya/timeoutSeconds": 60,
            },
        },
    ]


def _tool(tools: list[dict[str, Any]], name: str) -> dict[str, Any]:
    return next(t for t in tools if t["name"] == name)


def tools_for(variant: str) -> list[dict[str, Any]]:
    """The tool definitions a variant advertises (the good ones, with that variant's one breakage)."""
    tools = good_tools()
    quote, draft, report, export = (_tool(tools, n) for n in ("lookup_quote", "delete_draft", "generate_report", "export_table"))
    if variant == "changed":
        tools.remove(draft)  # a removed tool
        report["_meta"]["xiaoya/pricePoints"] = 30  # price 20 -> 30
        report["title"] = "Write a market report"  # harmless: reworded title
        export["_meta"]["xiaoya/executionMode"] = "async"  # sync -> async (its call now answers accepted)
        quote["_meta"]["xiaoya/requiredScopes"] = ["quotes:read"]  # expanded permissions: [] -> [quotes:read]
    elif variant == "tool.identity":
        quote["name"] = "lookup quote"
        del export["title"]
    elif variant == "tool.input-schema":
        del draft["inputSchema"]["additionalProperties"]
        quote["inputSchema"]["properties"]["symbol"] = {"type": "string", "description": "Ticker symbol"}
        del report["inputSchema"]["properties"]["sections"]["items"]
        del export["inputSchema"]["required"]
    elif variant == "tool.output-schema":
        quote["outputSchema"]["properties"]["status"]["enum"] = ["accepted", "completed", "failed"]
        export["outputSchema"]["required"] = ["status"]
    elif variant == "tool.annotations":
        quote["annotations"] = {"readOnlyHint": True}
        # destructiveHint/idempotentHint become strings on the wire (see ToolsListRewrite): the
        # SDK's own models would coerce them back to booleans.
    elif variant == "tool.meta.version":
        del quote["_meta"]["xiaoya/version"]
        draft["_meta"]["xiaoya/version"] = "2.0"
    elif variant == "tool.meta.price":
        del quote["_meta"]["xiaoya/pricePoints"]
        draft["_meta"]["xiaoya/pricePoints"] = "5"
        report["_meta"]["xiaoya/pricePoints"] = -20
    elif variant == "tool.meta.scopes":
        del quote["_meta"]["xiaoya/requiredScopes"]
        draft["_meta"]["xiaoya/requiredScopes"] = "drafts:write"
    elif variant == "tool.meta.execution-mode":
        del quote["_meta"]["xiaoya/executionMode"]
        report["_meta"]["xiaoya/executionMode"] = "background"
    elif variant == "tool.meta.artifact-types":
        export["_meta"]["xiaoya/artifactTypes"] = ["table", "csv"]
        del quote["_meta"]["xiaoya/artifactTypes"]
    elif variant == "tool.meta.timeout":
        del quote["_meta"]["xiaoya/timeoutSeconds"]
        report["_meta"]["xiaoya/timeoutSeconds"] = 7200
        export["_meta"]["xiaoya/timeoutSeconds"] = "60"
    elif variant == "tool.no-platform-arguments":
        quote["inputSchema"]["properties"]["userId"] = {"type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[A-Za-z0-9_-]+$"}
        quote["inputSchema"]["properties"]["accessToken"] = {"type": "string", "minLength": 16, "maxLength": 4096}
        report["inputSchema"]["properties"]["invocationId"] = {"type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[A-Za-z0-9_-]+$"}
        report["inputSchema"]["properties"]["callbackUrl"] = {"type": "string", "format": "uri", "minLength": 8, "maxLength": 2048, "pattern": "^https://"}
        draft["inputSchema"]["properties"]["teamId"] = {"type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[A-Za-z0-9_-]+$"}
        draft["inputSchema"]["properties"]["pricePoints"] = {"type": "integer", "minimum": 0, "maximum": 100000}
    return tools


# ---------------------------------------------------------------------------------------------
# Calling the tools.
# ---------------------------------------------------------------------------------------------


def envelope(status: str, summary: str, data: dict[str, Any], artifacts: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"status": status, "summary": summary, "data": data, "artifacts": artifacts or []}


def tool_result(env: dict[str, Any], *, is_error: bool = False) -> dict[str, Any]:
    """A tools/call result: the envelope as structuredContent plus the summary as a text block."""
    return {
        "content": [{"type": "text", "text": env["summary"]}],
        "structuredContent": env,
        "isError": is_error,
    }


def failure(code: str, summary: str, variant: str) -> dict[str, Any]:
    data: dict[str, Any] = {"errorCode": code, "message": summary}
    if variant == "call.business-failure":
        data = {"message": summary}
    return tool_result(envelope("failed", summary, data), is_error=True)


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def task_id_for(name: str, arguments: dict[str, Any]) -> str:
    """A stable task id: the same call (tool and arguments) always gets the same id."""
    return "task_" + hashlib.sha256(f"{name}\n{canonical(arguments)}".encode()).hexdigest()[:32]


def artifact_url(kind: str) -> str:
    """A short-lived, unguessable, read-only URL scoped to one artifact."""
    expires = int(time.time()) + 600
    return f"{ARTIFACT_ORIGIN}/artifacts/{secrets.token_hex(16)}.{kind}?expires={expires}&signature={secrets.token_hex(16)}"


def export_content(rows: int, fmt: str, header: bool) -> bytes:
    items = [{"symbol": f"S{i:04d}", "price": round(10 + (i * 7919 % 1000) / 10, 2)} for i in range(1, rows + 1)]
    if fmt == "json":
        return (json.dumps(items, indent=2) + "\n").encode()
    lines = (["symbol,price"] if header else []) + [f"{r['symbol']},{r['price']}" for r in items]
    return ("\n".join(lines) + "\n").encode()


async def run_tool(variant: str, name: str, args: dict[str, Any], mode: str) -> dict[str, Any]:
    """Run one tool (`name` is the canonical name) and return its tools/call result."""
    if name == "lookup_quote":
        symbol, currency = args["symbol"], args.get("currency", "CNY")
        if symbol == FAILING_SYMBOL:
            return failure("SYMBOL_NOT_FOUND", f"No quote for symbol {symbol}", variant)
        price = 10 + int(hashlib.sha256(symbol.encode()).hexdigest()[:6], 16) % 90000 / 100
        env = envelope("completed", f"{symbol} is at {price:.2f} {currency}", {"symbol": symbol, "currency": currency, "price": price, "asOf": "2026-01-02T03:04:05Z"})
        result = tool_result(env)
        if variant == "call.result":
            result["content"] = []
        return result
    if name == "delete_draft":
        draft = args["draftId"]
        if draft == FAILING_DRAFT:
            return failure("DRAFT_NOT_FOUND", f"No draft {draft}", variant)
        return tool_result(envelope("completed", f"Deleted {draft}", {"draftId": draft, "deleted": True, "reason": args["reason"]}))
    if name == "generate_report":
        if variant == "call.async":
            return tool_result(envelope("completed", f"Report on {args['topic']} written", {"topic": args["topic"], "sections": args["sections"]}))
        task = task_id_for(name, args)
        return tool_result(envelope("accepted", f"Report task {task} accepted", {"taskId": task}))
    if name == "export_table":
        rows, fmt, header = args["rows"], args.get("format", "csv"), args.get("includeHeader", True)
        if mode == "async":  # the `changed` variant made this tool async
            task = task_id_for(name, args)
            return tool_result(envelope("accepted", f"Export task {task} accepted", {"taskId": task}))
        content = export_content(rows, fmt, header)
        kind, mime = ("json", "application/json") if fmt == "json" else ("table", "text/csv")
        good = {
            "type": kind,
            "title": "Watch list",
            "url": artifact_url("json" if fmt == "json" else "csv"),
            "mimeType": mime,
            "size": len(content),
            "sha256": hashlib.sha256(content).hexdigest(),
        }
        artifacts = [good]
        if variant == "call.artifacts":
            artifacts = [
                {**good, "url": "file:///var/lib/agent/exports/watchlist.csv"},
                {**good, "url": "http://10.20.30.40/exports/watchlist.csv"},
                {**good, "url": "https://127.0.0.1:8443/exports/watchlist.csv"},
                {k: v for k, v in good.items() if k != "mimeType"} | {"size": "12 KB", "sha256": "abc123"},
                {**good, "type": "pdf", "mimeType": "application/pdf"},
            ]
        env = envelope("completed", f"Exported {rows} rows as {fmt.upper()}", {"rows": rows, "format": fmt}, artifacts)
        if variant == "call.result":
            env["status"] = "done"
        result = tool_result(env)
        if variant == "call.no-inline-files":
            blob = base64.b64encode((content * (2 * 1024 * 1024 // max(len(content), 1) + 1))[: 2 * 1024 * 1024]).decode()
            result["content"].append({
                "type": "resource",
                "resource": {"uri": "file:///exports/watchlist.csv", "mimeType": mime, "blob": blob},
            })
        return result
    raise AssertionError(name)


def build_server(variant: str) -> Server:
    tools = tools_for(variant)
    # Advertised name -> (the good agent's name for it, its definition). Only tool.identity renames one.
    renamed = {"lookup quote": "lookup_quote"}
    by_name = {t["name"]: (renamed.get(t["name"], t["name"]), t) for t in tools}

    async def list_tools(ctx, params) -> dict[str, Any]:
        result: dict[str, Any] = {"tools": copy.deepcopy(tools)}
        if ctx.protocol_version == MODERN_PROTOCOL:  # the 2026-07-28 wire requires these result fields
            result.update(resultType="complete", ttlMs=0, cacheScope="private")
        return result

    async def call_tool(ctx, params) -> dict[str, Any]:
        name, args = params.name, params.arguments if params.arguments is not None else {}
        if name not in by_name:
            if variant == "protocol.errors":
                raise MCPError(code=INTERNAL_ERROR, message="Internal error")
            raise MCPError(code=METHOD_NOT_FOUND, message=f"Unknown tool: {name}")
        canonical_name, tool = by_name[name]
        errors = sorted(jsonschema.Draft202012Validator(tool["inputSchema"]).iter_errors(args), key=lambda e: str(list(e.path)))
        if errors:
            detail = "; ".join(f"{'/'.join(map(str, e.path)) or '(root)'}: {e.message}" for e in errors[:5])
            if variant == "call.invalid-params":
                return tool_result(envelope("failed", f"Input validation error: {detail}", {"errorCode": "INVALID_ARGUMENTS"}), is_error=True)
            raise MCPError(code=INVALID_PARAMS, message=f"Invalid params: {detail}")
        meta = tool["_meta"]
        timeout = meta.get("xiaoya/timeoutSeconds")
        timeout = timeout if isinstance(timeout, int) and 1 <= timeout <= 3600 else 60
        try:
            with anyio.fail_after(timeout):
                result = await run_tool(variant, canonical_name, args, meta.get("xiaoya/executionMode", "sync"))
        except TimeoutError:
            return failure("TIMEOUT", f"{name} took longer than {timeout} s", variant)
        if ctx.protocol_version == MODERN_PROTOCOL:
            result["resultType"] = "complete"
        if variant == "call.context-headers" and ctx.request is not None:
            leaked = ctx.request.headers.get(CALL_CONTEXT_HEADER)
            if leaked is not None:
                env = result["structuredContent"]
                env["summary"] += f" (call context: {leaked})"
                env["data"]["callContext"] = leaked
                result["content"][0:1] = [{"type": "text", "text": env["summary"]}]
        return result

    server: Server = Server(
        "xiaoya-sample-agent",
        version="1.0.0",
        title="Xiaoya sample agent",
        description=f"Sample MCP agent for the Agent check, variant {variant}",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    server.middleware.append(sdk_middleware(variant))
    return server


def sdk_middleware(variant: str):
    """A middleware in the SDK's own chain (Server.middleware): sees every request and its wire result."""

    async def middleware(ctx, call_next):
        method = ctx.method
        params = ctx.params or {}
        if method == "initialize" and variant == "modern-only":
            raise MCPError(
                code=INVALID_PARAMS,
                message="Unsupported protocol version",
                data={"supported": [MODERN_PROTOCOL], "requested": params.get("protocolVersion")},
            )
        try:
            result = await call_next(ctx)
        except MCPError as err:
            if variant == "protocol.errors" and err.code == METHOD_NOT_FOUND:
                raise MCPError(code=INTERNAL_ERROR, message="Internal error") from None
            raise
        if method == "initialize" and variant == "protocol.initialize" and params.get("protocolVersion") == PLATFORM_PROTOCOL:
            result = dict(result)
            result["protocolVersion"] = "2025-11-25"
        if method == "tools/list" and variant == "tool.annotations":
            result = copy.deepcopy(dict(result))
            for tool in result["tools"]:
                if tool["name"] == "delete_draft":
                    tool["annotations"]["destructiveHint"] = "yes"
                    tool["annotations"]["idempotentHint"] = "true"
        return result

    return middleware


# ---------------------------------------------------------------------------------------------
# ASGI around the SDK's app.
# ---------------------------------------------------------------------------------------------

ASGIApp = Callable[[dict, Callable[[], Awaitable[dict]], Callable[[dict], Awaitable[None]]], Awaitable[None]]


async def send_simple(send, status: int, body: bytes = b"", headers: list[tuple[bytes, bytes]] | None = None) -> None:
    await send({"type": "http.response.start", "status": status, "headers": (headers or []) + [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


async def read_body(receive) -> tuple[bytes, list[dict]]:
    """Read the whole request body; return it and the messages to replay to the inner app."""
    chunks, messages = [], []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks), messages


def replaying(messages: list[dict], receive):
    queue = list(messages)

    async def replay():
        if queue:
            return queue.pop(0)
        return await receive()

    return replay


def get_header(scope: dict, name: bytes) -> bytes | None:
    return next((v for k, v in scope["headers"] if k == name), None)


class EndpointOnly:
    """Serves the SDK app at ENDPOINT only (no Starlette slash redirects); 404 elsewhere.

    The protocol.redirect variant answers ENDPOINT with a 307 to REDIRECT_TARGET instead.
    """

    def __init__(self, app: ASGIApp, variant: str):
        self.app, self.variant = app, variant

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope["path"]
        if self.variant == "protocol.redirect":
            if path == ENDPOINT:
                return await send_simple(send, 307, b"", [(b"location", REDIRECT_TARGET.encode())])
            if path == REDIRECT_TARGET:
                return await self.app({**scope, "path": ENDPOINT, "raw_path": ENDPOINT.encode()}, receive, send)
        elif path == ENDPOINT:
            return await self.app(scope, receive, send)
        await send_simple(send, 404, b"Not Found", [(b"content-type", b"text/plain")])


class JsonRpcErrorCodes:
    """Fixes the one error code where the SDK's transport differs from the platform's rules.

    A body that is JSON but not a JSON-RPC message gets -32602 ("Validation error") from the
    SDK's transport; the rules want -32600. The good agent rewrites that code to -32600. The
    protocol.errors variant instead rewrites the transport's -32700 and that answer to -32603.
    """

    def __init__(self, app: ASGIApp, variant: str):
        self.app, self.variant = app, variant

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        start: dict | None = None
        chunks: list[bytes] = []
        buffering = False

        async def capture(message):
            nonlocal start, buffering
            if message["type"] == "http.response.start":
                ctype = dict(message.get("headers", [])).get(b"content-type", b"")
                if message["status"] >= 400 and ctype.startswith(b"application/json"):
                    start, buffering = message, True
                    return
                return await send(message)
            if not buffering:
                return await send(message)
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            try:
                doc = json.loads(body)
                err = doc.get("error") if isinstance(doc, dict) and doc.get("id") is None else None
            except ValueError:
                err = None
            if isinstance(err, dict):
                code, text = err.get("code"), str(err.get("message", ""))
                new = code
                if code == INVALID_PARAMS and text.startswith("Validation error"):
                    new = INVALID_REQUEST
                if self.variant == "protocol.errors" and new in (PARSE_ERROR, INVALID_REQUEST):
                    new = INTERNAL_ERROR
                if new != code:
                    err["code"] = new
                    err["message"] = "Invalid Request" if new == INVALID_REQUEST else "Internal error"
                    err.pop("data", None)
                    body = json.dumps(doc).encode()
            headers = [(k, v) for k, v in start["headers"] if k != b"content-length"] + [(b"content-length", str(len(body)).encode())]
            await send({**start, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, capture)


class AnsweredNotification:
    """protocol.initialized-notification: the SDK handles the notification (and answers 202);
    the client gets HTTP 200 with a JSON-RPC response instead."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)
        body, messages = await read_body(receive)
        try:
            doc = json.loads(body)
        except ValueError:
            doc = None
        if not (isinstance(doc, dict) and doc.get("method") == "notifications/initialized" and "id" not in doc):
            return await self.app(scope, replaying(messages, receive), send)
        status: list[int] = []
        session: list[bytes] = []

        async def swallow(message):
            if message["type"] == "http.response.start":
                status.append(message["status"])
                session.extend(v for k, v in message.get("headers", []) if k == b"mcp-session-id")

        await self.app(scope, replaying(messages, receive), swallow)
        answer = json.dumps({"jsonrpc": "2.0", "id": None, "result": {}}).encode()
        headers = [(b"content-type", b"application/json")] + [(b"mcp-session-id", s) for s in session]
        if status and status[0] >= 400:  # the SDK refused it (say, a bad session id): pass that on
            return await send_simple(send, status[0], b"", headers)
        await send_simple(send, 200, answer, headers)


class RotatingSessionId:
    """protocol.session: each response carries a fresh Mcp-Session-Id; every id handed out stays usable
    (it maps back to the SDK's real session, or to none in stateless mode)."""

    def __init__(self, app: ASGIApp):
        self.app = app
        self.aliases: dict[bytes, bytes | None] = {}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = []
        for k, v in scope["headers"]:
            if k == b"mcp-session-id":
                if v not in self.aliases:
                    headers.append((k, v))  # unknown: let the SDK refuse it
                elif self.aliases[v] is not None:
                    headers.append((k, self.aliases[v]))
                continue
            headers.append((k, v))
        scope = {**scope, "headers": headers}

        async def rotate(message):
            if message["type"] == "http.response.start" and message["status"] < 400:
                real = next((v for k, v in message.get("headers", []) if k == b"mcp-session-id"), None)
                alias = secrets.token_hex(16).encode()
                self.aliases[alias] = real
                message = {**message, "headers": [(k, v) for k, v in message.get("headers", []) if k != b"mcp-session-id"] + [(b"mcp-session-id", alias)]}
            await send(message)

        await self.app(scope, receive, rotate)


class PlainTextLabel:
    """protocol.transport: POST answers are labelled text/plain whatever their body."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] != "POST":
            return await self.app(scope, receive, send)

        async def relabel(message):
            if message["type"] == "http.response.start" and message["status"] < 400:
                headers = [(k, v) for k, v in message.get("headers", []) if k != b"content-type"]
                message = {**message, "headers": headers + [(b"content-type", b"text/plain; charset=utf-8")]}
            await send(message)

        await self.app(scope, receive, relabel)


def build_app(variant: str, json_response: bool, stateless: bool) -> ASGIApp:
    server = build_server(variant)
    if variant == "protocol.origin":
        security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    else:
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=True,
            allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
            allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
        )
    app: ASGIApp = server.streamable_http_app(
        streamable_http_path=ENDPOINT,
        json_response=json_response,
        stateless_http=stateless,
        max_request_body_size=BROKEN_MAX_BODY_BYTES if variant == "protocol.limits" else MAX_BODY_BYTES,
        transport_security=security,
        host=HOST,
    )
    app = JsonRpcErrorCodes(app, variant)
    if variant == "protocol.initialized-notification":
        app = AnsweredNotification(app)
    elif variant == "protocol.session":
        app = RotatingSessionId(app)
    elif variant == "protocol.transport":
        app = PlainTextLabel(app)
    return EndpointOnly(app, variant)


# ---------------------------------------------------------------------------------------------
# Command line.
# ---------------------------------------------------------------------------------------------


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Serve a sample MCP agent over Streamable HTTP on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: pick a free one)")
    answer = parser.add_mutually_exclusive_group()
    answer.add_argument("--json", dest="json_response", action="store_true", help="answer POSTs with JSON (default)")
    answer.add_argument("--sse", dest="json_response", action="store_false", help="answer POSTs with SSE streams")
    session = parser.add_mutually_exclusive_group()
    session.add_argument("--stateful", dest="stateless", action="store_false", help="issue Mcp-Session-Id (default)")
    session.add_argument("--stateless", dest="stateless", action="store_true", help="no session id")
    parser.add_argument("--variant", default="good", help="good, changed, modern-only, or a rule id (see --list-variants)")
    parser.add_argument("--list-variants", action="store_true", help="print every variant, the rule it breaks and how, then exit")
    parser.set_defaults(json_response=True, stateless=False)
    args = parser.parse_args(argv)
    if not args.list_variants and args.variant not in VARIANTS:
        parser.error(f"unknown variant {args.variant!r}; one of: {', '.join(VARIANTS)}")
    return args


async def serve(args: argparse.Namespace) -> None:
    app = build_app(args.variant, args.json_response, args.stateless)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, args.port))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        app,
        log_level="warning",
        lifespan="on",
        limit_concurrency=MAX_CONCURRENCY,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            await task
            raise SystemExit("the server stopped before it started")
        await asyncio.sleep(0.01)
    print(f"LISTENING {port}", flush=True)
    await task


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if args.list_variants:
        for name, (rule, how) in VARIANTS.items():
            print(f"{name}\t{rule}\t{how}")
        return 0
    asyncio.run(serve(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
