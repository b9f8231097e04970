-- Issue 28 §4: webhooks out. A channel's endpoints, and one delivery per event and endpoint: its
-- message id (webhook-id) is the same on every attempt; the log keeps the last answer of each.
CREATE TABLE webhook_endpoints (
  id               bigserial PRIMARY KEY,
  organization_id  bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  url              text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  secret           text NOT NULL,
  event_types      text[] NOT NULL CHECK (cardinality(event_types) > 0),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_organization_idx ON webhook_endpoints (organization_id);

CREATE TABLE webhook_deliveries (
  id               bigserial PRIMARY KEY,
  endpoint_id      bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  message_id       text NOT NULL,
  event_type       text NOT NULL,
  payload          jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  attempts         integer NOT NULL DEFAULT 0,
  last_attempt_at  timestamptz,
  last_status      integer,
  last_response    text,
  delivered_at     timestamptz,
  failed_at        timestamptz,
  UNIQUE (endpoint_id, message_id)
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);
