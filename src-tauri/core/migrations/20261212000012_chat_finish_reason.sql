-- Why the model ended a reply, as the platform said it (`finish_reason`: `stop`, `length`,
-- `content_filter`, ...); NULL when it said nothing (older replies, a stopped or failed one).
ALTER TABLE chat_messages ADD COLUMN finish_reason TEXT;
