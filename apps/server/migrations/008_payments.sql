-- Payments and the membership gate (issue 5): the embedded test gateway's checkout sessions and pledges,
-- the registration a checkout pays for, and the Patreon token the gate asks with.

-- The test gateway keeps its sessions like a card provider would; shapes follow Stripe Checkout.
CREATE TABLE test_checkout_sessions (
  id                  text PRIMARY KEY,
  amount_cents        integer NOT NULL CHECK (amount_cents >= 0),
  currency            text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  description         text NOT NULL,
  success_url         text NOT NULL,
  cancel_url          text NOT NULL,
  client_reference_id text NOT NULL,
  metadata            jsonb NOT NULL DEFAULT '{}'::jsonb,
  idempotency_key     text NOT NULL,
  -- The checkout page lies outside the app's CSRF header scheme; its Pay form carries this token.
  form_token          text NOT NULL,
  status              text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  payment_status      text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('paid', 'unpaid', 'no_payment_required')),
  created_at          timestamptz NOT NULL DEFAULT now(),
  expires_at          timestamptz NOT NULL
);
CREATE UNIQUE INDEX test_checkout_sessions_idempotency_key ON test_checkout_sessions (idempotency_key);

-- The registration the payment is for (answers, coupon, utm), so a webhook can register without the
-- browser; and the provider's payment id, which refunds name.
ALTER TABLE transactions ADD COLUMN registration_input jsonb;
ALTER TABLE transactions ADD COLUMN payment_intent_id text;
CREATE INDEX transactions_payment_intent_idx ON transactions (payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE INDEX transactions_pending_idx ON transactions (created_at) WHERE status = 'pending';

-- What each verified webhook said, in the provider's neutral terms: a refund that arrives before the
-- payment it undoes is found by these when the payment is reported later.
ALTER TABLE payment_webhook_events ADD COLUMN outcome text;
ALTER TABLE payment_webhook_events ADD COLUMN checkout_session_id text;
ALTER TABLE payment_webhook_events ADD COLUMN payment_intent_id text;
ALTER TABLE payment_webhook_events ADD COLUMN client_reference_id text;
CREATE INDEX payment_webhook_events_refunds_idx ON payment_webhook_events (provider, payment_intent_id)
  WHERE outcome = 'refunded';
CREATE INDEX payment_webhook_events_unprocessed_idx ON payment_webhook_events (received_at)
  WHERE processed_at IS NULL;

-- Test-mode membership gate: the monthly pledge a user pretends to make to a channel.
CREATE TABLE test_membership_pledges (
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  amount_cents    integer NOT NULL CHECK (amount_cents >= 0 AND amount_cents <= 100000000),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, organization_id)
);

-- Patreon sign-in keeps the user's access token so the gate can read their memberships (stored as is:
-- it only reads identity and memberships and expires after a month; docs/decisions.md).
ALTER TABLE accounts ADD COLUMN access_token text;
