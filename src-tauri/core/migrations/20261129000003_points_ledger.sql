-- Every charge the app saw, in the context that paid for it. Rows outlive the session
-- (a signed-out context keeps its history), so the context is copied, not referenced.
CREATE TABLE points_ledger (
    id            TEXT PRIMARY KEY NOT NULL,
    origin        TEXT NOT NULL,
    client_id     TEXT NOT NULL,
    subject       TEXT NOT NULL,
    context_kind  TEXT NOT NULL CHECK (context_kind IN ('personal', 'team')),
    team_id       TEXT NOT NULL DEFAULT '',
    context_label TEXT NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('tts', 'chat')),
    request_id    TEXT NOT NULL,
    -- Exact decimal text as the platform reported it; NULL when the platform reported
    -- usage but no points (chat replies report tokens only).
    points        TEXT,
    input_tokens  INTEGER,
    output_tokens INTEGER,
    -- What the receipt link opens: a clip id or a chat message id.
    receipt_ref   TEXT NOT NULL,
    summary       TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    UNIQUE (kind, request_id, context_kind, team_id)
) STRICT;

CREATE INDEX points_ledger_context ON points_ledger (origin, client_id, subject, context_kind, team_id, created_at);
