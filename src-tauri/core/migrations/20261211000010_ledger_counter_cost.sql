-- A charge whose receipt named no points (a chat reply without `X-Xiaoya-Charged-Points`)
-- is settled by the first balance refresh after it, from the Personal usage counter
-- (`balance_snapshots.model_charged`):
--   counter_reading NULL           no refresh has looked at it yet;
--   'attributed'                   it was the only charge between the two refreshes, so the
--                                  counter's change is its cost (counter_points);
--   'shared'                       other charges were made between the same refreshes: the
--                                  change cannot be split between them;
--   'unavailable'                  no counter to read (a Team, no `usage` access, the read
--                                  failed, or the counter went backwards).
-- `points` keeps only what the platform reported; the counter's amount never overwrites it.
ALTER TABLE points_ledger ADD COLUMN counter_points TEXT;
ALTER TABLE points_ledger ADD COLUMN counter_reading TEXT
    CHECK (counter_reading IN ('attributed', 'shared', 'unavailable'));

-- A chat reply's charge, found from the message (its receipt_ref).
CREATE INDEX points_ledger_receipt ON points_ledger (receipt_ref);
