-- Agents the Agent check reviews (issue #27): the MCP endpoint and the names of its custom
-- headers. The header values (API keys) live only in the OS keychain, one entry each
-- (account `agent-header:<agent id>:<header name>`), never here.
CREATE TABLE agents (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    -- JSON array of header names, in the order given.
    header_names TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL
);

-- One row per review: the tool list as listed (the snapshot a later review is compared
-- with) and the whole report as exported (custom header values already masked).
CREATE TABLE agent_snapshots (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
    taken_at INTEGER NOT NULL,
    negotiated_protocol TEXT,
    tools TEXT NOT NULL,
    report TEXT NOT NULL,
    pass_count INTEGER NOT NULL,
    warn_count INTEGER NOT NULL,
    fail_count INTEGER NOT NULL,
    token_weight INTEGER NOT NULL
);

CREATE INDEX agent_snapshots_by_agent ON agent_snapshots (agent_id, taken_at);
