-- The balance of a context at each refresh, so "why did my balance change" can line up
-- the charges seen between two refreshes with the difference. Amounts are exact decimal
-- text, never floats. Like points_ledger, rows outlive the session: the context is copied.
CREATE TABLE balance_snapshots (
    id              INTEGER PRIMARY KEY,
    origin          TEXT NOT NULL,
    client_id       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    context_kind    TEXT NOT NULL CHECK (context_kind IN ('personal', 'team')),
    team_id         TEXT NOT NULL DEFAULT '',
    -- What can be spent: the Personal total or the Team member's exact balance.
    spendable       TEXT NOT NULL,
    -- Personal breakdown (NULL for a Team).
    subscription    TEXT,
    gift_card       TEXT,
    recharge        TEXT,
    -- Team view (NULL for Personal); quota columns NULL when the quota is unlimited.
    member_id       TEXT,
    role            TEXT,
    wallet          TEXT,
    quota_limit     TEXT,
    quota_used      TEXT,
    quota_remaining TEXT,
    -- The highest points_ledger rowid when the refresh started: charges recorded up to
    -- here are reflected in this balance. Comparing rowids, not clocks, keeps the order
    -- right whatever time unit or clock a charge was stamped with.
    ledger_mark     INTEGER NOT NULL,
    -- When the platform answered, Unix milliseconds.
    taken_at        INTEGER NOT NULL
) STRICT;

CREATE INDEX balance_snapshots_context ON balance_snapshots (origin, client_id, subject, context_kind, team_id, id);
