"""Do the sample agents do what they claim? (issue #27, item 7)

Run with the agents' venv:

    py="$(scripts/agents-venv.sh)" && "$py" -m unittest discover -s tests/agents

- The good agent, in each of the four modes (JSON or SSE answers, stateful or stateless), is
  driven with the SDK's own client through the platform's sequence (initialize with
  2025-03-26, notifications/initialized, tools/list, tools/call) and reviewed over raw HTTP by
  reference_review.py: every rule passes.
- Every other variant is reviewed the same way: exactly its own rule fails, with the problems
  VARIANTS.md describes, and every other rule passes.

Every agent is a child process on 127.0.0.1 with a port of its own choosing; each wait is
bounded, and every process is killed at the end whatever happens.
"""

from __future__ import annotations

import atexit
import http.client
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from typing import Any

import anyio
import mcp_types as types
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

import reference_review as ref

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
AGENT = os.path.join(HERE, "sample_agent.py")
STARTUP_TIMEOUT = 30.0
CLIENT_TIMEOUT = 30.0
MODES = [(True, False), (False, False), (True, True), (False, True)]  # (json answers, stateless)

REQUIRED_RULE_VARIANTS = [
    "protocol.initialize", "protocol.initialized-notification", "protocol.session", "protocol.transport",
    "protocol.redirect", "protocol.errors", "protocol.limits", "protocol.origin", "tool.identity",
    "tool.input-schema", "tool.output-schema", "tool.annotations", "tool.meta.version", "tool.meta.price",
    "tool.meta.scopes", "tool.meta.execution-mode", "tool.meta.artifact-types", "tool.meta.timeout",
    "tool.no-platform-arguments", "call.result", "call.async", "call.artifacts", "call.invalid-params",
    "call.business-failure",
]

_RUNNING: list["Agent"] = []


def mode_name(json_answers: bool, stateless: bool) -> str:
    return f"{'json' if json_answers else 'sse'}_{'stateless' if stateless else 'stateful'}"


class Agent:
    """One sample agent in a child process."""

    def __init__(self, variant: str = "good", json_answers: bool = True, stateless: bool = False):
        self.variant, self.json_answers, self.stateless = variant, json_answers, stateless
        self.port: int | None = None
        self.proc: subprocess.Popen | None = None
        self.stderr = tempfile.TemporaryFile()
        self._lines: queue.Queue[str | None] = queue.Queue()

    def start(self) -> "Agent":
        cmd = [
            sys.executable, AGENT, "--port", "0",
            "--json" if self.json_answers else "--sse",
            "--stateless" if self.stateless else "--stateful",
            "--variant", self.variant,
        ]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.stderr, text=True, start_new_session=True)
        _RUNNING.append(self)

        def pump(stream):
            for line in stream:
                self._lines.put(line)
            self._lines.put(None)

        threading.Thread(target=pump, args=(self.proc.stdout,), daemon=True).start()
        return self

    def wait_ready(self, deadline: float) -> "Agent":
        while True:
            try:
                line = self._lines.get(timeout=max(0.05, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"{self.variant}: no LISTENING line within {STARTUP_TIMEOUT} s{self._err()}") from None
            if line is None:
                raise AssertionError(f"{self.variant}: exited with {self.proc.wait()} before listening{self._err()}")
            match = re.fullmatch(r"LISTENING (\d+)\s*", line)
            if match:
                self.port = int(match.group(1))
                return self

    def _err(self) -> str:
        self.stderr.seek(0)
        return "\n" + self.stderr.read().decode(errors="replace")[-2000:]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        if self in _RUNNING:
            _RUNNING.remove(self)
        self.stderr.close()


def stop_all() -> None:
    for agent in list(_RUNNING):
        agent.stop()


atexit.register(stop_all)


def tearDownModule() -> None:  # noqa: N802 (unittest's name)
    stop_all()


def start_agents(specs: list[tuple[str, bool, bool]]) -> list[Agent]:
    """Start several agents at once and wait until all of them listen."""
    agents = [Agent(*spec).start() for spec in specs]
    deadline = time.monotonic() + STARTUP_TIMEOUT + len(agents)
    for agent in agents:
        agent.wait_ready(deadline)
    return agents


def raw(port: int, body: bytes | dict, headers: dict[str, str] | None = None, path: str = "/mcp") -> ref.Reply:
    wire = ref.Wire(f"http://127.0.0.1:{port}{path}", timeout=15)
    return wire.request("POST", body, headers)


def handshake(port: int) -> dict[str, str]:
    """The platform's initialize and initialized notification over raw HTTP; returns the headers to send next."""
    init = raw(port, ref.initialize_request(1))
    headers = {"MCP-Protocol-Version": ref.PLATFORM_PROTOCOL}
    if "mcp-session-id" in init.headers:
        headers["Mcp-Session-Id"] = init.headers["mcp-session-id"]
    raw(port, {"jsonrpc": "2.0", "method": "notifications/initialized"}, headers)
    return headers


def run_async(fn, *args):
    async def bounded():
        with anyio.fail_after(CLIENT_TIMEOUT):
            return await fn(*args)

    return anyio.run(bounded)


async def platform_client_session(url: str, body):
    """Open the SDK's client on `url`, do the platform's handshake (2025-03-26), run `body(session, init)`."""
    async with streamable_http_client(url) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.send_request(
                types.InitializeRequest(
                    params=types.InitializeRequestParams(
                        protocol_version=ref.PLATFORM_PROTOCOL,
                        capabilities=types.ClientCapabilities(),
                        client_info=types.Implementation(name="xiaoya-open-platform", version="1.0.0"),
                    )
                ),
                types.InitializeResult,
            )
            session.adopt(init)
            await session.send_notification(types.InitializedNotification())
            return await body(session, init)


class GoodAgentBase(unittest.TestCase):
    """The good agent in one mode; subclassed below for each of the four."""

    json_answers = True
    stateless = False
    agent: Agent

    @classmethod
    def setUpClass(cls) -> None:
        cls.agent = start_agents([("good", cls.json_answers, cls.stateless)])[0]
        cls.addClassCleanup(cls.agent.stop)

    def test_reference_review_passes_every_rule(self) -> None:
        rv = ref.review(self.agent.url)
        self.assertEqual(rv.negotiated, "2025-03-26")
        self.assertEqual([r for r, p in rv.rules.items() if p is None], [], "every rule was checked")
        self.assertEqual(rv.failing(), {})

    def test_sdk_client_runs_the_platform_sequence(self) -> None:
        async def body(session: ClientSession, init: types.InitializeResult):
            listed = await session.list_tools()
            quote = await session.call_tool("lookup_quote", {"symbol": "ACME", "currency": "EUR"})
            export = await session.call_tool("export_table", {"rows": 4, "format": "json"})
            report_args = {"topic": "Batteries", "sections": ["summary", "outlook"]}
            report1 = await session.call_tool("generate_report", report_args)
            report2 = await session.call_tool("generate_report", report_args)
            failed = await session.call_tool("delete_draft", {"draftId": "draft_missing", "reason": "other"})
            errors = {}
            for label, name, args in (
                ("invalid", "lookup_quote", {"symbol": "acme"}),
                ("extra", "export_table", {"rows": 2, "sheet": "x"}),
                ("range", "export_table", {"rows": 0}),
                ("unknown", "no_such_tool", {}),
            ):
                try:
                    await session.call_tool(name, args)
                    errors[label] = None
                except MCPError as err:
                    errors[label] = err.code
            return init, listed, quote, export, report1, report2, failed, errors

        init, listed, quote, export, report1, report2, failed, errors = run_async(
            platform_client_session, self.agent.url, body
        )
        self.assertEqual(init.protocol_version, "2025-03-26")
        self.assertIsNotNone(init.capabilities.tools)
        tools = {t.name: t for t in listed.tools}
        self.assertEqual(set(tools), {"lookup_quote", "delete_draft", "generate_report", "export_table"})
        self.assertTrue(tools["lookup_quote"].annotations.read_only_hint)
        self.assertTrue(tools["delete_draft"].annotations.destructive_hint)
        self.assertEqual(tools["delete_draft"].meta["xiaoya/pricePoints"], 5)
        self.assertEqual(tools["lookup_quote"].meta["xiaoya/pricePoints"], 0)
        self.assertEqual(tools["generate_report"].meta["xiaoya/executionMode"], "async")
        self.assertEqual(tools["export_table"].meta["xiaoya/artifactTypes"], ["table", "json"])
        # The SDK's client validated each structuredContent against the tool's outputSchema.
        self.assertFalse(quote.is_error)
        self.assertEqual(quote.structured_content["status"], "completed")
        self.assertEqual(quote.content[0].type, "text")
        self.assertEqual(quote.content[0].text, quote.structured_content["summary"])
        artifact = export.structured_content["artifacts"][0]
        self.assertEqual(artifact["type"], "json")
        self.assertEqual(artifact["mimeType"], "application/json")
        self.assertRegex(artifact["url"], r"^https://agent\.example\.com/artifacts/[0-9a-f]{32}\.json\?expires=\d+&signature=[0-9a-f]{32}$")
        self.assertRegex(artifact["sha256"], r"^[0-9a-f]{64}$")
        self.assertIsInstance(artifact["size"], int)
        self.assertEqual(report1.structured_content["status"], "accepted")
        self.assertRegex(report1.structured_content["data"]["taskId"], r"^task_[0-9a-f]{32}$")
        self.assertEqual(report1.structured_content["data"]["taskId"], report2.structured_content["data"]["taskId"])
        self.assertTrue(failed.is_error)
        self.assertEqual(failed.structured_content["status"], "failed")
        self.assertEqual(failed.structured_content["data"]["errorCode"], "DRAFT_NOT_FOUND")
        self.assertEqual(errors, {"invalid": -32602, "extra": -32602, "range": -32602, "unknown": -32601})

    def test_sdk_client_default_handshake_also_works(self) -> None:
        async def go():
            async with streamable_http_client(self.agent.url) as (read, write):
                async with ClientSession(read, write) as session:
                    init = await session.initialize()
                    listed = await session.list_tools()
                    return init.protocol_version, len(listed.tools)

        self.assertEqual(run_async(go), ("2025-11-25", 4))

    def test_answers_and_session_ids_on_the_wire(self) -> None:
        init = raw(self.agent.port, ref.initialize_request(1))
        self.assertEqual(init.status, 200)
        self.assertEqual(init.content_type, "application/json" if self.json_answers else "text/event-stream")
        session = init.headers.get("mcp-session-id")
        if self.stateless:
            self.assertIsNone(session)
        else:
            self.assertRegex(session, r"^[\x21-\x7e]+$")
        headers = {"MCP-Protocol-Version": ref.PLATFORM_PROTOCOL, **({"Mcp-Session-Id": session} if session else {})}
        note = raw(self.agent.port, {"jsonrpc": "2.0", "method": "notifications/initialized"}, headers)
        self.assertEqual((note.status, note.body), (202, b""))
        listed = raw(self.agent.port, ref.rpc(2, "tools/list"), headers)
        self.assertEqual(listed.headers.get("mcp-session-id"), session)
        self.assertEqual(len(listed.message(2)["result"]["tools"]), 4)
        if not self.stateless:
            gone = ref.Wire(self.agent.url).request("DELETE", None, headers)
            self.assertEqual(gone.status, 200)
            after = raw(self.agent.port, ref.rpc(3, "tools/list"), headers)
            self.assertEqual(after.status, 404)

    def test_body_limit_origin_and_no_redirects(self) -> None:
        headers = handshake(self.agent.port)
        small = raw(self.agent.port, ref.rpc(5, "ping", {"_meta": {"padding": "x" * 900_000}}), headers)
        self.assertEqual(small.status, 200)
        self.assertEqual(small.message(5)["result"], {})
        big = raw(self.agent.port, ref.rpc(6, "ping", {"_meta": {"padding": "x" * (1024 * 1024)}}), headers)
        self.assertEqual(big.status, 413)
        foreign = raw(self.agent.port, ref.rpc(7, "tools/list"), {**headers, "Origin": "http://evil.example"})
        self.assertEqual(foreign.status, 403)
        own = raw(self.agent.port, ref.rpc(8, "tools/list"), {**headers, "Origin": f"http://127.0.0.1:{self.agent.port}"})
        self.assertEqual(own.status, 200)
        for path in ("/mcp/", "/", "/mcp/v2"):
            other = raw(self.agent.port, ref.rpc(9, "tools/list"), headers, path=path)
            self.assertEqual(other.status, 404, path)

    def test_error_codes(self) -> None:
        headers = handshake(self.agent.port)
        for body, code, status in (
            (b"{not json", -32700, 400),
            (b'{"hello": "world"}', -32600, 400),
            (b"[1, 2]", -32600, 400),
            (ref.rpc(11, "no/such-method"), -32601, 200),
            (ref.rpc(12, "tools/call", {"name": "nope", "arguments": {}}), -32601, 200),
            (ref.rpc(13, "tools/call", {"name": "lookup_quote", "arguments": {"symbol": 42}}), -32602, 200),
            (ref.rpc(14, "tools/call", {"name": "lookup_quote"}), -32602, 200),
        ):
            reply = raw(self.agent.port, body, headers)
            with self.subTest(body=body):
                self.assertEqual(reply.status, status)
                self.assertEqual(reply.messages[0]["error"]["code"], code)

    def test_call_context_header_not_echoed(self) -> None:
        headers = handshake(self.agent.port)
        reply = raw(
            self.agent.port,
            ref.rpc(20, "tools/call", {"name": "lookup_quote", "arguments": {"symbol": "ACME"}}),
            {**headers, "X-Xiaoya-Call-Context": "secret-context-value"},
        )
        self.assertEqual(reply.message(20)["result"]["structuredContent"]["status"], "completed")
        self.assertNotIn(b"secret-context-value", reply.body)


for _json, _stateless in MODES:
    _name = f"GoodAgent_{mode_name(_json, _stateless)}"
    globals()[_name] = type(_name, (GoodAgentBase,), {"json_answers": _json, "stateless": _stateless})
del GoodAgentBase  # only its four subclasses run


# Problems the reference review must report for each broken variant (substrings, one per
# breakage VARIANTS.md lists), besides the rule being the only one failing.
EXPECTED_PROBLEMS: dict[str, list[str]] = {
    "modern-only": ["initialize refused", "Unsupported protocol version", "2026-07-28"],
    "protocol.initialize": ["negotiated '2025-11-25'"],
    "protocol.initialized-notification": ["answered HTTP 200"],
    "protocol.session": ["a response carries Mcp-Session-Id"],
    "protocol.transport": ["labelled 'text/plain'"],
    "protocol.redirect": ["HTTP 307 to '/mcp/v2'"],
    "protocol.errors": ["malformed JSON: got -32603", "not JSON-RPC: got -32603", "unknown method: got -32603", "unknown tool: got -32603"],
    "protocol.limits": ["body got HTTP 200, not 413"],
    "protocol.origin": ["Origin http://evil.example got HTTP 200"],
    "tool.identity": ["lookup quote: name 'lookup quote' does not match", "export_table: no title"],
    "tool.input-schema": [
        "delete_draft: inputSchema: additionalProperties is not false",
        "lookup_quote: inputSchema.symbol: string without",
        "generate_report: inputSchema.sections: array without items",
        "export_table: inputSchema: no required list",
    ],
    "tool.output-schema": ["lookup_quote: status enum is not exactly", "export_table: required lacks"],
    "tool.annotations": [
        "lookup_quote: no destructiveHint", "lookup_quote: no idempotentHint", "lookup_quote: no openWorldHint",
        "delete_draft: destructiveHint is 'yes'", "delete_draft: idempotentHint is 'true'",
    ],
    "tool.meta.version": ["lookup_quote: xiaoya/version None", "delete_draft: xiaoya/version '2.0'"],
    "tool.meta.price": [
        "lookup_quote: xiaoya/pricePoints None", "delete_draft: xiaoya/pricePoints '5'", "generate_report: xiaoya/pricePoints -20",
    ],
    "tool.meta.scopes": ["lookup_quote: xiaoya/requiredScopes None", "delete_draft: xiaoya/requiredScopes 'drafts:write'"],
    "tool.meta.execution-mode": ["lookup_quote: xiaoya/executionMode None", "generate_report: xiaoya/executionMode 'background'"],
    "tool.meta.artifact-types": ["export_table: xiaoya/artifactTypes ['table', 'csv']", "lookup_quote: xiaoya/artifactTypes None"],
    "tool.meta.timeout": [
        "lookup_quote: xiaoya/timeoutSeconds None", "generate_report: xiaoya/timeoutSeconds 7200", "export_table: xiaoya/timeoutSeconds '60'",
    ],
    "tool.no-platform-arguments": ["'userId'", "'accessToken'", "'invocationId'", "'callbackUrl'", "'teamId'", "'pricePoints'"],
    "call.result": ["lookup_quote: no text content block", "export_table: structuredContent breaks the outputSchema: 'done'"],
    "call.async": ["generate_report: async tool answered 'completed'", "generate_report: no task id"],
    "call.artifacts": [
        "'file:///var/lib/agent/exports/watchlist.csv' is not https",
        "'http://10.20.30.40/exports/watchlist.csv' is not https",
        "'https://127.0.0.1:8443/exports/watchlist.csv' is on a local, private or internal host",
        "no mimeType", "size '12 KB'", "sha256 'abc123'", "type 'pdf' is not allowed",
    ],
    "call.invalid-params": ["arguments that break the inputSchema got", "Input validation error"],
    "call.business-failure": ["lookup_quote: status failed without data.errorCode", "delete_draft: status failed without data.errorCode"],
    "call.no-inline-files": ["export_table: an inline resource content block"],
    "call.context-headers": ["lookup_quote: the X-Xiaoya-Call-Context value came back"],
}


def broken_variants() -> list[tuple[str, str]]:
    """(variant, rule it breaks) for every variant but good and changed, from the agent's own list."""
    out = subprocess.run([sys.executable, AGENT, "--list-variants"], capture_output=True, text=True, timeout=60, check=True)
    rows = [line.split("\t") for line in out.stdout.splitlines() if line.strip()]
    return [(name, rule) for name, rule, _how in rows if name not in ("good", "changed")]


BROKEN = broken_variants()


class BrokenVariants(unittest.TestCase):
    """Each broken variant, in one of the four modes (they take turns), breaks its own rule and only that."""

    agents: dict[str, Agent] = {}

    @classmethod
    def setUpClass(cls) -> None:
        specs = [(name, *MODES[i % len(MODES)]) for i, (name, _rule) in enumerate(BROKEN)] + [("changed", False, False), ("good", True, True)]
        started = start_agents(specs)
        cls.agents = {agent.variant: agent for agent in started}
        for agent in started:
            cls.addClassCleanup(agent.stop)

    def test_every_required_rule_id_has_a_variant(self) -> None:
        names = {name for name, _ in BROKEN}
        self.assertEqual([r for r in REQUIRED_RULE_VARIANTS if r not in names], [])
        self.assertEqual(set(EXPECTED_PROBLEMS), names)
        for name, rule in BROKEN:
            self.assertEqual(rule, "protocol.initialize" if name == "modern-only" else name)

    def test_variants_md_lists_every_variant(self) -> None:
        with open(os.path.join(HERE, "VARIANTS.md"), encoding="utf-8") as f:
            text = f.read()
        out = subprocess.run([sys.executable, AGENT, "--list-variants"], capture_output=True, text=True, timeout=60, check=True)
        for name, rule, how in (line.split("\t") for line in out.stdout.splitlines()):
            if name in ("good", "changed"):
                self.assertIn(f"| `{name}` | none |", text)
            else:
                self.assertIn(f"| `{name}` | `{rule}` | {how.replace('|', chr(92) + '|')} |", text)

    def check_variant(self, name: str, rule: str) -> None:
        agent = self.agents[name]
        rv = ref.review(agent.url)
        failing = rv.failing()
        self.assertEqual(sorted(failing), [rule], f"{name} ({mode_name(agent.json_answers, agent.stateless)}): {failing}")
        text = "\n".join(failing[rule])
        for expected in EXPECTED_PROBLEMS[name]:
            self.assertIn(expected, text)
        if name in ("modern-only", "protocol.redirect"):
            # The review stops where the platform would; nothing else was checked.
            self.assertEqual({r for r, p in rv.rules.items() if p is not None}, {"protocol.initialize", "protocol.redirect"})
        else:
            self.assertEqual([r for r, p in rv.rules.items() if p is None], [])

    def test_modern_only_serves_the_2026_wire(self) -> None:
        agent = self.agents["modern-only"]
        meta = {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "xiaoya-check", "version": "1.0.0"},
            "io.modelcontextprotocol/clientCapabilities": {},
        }
        headers = {"MCP-Protocol-Version": "2026-07-28"}
        discover = raw(agent.port, ref.rpc(1, "server/discover", {"_meta": meta}), {**headers, "Mcp-Method": "server/discover"})
        self.assertEqual(discover.message(1)["result"]["supportedVersions"], ["2026-07-28"])
        listed = raw(agent.port, ref.rpc(2, "tools/list", {"_meta": meta}), {**headers, "Mcp-Method": "tools/list"})
        self.assertEqual(len(listed.message(2)["result"]["tools"]), 4)

    def test_redirect_target_is_the_good_agent(self) -> None:
        agent = self.agents["protocol.redirect"]
        reply = raw(agent.port, ref.initialize_request(1))
        self.assertEqual((reply.status, reply.headers.get("location")), (307, "/mcp/v2"))
        rv = ref.review(agent.url + "/v2")
        self.assertEqual(rv.failing(), {})

    def test_rotating_session_ids_all_work(self) -> None:
        agent = self.agents["protocol.session"]
        init = raw(agent.port, ref.initialize_request(1))
        first = init.headers["mcp-session-id"]
        second = raw(agent.port, ref.rpc(2, "tools/list"), {"Mcp-Session-Id": first}).headers["mcp-session-id"]
        self.assertNotEqual(first, second)
        third = raw(agent.port, ref.rpc(3, "tools/list"), {"Mcp-Session-Id": second})
        self.assertEqual(len(third.message(3)["result"]["tools"]), 4)

    def test_price_variant_lacks_an_integer_price(self) -> None:
        agent = self.agents["tool.meta.price"]
        headers = handshake(agent.port)
        tools = {t["name"]: t for t in raw(agent.port, ref.rpc(2, "tools/list"), headers).message(2)["result"]["tools"]}
        self.assertNotIn("xiaoya/pricePoints", tools["lookup_quote"]["_meta"])
        self.assertEqual(tools["delete_draft"]["_meta"]["xiaoya/pricePoints"], "5")

    def test_changed_is_a_good_agent_whose_snapshot_needs_a_fresh_review(self) -> None:
        good, changed = ref.review(self.agents["good"].url), ref.review(self.agents["changed"].url)
        self.assertEqual(changed.failing(), {})
        changes = {(c["tool"], c["change"], c["review"]) for c in ref.snapshot_changes(good.tools, changed.tools)}
        self.assertEqual(changes, {
            ("delete_draft", "removed", True),
            ("generate_report", "price-up", True),
            ("export_table", "sync-to-async", True),
            ("lookup_quote", "scopes-expanded", True),
            ("generate_report", "title", False),
        })
        headers = handshake(self.agents["changed"].port)
        reply = raw(self.agents["changed"].port, ref.rpc(3, "tools/call", {"name": "export_table", "arguments": {"rows": 3}}), headers)
        envelope = reply.message(3)["result"]["structuredContent"]
        self.assertEqual(envelope["status"], "accepted")
        self.assertRegex(envelope["data"]["taskId"], r"^task_[0-9a-f]{32}$")


def _variant_test(name: str, rule: str):
    def test(self: BrokenVariants) -> None:
        self.check_variant(name, rule)

    test.__doc__ = f"{name} breaks {rule} and nothing else"
    return test


for _name, _rule in BROKEN:
    setattr(BrokenVariants, "test_variant_" + re.sub(r"[^A-Za-z0-9]", "_", _name), _variant_test(_name, _rule))


class VenvScript(unittest.TestCase):
    def test_agents_venv_is_idempotent(self) -> None:
        if os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(ROOT, "target", "agents-venv")):
            self.skipTest("not running in target/agents-venv")
        started = time.monotonic()
        out = subprocess.run([os.path.join(ROOT, "scripts", "agents-venv.sh")], capture_output=True, text=True, timeout=120, check=True)
        self.assertEqual(out.stdout.strip(), os.path.join(ROOT, "target", "agents-venv", "bin", "python"))
        self.assertEqual(out.stderr, "", "an up-to-date venv is not rebuilt")
        self.assertLess(time.monotonic() - started, 10)


if __name__ == "__main__":
    unittest.main()
