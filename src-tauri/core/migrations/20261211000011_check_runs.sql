-- Check platform runs, kept so a tester can reopen and export them later (paid billable
-- checks included). Keyed by the platform and context that was active when the run
-- started; like points_ledger, rows outlive the session: the context is copied.
CREATE TABLE check_runs (
    id            TEXT PRIMARY KEY NOT NULL,
    origin        TEXT NOT NULL,
    client_id     TEXT NOT NULL,
    subject       TEXT NOT NULL,
    context_kind  TEXT NOT NULL CHECK (context_kind IN ('personal', 'team')),
    team_id       TEXT NOT NULL DEFAULT '',
    -- When the run started, Unix milliseconds (the list's order).
    started_at_ms INTEGER NOT NULL,
    -- The whole report as shown and exported (`check::wire::CheckReport`, JSON).
    report        TEXT NOT NULL
) STRICT;

CREATE INDEX check_runs_context ON check_runs (origin, client_id, subject, context_kind, team_id, started_at_ms);
