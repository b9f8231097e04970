import { ConnectPaymentAccountResponse, PaymentAccount } from "@onstage/domain";
import { api, jsonBody } from "../../api";

// Issue 25 §4: the channel's payment account (owners and admins).

export const paymentAccountKeys = {
  account: (organizationId: number) => ["payment-account", organizationId] as const,
};

export const fetchPaymentAccount = (organizationId: number) =>
  api(`/api/payments/account?org_id=${organizationId}`, PaymentAccount);

export const connectPaymentAccount = (organizationId: number) =>
  api("/api/payments/account/connect", ConnectPaymentAccountResponse, jsonBody({ org_id: organizationId }));

export const disconnectPaymentAccount = (organizationId: number) =>
  api("/api/payments/account/disconnect", PaymentAccount, jsonBody({ org_id: organizationId }));
