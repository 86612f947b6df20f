#!/usr/bin/env python3
"""Reads the app's accessibility tree through AT-SPI, as a screen reader does.

Run with the system Python (`/usr/bin/python3`: python3-gi and gir1.2-atspi-2.0 come
from apt, see scripts/bootstrap.sh) inside the test's D-Bus session.

  atspi_dump.py tree  [--name xiaoya-companion] [--pid PID] [--wait SECONDS]
      Prints one JSON object: {"app": ..., "nodes": [{role, name, states, attrs, text?}]}
      for every node of the app's tree (web content included).
  atspi_dump.py watch [--name ...] [--id announcer-polite] [--seconds N] [--poll-ms 50]
      For N seconds prints JSON lines: every AT-SPI text-changed / announcement event
      from the app ({"kind": "event", ...}), and every distinct text the node with HTML
      id `--id` shows when polled every `--poll-ms` ({"kind": "poll", "text": ...}).
      A line {"kind": "ready"} is printed once the node is found and listening starts.

Exit status 2 when the accessibility bus or the app is not found: a caller must fail then.
"""

import argparse
import json
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402


def fail(message):
    print(json.dumps({"error": message}), flush=True)
    sys.exit(2)


def find_app(name, pid, wait):
    deadline = time.monotonic() + wait
    seen = []
    while True:
        desktop = Atspi.get_desktop(0)
        if desktop is None:
            fail("no AT-SPI desktop: is the accessibility bus (at-spi-bus-launcher) running?")
        seen = []
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is None:
                continue
            try:
                app_name = app.get_name() or ""
                app_pid = app.get_process_id()
            except GLib.Error:
                continue
            seen.append({"name": app_name, "pid": app_pid})
            if (pid and app_pid == pid) or (not pid and name and name in app_name):
                return app
        if time.monotonic() > deadline:
            fail(f"no application {name!r} (pid {pid}) on the accessibility bus; seen: {seen}")
        time.sleep(0.25)


def safe(fn, default=None):
    try:
        return fn()
    except (GLib.Error, TypeError, AttributeError):
        return default


def text_of(node):
    iface = safe(node.get_text_iface)
    if iface is None:
        return None
    count = safe(lambda: Atspi.Text.get_character_count(node), 0) or 0
    return safe(lambda: Atspi.Text.get_text(node, 0, count), None)


def describe(node):
    states = safe(node.get_state_set)
    state_names = []
    if states is not None:
        for s in safe(states.get_states, []) or []:
            state_names.append(Atspi.StateType(s).value_nick if isinstance(s, int) else s.value_nick)
    attrs = safe(node.get_attributes, {}) or {}
    keep = {k: v for k, v in attrs.items() if k in ("id", "live", "container-live", "tag", "xml-roles", "atomic", "relevant", "keyshortcuts")}
    out = {
        "role": safe(node.get_role_name, ""),
        "name": safe(node.get_name, "") or "",
        "states": state_names,
        "attrs": keep,
    }
    text = text_of(node)
    if text:
        out["text"] = text[:400]
    return out


def walk(node, depth=0, limit=80, out=None):
    if out is None:
        out = []
    if node is None or depth > limit:
        return out
    out.append(describe(node))
    count = safe(node.get_child_count, 0) or 0
    for i in range(count):
        child = safe(lambda: node.get_child_at_index(i))
        walk(child, depth + 1, limit, out)
    return out


def find_by_id(node, html_id, depth=0):
    if node is None or depth > 80:
        return None
    attrs = safe(node.get_attributes, {}) or {}
    if attrs.get("id") == html_id:
        return node
    count = safe(node.get_child_count, 0) or 0
    for i in range(count):
        found = find_by_id(safe(lambda: node.get_child_at_index(i)), html_id, depth + 1)
        if found is not None:
            return found
    return None


def cmd_tree(args):
    app = find_app(args.name, args.pid, args.wait)
    nodes = walk(app)
    print(json.dumps({"app": {"name": app.get_name(), "pid": app.get_process_id()}, "nodes": nodes}, ensure_ascii=False))


def cmd_watch(args):
    app = find_app(args.name, args.pid, args.wait)
    deadline = time.monotonic() + args.wait
    region = find_by_id(app, args.id)
    while region is None:
        if time.monotonic() > deadline:
            fail(f"no node with id {args.id!r} in the tree of {app.get_name()!r}")
        time.sleep(0.25)
        region = find_by_id(app, args.id)
    app_pid = app.get_process_id()
    started = time.monotonic()

    def emit(record):
        record["t"] = round(time.monotonic() - started, 3)
        print(json.dumps(record, ensure_ascii=False), flush=True)

    def on_event(event):
        source = event.source
        try:
            src_pid = source.get_process_id() if source is not None else None
        except GLib.Error:
            src_pid = None
        src_attrs = (safe(source.get_attributes, {}) or {}) if source is not None else {}
        parent = safe(source.get_parent) if source is not None else None
        parent_attrs = (safe(parent.get_attributes, {}) or {}) if parent is not None else {}
        emit(
            {
                "kind": "event",
                "type": event.type,
                "detail": str(event.any_data) if event.any_data is not None else None,
                "source_id": src_attrs.get("id") or parent_attrs.get("id"),
                "source_role": safe(source.get_role_name, "") if source is not None else None,
                "same_app": src_pid == app_pid,
            }
        )

    listener = Atspi.EventListener.new(on_event)
    for kind in ("object:text-changed:insert", "object:announcement", "object:children-changed:add"):
        listener.register(kind)

    emit({"kind": "ready", "role": safe(region.get_role_name, ""), "attrs": safe(region.get_attributes, {})})
    last = [None]

    def poll():
        text = text_of(region)
        if text is None:
            # The live region's text may sit in a child (a text leaf).
            parts = []
            for i in range(safe(region.get_child_count, 0) or 0):
                child = safe(lambda: region.get_child_at_index(i))
                t = text_of(child) if child is not None else None
                if t:
                    parts.append(t)
            text = "".join(parts)
        if text != last[0]:
            last[0] = text
            emit({"kind": "poll", "text": text})
        if time.monotonic() - started > args.seconds:
            loop.quit()
            return False
        return True

    loop = GLib.MainLoop()
    GLib.timeout_add(args.poll_ms, poll)
    loop.run()
    listener.deregister("object:text-changed:insert")
    emit({"kind": "end"})


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    for name in ("tree", "watch"):
        p = sub.add_parser(name)
        p.add_argument("--name", default="xiaoya-companion")
        p.add_argument("--pid", type=int, default=0)
        p.add_argument("--wait", type=float, default=20.0)
        if name == "watch":
            p.add_argument("--id", default="announcer-polite")
            p.add_argument("--seconds", type=float, default=20.0)
            p.add_argument("--poll-ms", type=int, default=50)
    args = parser.parse_args()
    if Atspi.init() not in (0, 1):
        fail("Atspi.init failed")
    {"tree": cmd_tree, "watch": cmd_watch}[args.cmd](args)


if __name__ == "__main__":
    main()
