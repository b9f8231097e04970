import { NotFound, type PaymentAccount, Unavailable } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../platform/database";
import type { PaymentGateway } from "../../../platform/payments/gateway";
import { requireChannelManager } from "../../moderation/service";
import * as q from "./queries";

// Issue 25 §4: a channel's payment account on /settings. The owner and admins connect it (Stripe Connect
// Express onboarding, or at once in TEST MODE), see its status and disconnect it.

export interface PaymentAccountDeps {
  db: Database;
  gateway: PaymentGateway;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function paymentAccountService(deps: PaymentAccountDeps) {
  const { db, gateway } = deps;

  async function stored(viewerUserId: number, organizationId: number) {
    await requireChannelManager(db, organizationId, viewerUserId);
    const account = await q.findAccount(db, organizationId);
    if (!account) throw NotFound();
    return account;
  }

  /** Asks the provider about an account whose onboarding was not finished when last seen. */
  async function refreshed(account: q.StoredAccount): Promise<q.StoredAccount> {
    if (!account.accountId || account.chargesEnabled) return account;
    const current = await gateway.retrieveConnectedAccount(account.accountId).catch((err: unknown) => {
      deps.log.warn({ err }, "payment account status not read from the provider");
      return null;
    });
    if (!current?.chargesEnabled) return account;
    await q.setChargesEnabled(db, current.id, true);
    return { ...account, chargesEnabled: true };
  }

  const view = (organizationId: number, account: q.StoredAccount): PaymentAccount => ({
    organizationId,
    accountId: account.accountId,
    status: !account.accountId ? "none" : account.chargesEnabled ? "active" : "pending",
    testMode: gateway.kind === "test",
  });

  return {
    async read(viewerUserId: number, organizationId: number): Promise<PaymentAccount> {
      return view(organizationId, await refreshed(await stored(viewerUserId, organizationId)));
    },

    /** The provider's onboarding page for the channel's account (made now when it has none). */
    async connect(viewerUserId: number, organizationId: number): Promise<string> {
      let { accountId } = await stored(viewerUserId, organizationId);
      const back = `${deps.publicUrl}/settings?tab=payments&org=${organizationId}`;
      try {
        if (!accountId) {
          const created = await gateway.createConnectedAccount({
            organizationId,
            idempotencyKey: `onstage_org_${organizationId}_account`,
          });
          await q.setAccountIfNone(db, organizationId, created.id);
          accountId = (await q.findAccount(db, organizationId))?.accountId ?? created.id;
        }
        await refreshed({ accountId, chargesEnabled: false });
        return await gateway.accountOnboardingUrl(accountId, {
          returnUrl: back,
          refreshUrl: `${back}&refresh=1`,
        });
      } catch (err) {
        deps.log.warn({ err, organizationId }, "payment account not connected");
        throw Unavailable("payment_account_unavailable");
      }
    },

    /** The channel stops taking payments; the account itself stays the owner's at the provider. */
    async disconnect(viewerUserId: number, organizationId: number): Promise<PaymentAccount> {
      await stored(viewerUserId, organizationId);
      await q.clearAccount(db, organizationId);
      return view(organizationId, { accountId: null, chargesEnabled: false });
    },
  };
}

export type PaymentAccountService = ReturnType<typeof paymentAccountService>;
