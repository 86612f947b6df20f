-- The Team's name as the person saw it in the list they picked from, kept with a waiting
-- sign-in: the Team context answer need not carry a name (the docs' example has none), and
-- an id is never shown where a name was known. NULL for Personal and for older attempts.
ALTER TABLE pending_sign_ins ADD COLUMN team_name TEXT;
