-- Chat history. A conversation belongs to the one context that pays for it (copied, as
-- in the points ledger, so it outlives the session) and is only listed in that context.
CREATE TABLE chat_conversations (
    id               TEXT PRIMARY KEY NOT NULL,
    origin           TEXT NOT NULL,
    client_id        TEXT NOT NULL,
    subject          TEXT NOT NULL,
    context_kind     TEXT NOT NULL CHECK (context_kind IN ('personal', 'team')),
    team_id          TEXT NOT NULL DEFAULT '',
    context_label    TEXT NOT NULL,
    title            TEXT NOT NULL,
    -- The options last used (model, system prompt, parameters, response format) as JSON.
    options          TEXT NOT NULL,
    model_code       TEXT NOT NULL,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
) STRICT;

CREATE INDEX chat_conversations_context
    ON chat_conversations (origin, client_id, subject, context_kind, team_id, updated_at);

-- Messages. A reply (`assistant`) points to the user message it answers and keeps what
-- was sent (`request_body`, so a retry sends the identical request under the same
-- X-Request-ID) and its receipt. Times are Unix milliseconds.
CREATE TABLE chat_messages (
    id                    TEXT PRIMARY KEY NOT NULL,
    conversation_id       TEXT NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    seq                   INTEGER NOT NULL,
    role                  TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    parent_id             TEXT REFERENCES chat_messages (id) ON DELETE CASCADE,
    content               TEXT NOT NULL,
    status                TEXT NOT NULL
        CHECK (status IN ('pending', 'streaming', 'complete', 'stopped', 'interrupted')),
    created_at            INTEGER NOT NULL,
    -- Replies only:
    model_code            TEXT,
    request_id            TEXT,
    request_body          TEXT,
    streamed              INTEGER,
    response_format       TEXT,
    workflow_version_id   TEXT,
    run_id                TEXT,
    node_id               TEXT,
    attempt               INTEGER,
    platform_request_id   TEXT,
    started_at            INTEGER,
    first_token_ms        INTEGER,
    total_ms              INTEGER,
    prompt_tokens         INTEGER,
    completion_tokens     INTEGER,
    total_tokens          INTEGER,
    charged_points        TEXT,
    replayed              INTEGER NOT NULL DEFAULT 0,
    -- The IpcError of an interrupted reply, as JSON.
    error                 TEXT,
    -- The JsonCheck of a reply that asked for JSON, as JSON.
    json_check            TEXT,
    UNIQUE (conversation_id, seq)
) STRICT;

CREATE INDEX chat_messages_parent ON chat_messages (parent_id);
CREATE INDEX chat_messages_request ON chat_messages (request_id);
