-- The audio ledger: every speech request the app made, journaled BEFORE the first send so a
-- crash or kill mid-request resumes under the same X-Request-ID. The context is copied (not
-- referenced) so a clip outlives the session that paid for it. The audio itself lives in
-- <data>/audio/<audio_file>, written atomically before status becomes 'complete'.
CREATE TABLE tts_clips (
    id                  TEXT PRIMARY KEY NOT NULL,
    request_id          TEXT NOT NULL UNIQUE,
    batch_id            TEXT,
    origin              TEXT NOT NULL,
    client_id           TEXT NOT NULL,
    subject             TEXT NOT NULL,
    context_kind        TEXT NOT NULL CHECK (context_kind IN ('personal', 'team')),
    team_id             TEXT NOT NULL DEFAULT '',
    context_label       TEXT NOT NULL,
    -- pending: journaled, not yet answered; unknown: sent, outcome unknown (retry with the same
    -- id); complete: audio saved; settled_no_audio: the platform settled it but the audio never
    -- arrived; failed: a definite answer that settled nothing.
    status              TEXT NOT NULL
                        CHECK (status IN ('pending', 'unknown', 'complete', 'settled_no_audio', 'failed')),
    tts_config_id       TEXT NOT NULL,
    config_name         TEXT NOT NULL,
    voice_id            TEXT NOT NULL,
    voice_name          TEXT NOT NULL,
    input               TEXT NOT NULL,
    -- The exact JSON body sent, so every retry and resume sends the identical request.
    body                TEXT NOT NULL,
    params              TEXT NOT NULL,
    format              TEXT NOT NULL,
    estimate            TEXT NOT NULL,
    receipt             TEXT,
    charged_points      TEXT,
    audio_file          TEXT,
    audio_bytes         INTEGER,
    attempts            INTEGER NOT NULL DEFAULT 0,
    error_code          TEXT,
    error_platform_code TEXT,
    error_message       TEXT,
    error_request_id    TEXT,
    retryable           INTEGER NOT NULL DEFAULT 0,
    created_at_ms       INTEGER NOT NULL,
    updated_at_ms       INTEGER NOT NULL,
    completed_at_ms     INTEGER
) STRICT;

CREATE INDEX tts_clips_context ON tts_clips (origin, client_id, subject, context_kind, team_id, created_at_ms);
CREATE INDEX tts_clips_open ON tts_clips (status) WHERE status IN ('pending', 'unknown');
