import {
  type CreateCouponRequest,
  type CreateQuestionRequest,
  type CreateSessionRequest,
  type CreateTicketRequest,
  DASH_LIMITS,
  DashCouponResponse,
  DashQuestionResponse,
  DashQuestionsResponse,
  DashSessionResponse,
  DashTicketResponse,
  type InviteSpeakerRequest,
  RegistrationsResponse,
  SpeakerInviteResponse,
  SpeakersResponse,
  type UpdateCouponRequest,
  type UpdateQuestionRequest,
  type UpdateSessionRequest,
  type UpdateTicketRequest,
} from "@onstage/domain";
import { api, apiNoContent, jsonBody } from "../../../api";
import { dashEventPath } from "../dashApi";

// The event editor's parts: sessions, speakers, tickets, coupons, questions and registrations (issue 5 §1).

const remove = (path: string) => apiNoContent(path, { method: "DELETE" });

export const sessionApi = {
  create: (eventId: number, body: CreateSessionRequest) =>
    api(`${dashEventPath(eventId)}/sessions`, DashSessionResponse, jsonBody(body)),
  update: (id: number, body: UpdateSessionRequest) =>
    api(`/api/dash/sessions/${id}`, DashSessionResponse, jsonBody(body, "PATCH")),
  remove: (id: number) => remove(`/api/dash/sessions/${id}`),
};

export const ticketApi = {
  create: (eventId: number, body: CreateTicketRequest) =>
    api(`${dashEventPath(eventId)}/tickets`, DashTicketResponse, jsonBody(body)),
  update: (id: number, body: UpdateTicketRequest) =>
    api(`/api/dash/tickets/${id}`, DashTicketResponse, jsonBody(body, "PATCH")),
  remove: (id: number) => remove(`/api/dash/tickets/${id}`),
};

export const couponApi = {
  create: (eventId: number, body: CreateCouponRequest) =>
    api(`${dashEventPath(eventId)}/coupons`, DashCouponResponse, jsonBody(body)),
  update: (id: number, body: UpdateCouponRequest) =>
    api(`/api/dash/coupons/${id}`, DashCouponResponse, jsonBody(body, "PATCH")),
  remove: (id: number) => remove(`/api/dash/coupons/${id}`),
};

export const questionApi = {
  create: (eventId: number, body: CreateQuestionRequest) =>
    api(`${dashEventPath(eventId)}/questions`, DashQuestionResponse, jsonBody(body)),
  update: (id: number, body: UpdateQuestionRequest) =>
    api(`/api/dash/questions/${id}`, DashQuestionResponse, jsonBody(body, "PATCH")),
  remove: (id: number) => remove(`/api/dash/questions/${id}`),
  reorder: (eventId: number, ids: number[]) =>
    api(`${dashEventPath(eventId)}/questions/reorder`, DashQuestionsResponse, jsonBody({ ids })),
};

export const speakerApi = {
  list: (eventId: number) => api(`${dashEventPath(eventId)}/speakers`, SpeakersResponse),
  invite: (eventId: number, body: InviteSpeakerRequest) =>
    api(`${dashEventPath(eventId)}/speakers`, SpeakerInviteResponse, jsonBody(body)),
};

export function fetchRegistrations(eventId: number, cursor: number | null) {
  const query = new URLSearchParams({ limit: String(DASH_LIMITS.registrationsPageDefault) });
  if (cursor !== null) query.set("cursor", String(cursor));
  return api(`${dashEventPath(eventId)}/registrations?${query}`, RegistrationsResponse);
}

export const registrationsCsvUrl = (eventId: number) => `${dashEventPath(eventId)}/registrations.csv`;
