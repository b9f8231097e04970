-- Issue 25 §3, §4: contribution CTAs and donations.
-- The replay shows a contribution as it read on air: its kind, and its currency (`url` holds a link's
-- URL or a contribution's prompt, as custom_elements.value does).
ALTER TABLE offer_shows
  ADD COLUMN type     text NOT NULL DEFAULT 'offer' CHECK (type IN ('offer', 'contribution')),
  ADD COLUMN currency text CHECK (currency IS NULL OR currency ~ '^[A-Z]{3}$');

-- The connected account takes payments (Stripe: charges_enabled), kept from the provider's answer and
-- its account.updated webhooks, so a contribution CTA or a donation does not ask the provider each time.
ALTER TABLE organizations
  ADD COLUMN stripe_connect_charges_enabled boolean NOT NULL DEFAULT false;

-- The team's list of a session's donations.
CREATE INDEX transactions_donations_idx ON transactions (video_session_id, updated_at)
  WHERE kind = 'donation';
