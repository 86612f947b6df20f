#!/usr/bin/env bash
# Creates target/agents-venv, the Python venv the sample MCP agents of tests/agents/ run in,
# from tests/agents/requirements.txt; rebuilds it when the requirements (or the Python that
# built it) changed, and does nothing when it is up to date. Prints the venv's python path
# on stdout (progress goes to stderr), so callers can do:
#   py="$(scripts/agents-venv.sh)" && "$py" tests/agents/sample_agent.py --port 0 --variant good
# Debian's system Python refuses plain pip installs (PEP 668), hence the venv; creating one
# needs Debian's python3-venv package. AGENTS_PYTHON picks another interpreter.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/target/agents-venv"
requirements="$root/tests/agents/requirements.txt"

if [ -n "${AGENTS_PYTHON:-}" ]; then
  python="$AGENTS_PYTHON"
elif [ -x /usr/bin/python3 ]; then
  python=/usr/bin/python3
else
  python="$(command -v python3 || true)"
fi
if [ -z "$python" ] || ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
  echo "agents-venv: Python 3.10 or newer is needed (set AGENTS_PYTHON)" >&2
  exit 1
fi

stamp_of() {
  { cat "$requirements"; "$python" -c 'import sys; print(sys.executable, sys.version)'; } | sha256sum | cut -d' ' -f1
}

mkdir -p "$root/target"
# One builder at a time: tests and scripts may call this concurrently.
exec 9>"$root/target/agents-venv.lock"
if command -v flock >/dev/null; then flock 9; fi

want="$(stamp_of)"
if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.requirements-stamp" 2>/dev/null || true)" = "$want" ]; then
  echo "$venv/bin/python"
  exit 0
fi

if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "agents-venv: $python cannot create venvs; on Debian/Ubuntu: apt-get install python3-venv" >&2
  exit 1
fi
echo "==> building $venv from tests/agents/requirements.txt" >&2
rm -rf "$venv"
"$python" -m venv "$venv" >&2
"$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$requirements" >&2
"$venv/bin/python" -c 'import mcp.server, uvicorn, jsonschema' >&2
echo "$want" >"$venv/.requirements-stamp"
echo "$venv/bin/python"
