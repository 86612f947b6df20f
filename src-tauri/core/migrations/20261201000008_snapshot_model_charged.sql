-- The Personal usage counter read with each balance refresh: `modelUsage.chargedPoints` of
-- GET /api/v1/open/usage (cumulative, exact decimal text). Between two refreshes its
-- difference is what model calls (chat) cost, which a chat reply's receipt doesn't say.
-- NULL when it wasn't read (a Team, no `usage` scope, the read failed).
ALTER TABLE balance_snapshots ADD COLUMN model_charged TEXT;
