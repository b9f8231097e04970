-- Issue 25 §1: a file presentation's conversion progress (page n of N) and its page images, in order.
ALTER TABLE file_presentations
  ADD COLUMN pages_done integer NOT NULL DEFAULT 0 CHECK (pages_done >= 0),
  ADD COLUMN page_urls  jsonb NOT NULL DEFAULT '[]'::jsonb;
