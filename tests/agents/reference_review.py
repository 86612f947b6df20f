#!/usr/bin/env python3
"""A small reference review of an MCP agent against the platform's agent-development rules.

It exists so test_sample_agents.py can show that the good sample agent passes every rule and
that each broken variant fails exactly its own rule and no other. It speaks raw HTTP
(http.client, no redirects followed) so it sees what an SDK client hides: status codes,
content types, session ids, bodies. The rule ids are the ones issue #27 fixes; the app's own
review (Rust, rmcp) is the real one, this is a second opinion in a few hundred lines.

    python tests/agents/reference_review.py http://127.0.0.1:PORT/mcp

prints {rule id: [problems]} as JSON (null: the rule could not be checked) and exits 1 when a
rule has a problem. The tool calls it makes are the sample agents' (see CALL_PLAN).
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import re
import sys
import urllib.parse
from dataclasses import dataclass, field
from typing import Any

import jsonschema

PLATFORM_PROTOCOL = "2025-03-26"
HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
CALL_CONTEXT_HEADER = "X-Xiaoya-Call-Context"
FOREIGN_ORIGIN = "http://evil.example"
OVERSIZED_BODY = 2 * 1024 * 1024
INLINE_BLOCK_LIMIT = 64 * 1024
ALLOWED_ARTIFACT_TYPES = {"text", "markdown", "html", "image", "audio", "video", "file", "json", "table", "link"}
STATUSES = {"accepted", "completed", "failed", "cancelled"}
NAME_RE = re.compile(r"^[A-Za-z0-9_./-]{1,64}$")
SEMVER_RE = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$"
)
SHA256_RE = re.compile(r"^[0-9a-f]{64}$")
# Input property names (lower case, without _ and -) that carry what the platform supplies.
PLATFORM_ARGUMENT_WORDS = (
    "userid", "openid", "accountid", "token", "secret", "password", "apikey", "authorization",
    "invocation", "callback", "webhook", "teamid", "teamcontext", "price", "billing", "charge",
    "idempotency", "orderid", "points",
)

PROTOCOL_RULES = (
    "protocol.initialize", "protocol.initialized-notification", "protocol.session", "protocol.transport",
    "protocol.redirect", "protocol.errors", "protocol.limits", "protocol.origin",
)
TOOL_RULES = (
    "tool.identity", "tool.input-schema", "tool.output-schema", "tool.annotations", "tool.meta.version",
    "tool.meta.price", "tool.meta.scopes", "tool.meta.execution-mode", "tool.meta.artifact-types",
    "tool.meta.timeout", "tool.no-platform-arguments",
)
CALL_RULES = (
    "call.result", "call.async", "call.artifacts", "call.invalid-params", "call.business-failure",
    "call.no-inline-files", "call.context-headers",
)
ALL_RULES = PROTOCOL_RULES + TOOL_RULES + CALL_RULES

# (tool, arguments) the review calls; a tool the agent does not list is skipped. A space in an
# advertised name stands for "_" (the tool.identity variant's "lookup quote").
CALL_PLAN: list[tuple[str, dict[str, Any]]] = [
    ("lookup_quote", {"symbol": "ACME", "currency": "USD"}),
    ("lookup_quote", {"symbol": "ZZZZ"}),  # a business failure
    ("delete_draft", {"draftId": "draft_abcd", "reason": "obsolete"}),
    ("delete_draft", {"draftId": "draft_missing", "reason": "other"}),  # a business failure
    ("generate_report", {"topic": "Electric vehicles", "sections": ["market", "risks"], "options": {"language": "en-US"}}),
    ("export_table", {"rows": 3}),
]
INVALID_CALL = ("lookup_quote", {"symbol": 42})


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes
    messages: list[Any] = field(default_factory=list)

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";")[0].strip().lower()

    def message(self, msg_id: Any) -> dict | None:
        return next((m for m in self.messages if isinstance(m, dict) and m.get("id") == msg_id), None)


def parse_messages(ctype: str, body: bytes) -> list[Any]:
    text = body.decode("utf-8", "replace")
    sse = ctype == "text/event-stream" or (ctype not in ("application/json",) and re.match(r"^(event|data|id|retry|:)", text))
    if sse:
        out, data = [], []
        for line in re.split(r"\r\n|\r|\n", text) + [""]:
            if line == "":
                if data:
                    try:
                        out.append(json.loads("\n".join(data)))
                    except ValueError:
                        pass
                data = []
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" ") if line[5:6] == " " else line[5:])
        return out
    if not text.strip():
        return []
    try:
        doc = json.loads(text)
    except ValueError:
        return []
    return doc if isinstance(doc, list) else [doc]


class Wire:
    def __init__(self, url: str, timeout: float = 15):
        parts = urllib.parse.urlsplit(url)
        self.host, self.port = parts.hostname, parts.port or 80
        self.path = parts.path or "/"
        self.timeout = timeout

    def request(self, method: str, body: bytes | dict | None = None, headers: dict[str, str] | None = None) -> Reply:
        payload = json.dumps(body).encode() if isinstance(body, dict) else body
        hdrs = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
        hdrs.update(headers or {})
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            conn.request(method, self.path, body=payload, headers=hdrs)
            resp = conn.getresponse()
            data = resp.read()
            rheaders = {k.lower(): v for k, v in resp.getheaders()}
            reply = Reply(resp.status, rheaders, data)
        finally:
            conn.close()
        reply.messages = parse_messages(reply.content_type, reply.body)
        return reply


def rpc(msg_id: int, method: str, params: dict | None = None) -> dict:
    return {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params or {}}


def initialize_request(msg_id: int = 1) -> dict:
    return rpc(msg_id, "initialize", {
        "protocolVersion": PLATFORM_PROTOCOL,
        "capabilities": {},
        "clientInfo": {"name": "xiaoya-open-platform", "version": "1.0.0"},
    })


def unconstrained(schema: Any, where: str) -> list[str]:
    """Why a property schema is not constrained (lengths, ranges, enums or patterns, array items)."""
    if not isinstance(schema, dict):
        return [f"{where}: not a schema"]
    if "enum" in schema or "const" in schema:
        return []
    kind = schema.get("type")
    if kind == "boolean":
        return []
    if kind == "string":
        return [] if ("maxLength" in schema or "pattern" in schema) else [f"{where}: string without maxLength, pattern or enum"]
    if kind in ("integer", "number"):
        low = "minimum" in schema or "exclusiveMinimum" in schema
        high = "maximum" in schema or "exclusiveMaximum" in schema
        return [] if low and high else [f"{where}: number without a range"]
    if kind == "array":
        if "items" not in schema:
            return [f"{where}: array without items"]
        problems = [] if "maxItems" in schema else [f"{where}: array without maxItems"]
        return problems + unconstrained(schema["items"], f"{where}[]")
    if kind == "object":
        return object_problems(schema, where)
    return [f"{where}: no type"]


def object_problems(schema: dict, where: str) -> list[str]:
    problems = []
    if schema.get("additionalProperties") is not False:
        problems.append(f"{where}: additionalProperties is not false")
    if not isinstance(schema.get("required"), list):
        problems.append(f"{where}: no required list")
    for name, prop in (schema.get("properties") or {}).items():
        problems += unconstrained(prop, f"{where}.{name}")
    return problems


def property_names(schema: Any) -> list[str]:
    names = []
    if isinstance(schema, dict):
        for name, prop in (schema.get("properties") or {}).items():
            names.append(name)
            names += property_names(prop)
        names += property_names(schema.get("items"))
    return names


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def tool_problems(tool: dict, seen: set[str]) -> dict[str, list[str]]:
    """Every tool rule for one tool definition."""
    p: dict[str, list[str]] = {rule: [] for rule in TOOL_RULES}
    name = tool.get("name")
    if not isinstance(name, str) or not NAME_RE.match(name):
        p["tool.identity"].append(f"name {name!r} does not match {NAME_RE.pattern}")
    if name in seen:
        p["tool.identity"].append(f"name {name!r} is not unique")
    for key in ("title", "description"):
        if not isinstance(tool.get(key), str) or not tool[key].strip():
            p["tool.identity"].append(f"no {key}")
    schema = tool.get("inputSchema")
    if not isinstance(schema, dict) or schema.get("type") != "object":
        p["tool.input-schema"].append("inputSchema is not an object schema")
    else:
        p["tool.input-schema"] += object_problems(schema, "inputSchema")
    out = tool.get("outputSchema")
    if not isinstance(out, dict) or out.get("type") != "object":
        p["tool.output-schema"].append("no object outputSchema")
    else:
        props = out.get("properties") or {}
        missing = {"status", "summary", "data", "artifacts"} - set(out.get("required") or [])
        if missing:
            p["tool.output-schema"].append(f"required lacks {sorted(missing)}")
        if set((props.get("status") or {}).get("enum") or []) != STATUSES:
            p["tool.output-schema"].append(f"status enum is not exactly {sorted(STATUSES)}")
        for key, kind in (("summary", "string"), ("data", "object"), ("artifacts", "array")):
            if (props.get(key) or {}).get("type") != kind:
                p["tool.output-schema"].append(f"{key} is not of type {kind}")
    ann = tool.get("annotations") or {}
    for hint in ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"):
        if hint not in ann:
            p["tool.annotations"].append(f"no {hint}")
        elif not isinstance(ann[hint], bool):
            p["tool.annotations"].append(f"{hint} is {ann[hint]!r}, not a boolean")
    meta = tool.get("_meta") or {}
    version = meta.get("xiaoya/version")
    if not isinstance(version, str) or not SEMVER_RE.match(version):
        p["tool.meta.version"].append(f"xiaoya/version {version!r} is not semver")
    price = meta.get("xiaoya/pricePoints")
    if not is_int(price) or price < 0:
        p["tool.meta.price"].append(f"xiaoya/pricePoints {price!r} is not an integer >= 0")
    scopes = meta.get("xiaoya/requiredScopes")
    if not isinstance(scopes, list) or not all(isinstance(s, str) and s for s in scopes):
        p["tool.meta.scopes"].append(f"xiaoya/requiredScopes {scopes!r} is not an array of strings")
    mode = meta.get("xiaoya/executionMode")
    if mode not in ("sync", "async"):
        p["tool.meta.execution-mode"].append(f"xiaoya/executionMode {mode!r} is not sync or async")
    kinds = meta.get("xiaoya/artifactTypes")
    if not isinstance(kinds, list) or not all(k in ALLOWED_ARTIFACT_TYPES for k in kinds):
        p["tool.meta.artifact-types"].append(f"xiaoya/artifactTypes {kinds!r} is not an array of allowed types")
    timeout = meta.get("xiaoya/timeoutSeconds")
    if not is_int(timeout) or not 1 <= timeout <= 3600:
        p["tool.meta.timeout"].append(f"xiaoya/timeoutSeconds {timeout!r} is not an integer 1-3600")
    for prop in property_names(schema):
        norm = prop.lower().replace("_", "").replace("-", "")
        if any(word in norm for word in PLATFORM_ARGUMENT_WORDS):
            p["tool.no-platform-arguments"].append(f"input property {prop!r} is a platform value")
    return p


def private_host(host: str) -> bool:
    host = host.lower().strip("[]")
    if host in ("localhost",) or host.endswith((".localhost", ".local", ".internal", ".lan", ".home.arpa")) or "." not in host:
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_reserved or ip.is_unspecified


def artifact_problems(artifact: Any, declared: Any) -> list[str]:
    if not isinstance(artifact, dict):
        return ["an artifact is not an object"]
    problems = []
    kind = artifact.get("type")
    if kind not in ALLOWED_ARTIFACT_TYPES:
        problems.append(f"type {kind!r} is not allowed")
    elif isinstance(declared, list) and kind not in declared:
        problems.append(f"type {kind!r} is not in the tool's xiaoya/artifactTypes")
    url = artifact.get("url")
    parts = urllib.parse.urlsplit(url) if isinstance(url, str) else None
    if parts is None or parts.scheme != "https":
        problems.append(f"url {url!r} is not https")
    elif not parts.hostname or private_host(parts.hostname):
        problems.append(f"url {url!r} is on a local, private or internal host")
    if not isinstance(artifact.get("mimeType"), str) or "/" not in artifact["mimeType"]:
        problems.append("no mimeType")
    if not is_int(artifact.get("size")) or artifact["size"] < 0:
        problems.append(f"size {artifact.get('size')!r} is not an integer")
    if not isinstance(artifact.get("sha256"), str) or not SHA256_RE.match(artifact["sha256"]):
        problems.append(f"sha256 {artifact.get('sha256')!r} is not 64 hex digits")
    return problems


@dataclass
class Review:
    url: str
    rules: dict[str, list[str] | None] = field(default_factory=lambda: {rule: None for rule in ALL_RULES})
    tools: list[dict] = field(default_factory=list)
    negotiated: str | None = None
    session_id: str | None = None

    def fail(self, rule: str, problem: str) -> None:
        if self.rules[rule] is None:
            self.rules[rule] = []
        self.rules[rule].append(problem)

    def ran(self, *rules: str) -> None:
        for rule in rules:
            if self.rules[rule] is None:
                self.rules[rule] = []

    def failing(self) -> dict[str, list[str]]:
        return {rule: problems for rule, problems in self.rules.items() if problems}


def review(url: str, *, call_plan: list[tuple[str, dict]] | None = None, canary: str = "ctx-canary-7f3a9c") -> Review:
    """Run the platform's sequence against `url` and check every rule that the answers show."""
    rv = Review(url)
    wire = Wire(url)
    sent: list[Reply] = []

    def post(body, headers=None, *, track=True) -> Reply:
        reply = wire.request("POST", body, headers)
        if track:
            sent.append(reply)
        if 300 <= reply.status < 400:
            rv.fail("protocol.redirect", f"HTTP {reply.status} to {reply.headers.get('location')!r}")
        return reply

    # 1. initialize
    rv.ran("protocol.redirect", "protocol.initialize")
    init = post(initialize_request(1))
    if 300 <= init.status < 400:
        return rv
    answer = init.message(1)
    if answer is None:
        rv.fail("protocol.initialize", f"no JSON-RPC answer to initialize (HTTP {init.status})")
        return rv
    if "error" in answer:
        rv.fail("protocol.initialize", f"initialize refused: {answer['error']}")
        return rv
    result = answer.get("result") or {}
    rv.negotiated = result.get("protocolVersion")
    if rv.negotiated != PLATFORM_PROTOCOL:
        rv.fail("protocol.initialize", f"negotiated {rv.negotiated!r}, not {PLATFORM_PROTOCOL}")
    if not isinstance((result.get("capabilities") or {}).get("tools"), dict):
        rv.fail("protocol.initialize", "no tools capability")
    if not (result.get("serverInfo") or {}).get("name"):
        rv.fail("protocol.initialize", "no serverInfo")
    rv.session_id = init.headers.get("mcp-session-id")
    headers = {}
    if rv.session_id is not None:
        headers["Mcp-Session-Id"] = rv.session_id
    if rv.negotiated in HANDSHAKE_VERSIONS and rv.negotiated != "2024-11-05":
        headers["MCP-Protocol-Version"] = rv.negotiated

    # 2. notifications/initialized: 202, no body
    rv.ran("protocol.initialized-notification")
    note = post({"jsonrpc": "2.0", "method": "notifications/initialized"}, headers, track=False)
    if note.status != 202 or note.body.strip():
        rv.fail("protocol.initialized-notification", f"answered HTTP {note.status} with {note.body[:80]!r}, not 202 and no body")

    # 3. tools/list
    listed = post(rpc(2, "tools/list"), headers)
    tools_answer = listed.message(2) or {}
    rv.tools = ((tools_answer.get("result") or {}).get("tools")) or []
    seen: set[str] = set()
    rv.ran(*TOOL_RULES)
    for tool in rv.tools:
        for rule, problems in tool_problems(tool, seen).items():
            for problem in problems:
                rv.fail(rule, f"{tool.get('name')}: {problem}")
        seen.add(tool.get("name"))
    by_name = {str(t.get("name")).replace(" ", "_"): t for t in rv.tools}

    # 4. calls
    rv.ran(*CALL_RULES)
    for index, (name, args) in enumerate(call_plan if call_plan is not None else CALL_PLAN):
        tool = by_name.get(name)
        if tool is None:
            continue
        call_headers = {**headers, CALL_CONTEXT_HEADER: canary}
        msg_id = 100 + index
        reply = post(rpc(msg_id, "tools/call", {"name": tool["name"], "arguments": args}), call_headers)
        check_call(rv, tool, reply, msg_id, canary)
        meta = tool.get("_meta") or {}
        if meta.get("xiaoya/executionMode") == "async":
            again = post(rpc(msg_id + 50, "tools/call", {"name": tool["name"], "arguments": args}), headers)
            first = ((reply.message(msg_id) or {}).get("result") or {}).get("structuredContent") or {}
            second = ((again.message(msg_id + 50) or {}).get("result") or {}).get("structuredContent") or {}
            task, task2 = (first.get("data") or {}).get("taskId"), (second.get("data") or {}).get("taskId")
            if first.get("status") != "accepted":
                rv.fail("call.async", f"{name}: async tool answered {first.get('status')!r}, not accepted")
            if not isinstance(task, str) or not task:
                rv.fail("call.async", f"{name}: no task id (data.taskId)")
            elif task != task2:
                rv.fail("call.async", f"{name}: the same call got task ids {task!r} and {task2!r}")
    invalid_tool = by_name.get(INVALID_CALL[0])
    if invalid_tool is not None:
        reply = post(rpc(90, "tools/call", {"name": invalid_tool["name"], "arguments": INVALID_CALL[1]}), headers)
        err = (reply.message(90) or {}).get("error")
        if not err or err.get("code") != -32602:
            rv.fail("call.invalid-params", f"arguments that break the inputSchema got {reply.message(90)!r:.160}, not -32602")

    # 5. errors
    rv.ran("protocol.errors")
    for label, body, want in (
        ("malformed JSON", b'{"jsonrpc": "2.0", "id": 91, "method": ', -32700),
        ("not JSON-RPC", b'{"hello": "world"}', -32600),
        ("unknown method", rpc(92, "no/such-method"), -32601),
        ("unknown tool", rpc(93, "tools/call", {"name": "no_such_tool", "arguments": {}}), -32601),
    ):
        reply = post(body, headers)
        err = next((m.get("error") for m in reply.messages if isinstance(m, dict) and "error" in m), None)
        if not err or err.get("code") != want:
            rv.fail("protocol.errors", f"{label}: got {err.get('code') if err else None}, not {want}")

    # 6. limits: an oversized body is refused
    rv.ran("protocol.limits")
    padding = "x" * OVERSIZED_BODY
    big = post(rpc(94, "ping", {"_meta": {"padding": padding}}), headers, track=False)
    if big.status != 413:
        rv.fail("protocol.limits", f"a {OVERSIZED_BODY}-byte body got HTTP {big.status}, not 413")

    # 7. origin: a loopback server refuses a foreign Origin
    rv.ran("protocol.origin")
    foreign = post(rpc(95, "tools/list"), {**headers, "Origin": FOREIGN_ORIGIN}, track=False)
    if foreign.status != 403:
        rv.fail("protocol.origin", f"Origin {FOREIGN_ORIGIN} got HTTP {foreign.status}, not 403")

    # 8. session
    rv.ran("protocol.session")
    for reply in sent:
        got = reply.headers.get("mcp-session-id")
        if got is not None and got != rv.session_id:
            rv.fail("protocol.session", f"a response carries Mcp-Session-Id {got!r}, not {rv.session_id!r}")
            break
    if rv.session_id is not None:
        if not re.fullmatch(r"[\x21-\x7e]+", rv.session_id):
            rv.fail("protocol.session", "the session id is not visible ASCII")
        bare = {k: v for k, v in headers.items() if k != "Mcp-Session-Id"}
        missing = post(rpc(96, "tools/list"), bare, track=False)
        if missing.status != 400:
            rv.fail("protocol.session", f"a request without the session id got HTTP {missing.status}, not 400")
        unknown = post(rpc(97, "tools/list"), {**bare, "Mcp-Session-Id": "no-such-session"}, track=False)
        if unknown.status != 404:
            rv.fail("protocol.session", f"an unknown session id got HTTP {unknown.status}, not 404")

    # 9. transport: every answer is JSON or SSE, and labelled so
    rv.ran("protocol.transport")
    for reply in sent:
        if reply.body and reply.content_type not in ("application/json", "text/event-stream"):
            rv.fail("protocol.transport", f"an answer is labelled {reply.content_type!r}")
            break
    if rv.session_id is not None:
        wire.request("DELETE", None, headers)
    return rv


def check_call(rv: Review, tool: dict, reply: Reply, msg_id: int, canary: str) -> None:
    name = tool.get("name")
    if canary.encode() in reply.body:
        rv.fail("call.context-headers", f"{name}: the {CALL_CONTEXT_HEADER} value came back in the result")
    if len(reply.body) > 1024 * 1024:
        rv.fail("call.no-inline-files", f"{name}: a {len(reply.body)}-byte answer")
    answer = reply.message(msg_id) or {}
    result = answer.get("result")
    if not isinstance(result, dict):
        rv.fail("call.result", f"{name}: no result ({answer.get('error')})")
        return
    for block in result.get("content") or []:
        kind = block.get("type") if isinstance(block, dict) else None
        resource = block.get("resource") if isinstance(block, dict) else None
        if kind in ("image", "audio") or (isinstance(resource, dict) and "blob" in resource):
            rv.fail("call.no-inline-files", f"{name}: an inline {kind} content block")
        elif len(json.dumps(block)) > INLINE_BLOCK_LIMIT:
            rv.fail("call.no-inline-files", f"{name}: a content block over {INLINE_BLOCK_LIMIT} bytes")
    structured = result.get("structuredContent")
    if not any(isinstance(b, dict) and b.get("type") == "text" for b in result.get("content") or []):
        rv.fail("call.result", f"{name}: no text content block")
    if not isinstance(structured, dict):
        rv.fail("call.result", f"{name}: no structuredContent")
        return
    schema = tool.get("outputSchema")
    if isinstance(schema, dict):
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(structured))
        if errors:
            rv.fail("call.result", f"{name}: structuredContent breaks the outputSchema: {errors[0].message}")
    if structured.get("status") == "failed":
        code = (structured.get("data") or {}).get("errorCode")
        if not isinstance(code, str) or not code:
            rv.fail("call.business-failure", f"{name}: status failed without data.errorCode")
    declared = (tool.get("_meta") or {}).get("xiaoya/artifactTypes")
    for artifact in structured.get("artifacts") or []:
        for problem in artifact_problems(artifact, declared):
            rv.fail("call.artifacts", f"{name}: {problem}")


def snapshot_changes(old: list[dict], new: list[dict]) -> list[dict[str, Any]]:
    """What changed between two tool lists, and whether the rules want a fresh review for it."""
    changes = []
    old_by, new_by = {t["name"]: t for t in old}, {t["name"]: t for t in new}
    for name in old_by.keys() - new_by.keys():
        changes.append({"tool": name, "change": "removed", "review": True})
    for name in new_by.keys() - old_by.keys():
        changes.append({"tool": name, "change": "added", "review": True})
    for name in sorted(old_by.keys() & new_by.keys()):
        a, b = old_by[name], new_by[name]
        am, bm = a.get("_meta") or {}, b.get("_meta") or {}
        if a.get("inputSchema") != b.get("inputSchema"):
            changes.append({"tool": name, "change": "input", "review": True})
        if (bm.get("xiaoya/pricePoints") or 0) > (am.get("xiaoya/pricePoints") or 0):
            changes.append({"tool": name, "change": "price-up", "review": True})
        if set(bm.get("xiaoya/requiredScopes") or []) - set(am.get("xiaoya/requiredScopes") or []):
            changes.append({"tool": name, "change": "scopes-expanded", "review": True})
        if am.get("xiaoya/executionMode") == "sync" and bm.get("xiaoya/executionMode") == "async":
            changes.append({"tool": name, "change": "sync-to-async", "review": True})
        review_keys = {"inputSchema", "_meta"}
        for key in sorted((a.keys() | b.keys()) - review_keys):
            if a.get(key) != b.get(key):
                changes.append({"tool": name, "change": key, "review": False})
        for key in sorted((am.keys() | bm.keys()) - {"xiaoya/pricePoints", "xiaoya/requiredScopes", "xiaoya/executionMode"}):
            if am.get(key) != bm.get(key):
                changes.append({"tool": name, "change": key, "review": False})
    return changes


if __name__ == "__main__":
    result = review(sys.argv[1])
    print(json.dumps({"negotiated": result.negotiated, "rules": result.rules}, indent=2, ensure_ascii=False))
    sys.exit(1 if result.failing() else 0)
