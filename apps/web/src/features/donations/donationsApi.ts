import { CheckStatusResponse, CreateDonationLinkResponse, DonationsResponse } from "@onstage/domain";
import { api, jsonBody } from "../../api";

// Spec 2 §7's donation calls, and the team's list of a session's donations.

export const donationKeys = {
  list: (sessionId: number) => ["donations", sessionId] as const,
  status: (clientReferenceId: string) => ["donations", "status", clientReferenceId] as const,
};

export const createDonationLink = (input: {
  userId: number;
  sessionId: number;
  amount: number;
  elementId: number | null;
}) =>
  api(
    "/api/stripe/create-donation-link",
    CreateDonationLinkResponse,
    jsonBody({
      user_id: input.userId,
      video_session_id: input.sessionId,
      donation_amount: input.amount,
      ...(input.elementId !== null ? { custom_element_id: input.elementId } : {}),
    }),
  );

export const checkStatus = (clientReferenceId: string) =>
  api(
    "/api/transactions/check-status",
    CheckStatusResponse,
    jsonBody({ client_reference_id: clientReferenceId }),
  );

export const fetchDonations = (sessionId: number) =>
  api(`/api/video-session/donations?video_session_id=${sessionId}`, DonationsResponse);
