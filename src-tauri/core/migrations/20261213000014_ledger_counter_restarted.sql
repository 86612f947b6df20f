-- A Personal usage counter that went backwards between two refreshes has restarted (READINGS
-- J4: the docs name no window; a counter of "this month" starts again at zero). The charges
-- between those refreshes are settled as 'restarted': the counter's change says nothing about
-- them, and the app says so instead of "no usage counter". SQLite can't change a CHECK, so
-- the table is rebuilt with the same columns, indexes and rowids (balance_snapshots.ledger_mark
-- compares rowids).
CREATE TABLE points_ledger_next (
    id              TEXT PRIMARY KEY NOT NULL,
    origin          TEXT NOT NULL,
    client_id       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    context_kind    TEXT NOT NULL CHECK (context_kind IN ('personal', 'team')),
    team_id         TEXT NOT NULL DEFAULT '',
    context_label   TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('tts', 'chat')),
    request_id      TEXT NOT NULL,
    points          TEXT,
    input_tokens    INTEGER,
    output_tokens   INTEGER,
    receipt_ref     TEXT NOT NULL,
    summary         TEXT NOT NULL,
    created_at      INTEGER NOT NULL,
    counter_points  TEXT,
    counter_reading TEXT CHECK (counter_reading IN ('attributed', 'shared', 'unavailable', 'restarted')),
    UNIQUE (kind, request_id, context_kind, team_id)
) STRICT;

INSERT INTO points_ledger_next (rowid, id, origin, client_id, subject, context_kind, team_id, context_label,
    kind, request_id, points, input_tokens, output_tokens, receipt_ref, summary, created_at, counter_points,
    counter_reading)
SELECT rowid, id, origin, client_id, subject, context_kind, team_id, context_label, kind, request_id, points,
    input_tokens, output_tokens, receipt_ref, summary, created_at, counter_points, counter_reading
FROM points_ledger;

DROP TABLE points_ledger;
ALTER TABLE points_ledger_next RENAME TO points_ledger;
CREATE INDEX points_ledger_context ON points_ledger (origin, client_id, subject, context_kind, team_id, created_at);
CREATE INDEX points_ledger_receipt ON points_ledger (receipt_ref);
