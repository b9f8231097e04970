-- Issue 12 §11: a poll is launched when the audience can first see it (created shown, or shown again after
-- being hidden); a live viewer gets it when their picture reaches that moment. Null while hidden.
ALTER TABLE polls ADD COLUMN shown_at timestamptz DEFAULT now();
-- Polls shown before this column: their creation is the best moment known.
UPDATE polls SET shown_at = CASE WHEN hidden THEN NULL ELSE created_at END;
ALTER TABLE polls ADD CONSTRAINT polls_shown_at_check CHECK ((shown_at IS NULL) = hidden);
