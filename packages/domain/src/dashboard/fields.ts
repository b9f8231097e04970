import { z } from "zod";
import { DASH_LIMITS } from "./limits";

// Wire shapes of the host dashboard (issue 5 §1), one file per thing it manages: channels, team,
// events, sessions, tickets, coupons, custom registration questions, registrations and /my-events.
// Requests are strict camelCase objects; times are ISO strings; money is integer cents. Cross-field
// rules (a sliding ticket's maximum, a question's options, the channel-name pattern, time zones) are
// the domain rules of dashboard/rules.ts, checked by the server so every refusal carries its own code.
// Every endpoint needs a signed-in user (401); not the viewer's to manage: 403; unknown or deleted: 404.
//
// This file holds the fields those files share; src/index.ts does not export it.

/** A row id in a path or query string. */
export const IdParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const IsoTime = z.iso.datetime({ offset: true });
export const Cents = z.number().int().nonnegative().max(DASH_LIMITS.amountMaxCents);
export const Text = (max: number) => z.string().trim().max(max);
export const Required = (max: number) => z.string().trim().min(1).max(max);
