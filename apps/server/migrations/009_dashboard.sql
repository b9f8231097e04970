-- Host dashboard (issue 5 §1): ticket sales and the registrations CSV look registrations and answers up
-- by ticket and by question (coupon redemptions use event_registrations_coupon_idx of 007).

CREATE INDEX IF NOT EXISTS event_registrations_ticket_idx ON event_registrations (ticket_id) WHERE ticket_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS custom_registration_field_answers_field_idx ON custom_registration_field_answers (field_id);
