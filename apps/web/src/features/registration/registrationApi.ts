import {
  type ApplyCouponRequest,
  ApplyCouponResponse,
  type CheckEventPasswordRequest,
  CheckEventPasswordResponse,
  type CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  type IsValidPatronRequest,
  IsValidPatronResponse,
  type RegisterRequest,
  RegisterResponse,
  type UnregisterUserRequest,
  type ValidateCheckoutSessionRequest,
  ValidateCheckoutSessionResponse,
} from "@onstage/domain";
import { api, apiNoContent, jsonBody } from "../../api";

// The registration, checkout and membership endpoints (spec 1 §7), one function each.

/** Issue 10 §2.3: the browser's zone goes with the registration, so its mails use the attendee's clock. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const registerForEvent = (body: RegisterRequest) =>
  api("/api/events/register", RegisterResponse, jsonBody({ time_zone: browserTimeZone(), ...body }));

export const checkEventPassword = (body: CheckEventPasswordRequest) =>
  api("/api/events/check-password", CheckEventPasswordResponse, jsonBody(body));

export const applyCouponCode = (body: ApplyCouponRequest) =>
  api("/api/coupons/apply", ApplyCouponResponse, jsonBody(body));

export const createCheckoutSession = (body: CreateCheckoutSessionRequest) =>
  api("/api/payments/create-checkout-session", CreateCheckoutSessionResponse, jsonBody(body));

export const validateCheckoutSession = (body: ValidateCheckoutSessionRequest) =>
  api("/api/payments/validate-checkout-session", ValidateCheckoutSessionResponse, jsonBody(body));

export const isValidPatron = (body: IsValidPatronRequest) =>
  api("/api/patreon/is-valid-patron", IsValidPatronResponse, jsonBody(body));

export const unregisterUser = (body: UnregisterUserRequest) =>
  apiNoContent("/api/events/unregister-user", jsonBody(body));
