-- Signed-in sessions: facts only. The access token is in the OS keychain under
-- `keychain_account`; no token, code or verifier is ever stored here.
CREATE TABLE sessions (
    id                    TEXT PRIMARY KEY NOT NULL,
    origin                TEXT NOT NULL,
    client_id             TEXT NOT NULL,
    subject               TEXT NOT NULL,
    context_kind          TEXT NOT NULL CHECK (context_kind IN ('personal', 'team')),
    team_id               TEXT NOT NULL DEFAULT '',
    team_name             TEXT,
    role                  TEXT,
    member_status         TEXT,
    team_context_version  INTEGER,
    display_name          TEXT NOT NULL,
    avatar_url            TEXT,
    granted_scopes        TEXT NOT NULL,
    expires_at            INTEGER NOT NULL,
    created_at            INTEGER NOT NULL,
    keychain_account      TEXT NOT NULL,
    UNIQUE (origin, client_id, subject, context_kind, team_id)
) STRICT;

-- Sign-ins waiting for their callback, so a callback that cold-starts the app still
-- completes. Only a hash of `state` is kept; the PKCE verifier is in the keychain.
CREATE TABLE pending_sign_ins (
    state_hash    TEXT PRIMARY KEY NOT NULL,
    origin        TEXT NOT NULL,
    client_id     TEXT NOT NULL,
    redirect_uri  TEXT NOT NULL,
    context_kind  TEXT NOT NULL CHECK (context_kind IN ('personal', 'team')),
    team_id       TEXT NOT NULL DEFAULT '',
    started_at    INTEGER NOT NULL
) STRICT;
