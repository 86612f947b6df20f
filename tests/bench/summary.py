#!/usr/bin/env python3
"""Issue 16's figures in one table (scripts/bench-app.sh): the bare window's and the app's idle
memory from startup.py's runs (--json), and the app's memory with long history from the
real-window measurements (tests/e2e/tests/long_chat.rs, BENCH_RECORD: one JSON line per
figure), each as a ratio against the bare window at idle, with its goal.

    summary.py STARTUP_JSON RECORD_JSONL
"""

import json
import statistics
import sys

# figure in the record -> (what a reader sees, goal as a ratio or None)
AGAINST_BARE = [
    ("every_screen", "signed in twice, every screen visited", None),
    ("conversation_1000", "a 1,000-message conversation open", 1.6),
]


def medians(runs, label):
    mine = [r for r in runs if r.get("label") == label and "error" not in r]
    if not mine:
        raise ValueError("no successful %s start in the runs" % label)
    return statistics.median(r["pss_kib"] for r in mine), statistics.median(r["rss_kib"] for r in mine)


def rows(runs, records):
    """[(figure, app PSS MiB, reference PSS MiB, ratio, goal, within)] for the table."""
    bare_pss, _ = medians(runs, "bare")
    app_pss, _ = medians(runs, "app")
    got = {r["figure"]: r for r in records}
    out = [("idle, 10 s after paint (startup runs)", app_pss, bare_pss, 1.25)]
    for key, text, goal in AGAINST_BARE:
        if key not in got:
            raise ValueError("the measurements recorded no %r" % key)
        out.append((text, got[key]["pss_kib"], bare_pss, goal))
    for key in ("soak_after_20", "soak_after_all"):
        if key not in got:
            raise ValueError("the measurements recorded no %r" % key)
    out.append(("soak: after 200 replies against after 20", got["soak_after_all"]["pss_kib"], got["soak_after_20"]["pss_kib"], 1.1))
    return [
        (text, app / 1024, ref / 1024, app / ref, goal, None if goal is None else app / ref <= goal)
        for text, app, ref, goal in out
    ]


def table(rows_):
    lines = ["| PSS, app + WebKit | app | against | ratio | goal |", "|---|---|---|---|---|"]
    for text, app, ref, ratio, goal, within in rows_:
        verdict = "—" if goal is None else "≤ %.2f× (%s)" % (goal, "met" if within else "not met")
        lines.append("| %s | %.0f MiB | %.0f MiB | %.2f× | %s |" % (text, app, ref, ratio, verdict))
    return "\n".join(lines)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    with open(argv[1]) as f:
        runs = json.load(f)
    with open(argv[2]) as f:
        records = [json.loads(line) for line in f if line.strip()]
    try:
        print(table(rows(runs, records)))
    except ValueError as err:
        sys.exit("summary.py: %s" % err)


if __name__ == "__main__":
    main(sys.argv)
