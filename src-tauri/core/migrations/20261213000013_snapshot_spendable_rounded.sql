-- 1 when a Team member balance came as a whole number without `balancePointsDecimal`
-- (READINGS I2): the docs don't say how the platform rounds its integer fields, so the
-- balance is shown as about that much, never as exact. 0 when the exact decimal was sent,
-- when the amount carried its fraction (`859.75`), and for Personal balances.
ALTER TABLE balance_snapshots ADD COLUMN spendable_rounded INTEGER NOT NULL DEFAULT 0;
