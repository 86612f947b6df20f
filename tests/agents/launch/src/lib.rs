//! One launcher for the sample MCP agents of `tests/agents/` (built on the official Python MCP
//! SDK), shared by the core's agent tests, `xiaoya-check`'s tests and the real-window tests.
//!
//! The agents run in the venv that `scripts/agents-venv.sh` builds. Without it a test FAILS
//! (never skips): a silent skip would hide that no agent was reviewed.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

/// How the agent answers a request: one JSON body, or an SSE stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answers {
    Json,
    Sse,
}

/// Whether the agent issues and requires an `Mcp-Session-Id`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sessions {
    Stateful,
    Stateless,
}

/// The repository's root: the nearest folder above the test's working folder (cargo runs a
/// test in its package's folder) that holds the sample agents, else the one this crate was
/// built in (`tests/agents/launch`). A build shared between checkouts (one target folder for
/// several worktrees) must not send a test to another, perhaps removed, checkout.
pub fn repo_root() -> PathBuf {
    let holds_agents = |dir: &Path| dir.join("tests/agents/sample_agent.py").is_file();
    if let Ok(here) = std::env::current_dir() {
        if let Some(root) = here.ancestors().find(|dir| holds_agents(dir)) {
            return root.to_path_buf();
        }
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..").canonicalize().expect("the repository root")
}

/// The venv's python, made once per test process (the script itself locks and caches).
pub fn python() -> Result<PathBuf, String> {
    static PYTHON: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let script = repo_root().join("scripts/agents-venv.sh");
            let out = Command::new("bash")
                .arg(&script)
                .stderr(Stdio::inherit())
                .output()
                .map_err(|e| format!("{} could not run: {e}", script.display()))?;
            if !out.status.success() {
                return Err(format!(
                    "scripts/agents-venv.sh failed ({}): the sample agents' venv is needed; these tests never skip",
                    out.status
                ));
            }
            let path = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
            if !path.is_file() {
                return Err(format!("scripts/agents-venv.sh printed {path:?}, not a python"));
            }
            Ok(path)
        })
        .clone()
}

/// A running sample agent on 127.0.0.1; killed when dropped.
pub struct Agent {
    child: Child,
    pub port: u16,
}

impl Agent {
    /// Starts `variant` (see `tests/agents/VARIANTS.md`) on `port` (0: a free one; a given
    /// port is how a test serves an agent's next release where the last one ran).
    pub fn launch(port: u16, variant: &str, answers: Answers, sessions: Sessions) -> Result<Agent, String> {
        let mut child = Command::new(python()?)
            .arg(repo_root().join("tests/agents/sample_agent.py"))
            .args(["--port", &port.to_string(), "--variant", variant])
            .arg(if answers == Answers::Json { "--json" } else { "--sse" })
            .arg(if sessions == Sessions::Stateful { "--stateful" } else { "--stateless" })
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("the sample agent could not start: {e}"))?;
        let mut line = String::new();
        let read = match child.stdout.take() {
            Some(stdout) => BufReader::new(stdout).read_line(&mut line).map_err(|e| e.to_string()),
            None => Err("no stdout".to_owned()),
        };
        match (read, line.trim().strip_prefix("LISTENING ").and_then(|p| p.parse().ok())) {
            (Ok(_), Some(port)) => Ok(Agent { child, port }),
            (read, _) => {
                let _ = child.kill();
                let _ = child.wait();
                Err(format!("the {variant} agent did not start: {line:?} {read:?}"))
            }
        }
    }

    /// [`Agent::launch`] on a free port, for tests that fail on any error.
    pub fn start(variant: &str, answers: Answers, sessions: Sessions) -> Agent {
        Agent::start_on(0, variant, answers, sessions)
    }

    /// [`Agent::launch`], for tests that fail on any error.
    pub fn start_on(port: u16, variant: &str, answers: Answers, sessions: Sessions) -> Agent {
        Agent::launch(port, variant, answers, sessions).unwrap_or_else(|why| panic!("{why}"))
    }

    /// The MCP endpoint.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
