-- Whether a waiting sign-in becomes the payer when it completes: the person's choice in
-- the sign-in flow. Attempts started by an older build keep its rule (they pay).
ALTER TABLE pending_sign_ins ADD COLUMN make_payer INTEGER NOT NULL DEFAULT 1 CHECK (make_payer IN (0, 1));
