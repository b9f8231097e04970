import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Stripe's REST API in tests (the machine has no internet): Stripe's documented
// shapes for POST /v1/checkout/sessions (form-encoded, Idempotency-Key), GET /v1/checkout/sessions/:id,
// and Connect's POST /v1/accounts, GET /v1/accounts/:id and POST /v1/account_links.

export interface StandInSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  mode: "payment";
  /** payment_intent_data[transfer_data][destination]: the connected account paid (not on Stripe's session object). */
  destination: string | null;
}

export interface StandInAccount {
  id: string;
  object: "account";
  type: string;
  charges_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => resolve(body));
  });

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly accounts = new Map<string, StandInAccount>();
  /** Every POST /v1/checkout/sessions received, with its Idempotency-Key. */
  readonly creations: (string | undefined)[] = [];
  /** Answer the next creations with a 500 after storing the session (a lost response). */
  failNextCreations = 0;
  private readonly byKey = new Map<string, string>();
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(([status, body, headers]) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  complete(id: string, fields: Partial<StandInSession> = {}): StandInSession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`no session ${id}`);
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: `pi_${randomBytes(8).toString("hex")}`,
      ...fields,
    });
    return session;
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown, Record<string, string>?]> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (req.headers.authorization !== "Bearer sk_test_standin") {
      return [401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } }];
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const key = req.headers["idempotency-key"];
      const idempotencyKey = typeof key === "string" ? key : undefined;
      this.creations.push(idempotencyKey);
      const form = new URLSearchParams(await readBody(req));
      const known = idempotencyKey ? this.byKey.get(idempotencyKey) : undefined;
      const session = (known && this.sessions.get(known)) || this.create(form, idempotencyKey);
      if (this.failNextCreations > 0) {
        this.failNextCreations -= 1;
        return [500, { error: { type: "api_error", message: "lost" } }, { "stripe-should-retry": "true" }];
      }
      return [200, session];
    }
    const account = await this.connect(req, url.pathname);
    if (account) return account;
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && match?.[1]) {
      const session = this.sessions.get(decodeURIComponent(match[1]));
      if (session) return [200, session];
      return [
        404,
        {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: "No such checkout.session",
          },
        },
      ];
    }
    return [404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } }];
  }

  /** Connect's accounts and account links; null for another path. */
  private async connect(req: IncomingMessage, path: string): Promise<[number, unknown] | null> {
    if (req.method === "POST" && path === "/v1/accounts") {
      const key = req.headers["idempotency-key"];
      const known = typeof key === "string" ? this.byKey.get(key) : undefined;
      const existing = known ? this.accounts.get(known) : undefined;
      if (existing) return [200, existing];
      const form = new URLSearchParams(await readBody(req));
      const created: StandInAccount = {
        id: `acct_${randomBytes(8).toString("hex")}`,
        object: "account",
        type: form.get("type") ?? "",
        charges_enabled: false,
        details_submitted: false,
        metadata: { organization_id: form.get("metadata[organization_id]") ?? "" },
      };
      this.accounts.set(created.id, created);
      if (typeof key === "string") this.byKey.set(key, created.id);
      return [200, created];
    }
    if (req.method === "POST" && path === "/v1/account_links") {
      const form = new URLSearchParams(await readBody(req));
      const id = form.get("account") ?? "";
      if (!this.accounts.has(id))
        return [400, { error: { type: "invalid_request_error", message: "No such account" } }];
      return [
        200,
        {
          object: "account_link",
          url: `https://connect.stripe.test/setup/e/${id}?return=${encodeURIComponent(form.get("return_url") ?? "")}`,
          expires_at: Math.floor(Date.now() / 1000) + 300,
        },
      ];
    }
    const match = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (req.method === "GET" && match?.[1]) {
      const found = this.accounts.get(decodeURIComponent(match[1]));
      return found
        ? [200, found]
        : [
            404,
            {
              error: { type: "invalid_request_error", code: "resource_missing", message: "No such account" },
            },
          ];
    }
    return null;
  }

  private create(form: URLSearchParams, idempotencyKey: string | undefined): StandInSession {
    const id = `cs_test_${randomBytes(12).toString("hex")}`;
    const metadata: Record<string, string> = {};
    for (const [k, v] of form) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    const session: StandInSession = {
      id,
      object: "checkout.session",
      url: `https://checkout.stripe.test/c/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      amount_total:
        Number(form.get("line_items[0][price_data][unit_amount]")) *
        Number(form.get("line_items[0][quantity]")),
      currency: form.get("line_items[0][price_data][currency]") ?? "",
      client_reference_id: form.get("client_reference_id"),
      metadata,
      payment_intent: null,
      success_url: (form.get("success_url") ?? "").replace("{CHECKOUT_SESSION_ID}", id),
      cancel_url: form.get("cancel_url") ?? "",
      expires_at: Number(form.get("expires_at")),
      mode: "payment",
      destination: form.get("payment_intent_data[transfer_data][destination]"),
    };
    this.sessions.set(id, session);
    if (idempotencyKey) this.byKey.set(idempotencyKey, id);
    return session;
  }
}

let eventCounter = 0;

/** A Stripe event envelope around an object, as webhooks deliver it. */
export function stripeEvent(type: string, object: unknown, id = `evt_${Date.now()}_${++eventCounter}`) {
  return {
    id,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** A fully refunded charge of a payment; `metadata` as Stripe copies it from the PaymentIntent. */
export function refundedCharge(paymentIntent: string, metadata: Record<string, string> = {}) {
  return {
    id: `ch_${randomBytes(8).toString("hex")}`,
    object: "charge",
    amount: 2500,
    amount_refunded: 2500,
    refunded: true,
    payment_intent: paymentIntent,
    metadata,
  };
}
