import { randomBytes } from "node:crypto";
import multipart from "@fastify/multipart";
import {
  AccountsRequest,
  AccountsResponse,
  BadRequest,
  ChangePasswordRequest,
  LinkSignInResponse,
  LookupAccountRequest,
  LookupAccountResponse,
  MagicLinkSendRequest,
  MagicLinkVerifyRequest,
  MeResponse,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  SentResponse,
  SignInAccountsResponse,
  SignInRequest,
  SignUpRequest,
  Unauthorized,
  UpdateProfileRequest,
  VerifyEmailFromInviteRequest,
  VerifyEmailFromInviteResponse,
  VerifyEmailRequest,
} from "@onstage/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type CookiePolicy, endSession, startSession } from "../../kernel/identity/user-sessions";
import type { Database } from "../../platform/database";
import { IMAGE_MAX_BYTES, reencodeImage } from "../../platform/images/images";
import type { Realtime } from "../../platform/realtime/port";
import type { FileStorage } from "../../platform/storage/port";
import type { AuthService } from "./service";

export interface AuthRouteDeps {
  auth: AuthService;
  db: Database;
  policy: CookiePolicy;
  storage: FileStorage;
  realtime: Realtime;
}

const AVATAR_SIZE = { width: 256, height: 256 };
const tags = ["auth"];
const caller = (req: FastifyRequest) => ({ address: req.ip });

export function authRoutes({ auth, db, policy, storage, realtime }: AuthRouteDeps): FastifyPluginAsyncZod {
  const signInAs = async (req: FastifyRequest, reply: FastifyReply, userId: number) => {
    await startSession({ db, policy, realtime }, req, reply, userId);
    return { user: await auth.me(userId) };
  };

  return async (app) => {
    app.get("/api/me", { schema: { tags, response: { 200: MeResponse } } }, async (req) => ({
      user: await auth.me(req.viewerUserId),
    }));

    app.post(
      "/api/user/lookup-account",
      { schema: { tags, body: LookupAccountRequest, response: { 200: LookupAccountResponse } } },
      async (req) => auth.lookupAccount(req.body.email, caller(req)),
    );

    app.post(
      "/api/auth/signup",
      { schema: { tags, body: SignUpRequest, response: { 200: MeResponse } } },
      async (req, reply) => signInAs(req, reply, await auth.signUp(req.body)),
    );

    app.post(
      "/api/auth/login",
      { schema: { tags, body: SignInRequest, response: { 200: MeResponse } } },
      async (req, reply) =>
        signInAs(req, reply, await auth.signIn(req.body.email, req.body.password, caller(req))),
    );

    app.post("/api/auth/logout", { schema: { tags } }, async (req, reply) => {
      await endSession({ db, policy, realtime }, req, reply);
      return reply.code(204).send();
    });

    app.post("/api/auth/logout-everywhere", { schema: { tags } }, async (req, reply) => {
      if (req.viewerUserId !== null) await auth.endAllSessions(req.viewerUserId);
      await endSession({ db, policy, realtime }, req, reply);
      return reply.code(204).send();
    });

    app.post(
      "/api/magic-link/send",
      { schema: { tags, body: MagicLinkSendRequest, response: { 200: SentResponse } } },
      async (req) => {
        await auth.sendLoginLink(
          req.body.email,
          req.body.user_action,
          req.body.additionalQueryStrings,
          caller(req),
        );
        return { sent: true as const };
      },
    );

    app.post(
      "/api/magic-link/verify",
      { schema: { tags, body: MagicLinkVerifyRequest, response: { 200: LinkSignInResponse } } },
      async (req, reply) => {
        const { userId, redirectTo } = await auth.signInWithLink(req.body.token, req.viewerUserId);
        await startSession({ db, policy, realtime }, req, reply, userId);
        return { redirectTo };
      },
    );

    app.post(
      "/api/user/verify-email",
      { schema: { tags, body: VerifyEmailRequest, response: { 200: SentResponse } } },
      async (req) => {
        await auth.sendVerification(
          req.viewerUserId,
          req.body.email,
          req.body.additionalQueryStrings?.redirectTo,
        );
        return { sent: true as const };
      },
    );

    app.post(
      "/api/verify-email-from-invite",
      {
        schema: {
          tags,
          body: VerifyEmailFromInviteRequest,
          response: { 200: VerifyEmailFromInviteResponse },
        },
      },
      async (req, reply) => {
        const userId = await auth.acceptInvite(req.body.token, req.body, req.viewerUserId);
        await startSession({ db, policy, realtime }, req, reply, userId);
        // The session cookie is the credential; no bearer token is handed to page scripts.
        return { verified: true, authToken: null };
      },
    );

    app.post(
      "/api/password-reset",
      { schema: { tags, body: PasswordResetRequest, response: { 200: SentResponse } } },
      async (req) => {
        await auth.sendPasswordReset(req.body.email, req.body.redirectTo, caller(req));
        return { sent: true as const };
      },
    );

    app.post(
      "/api/password-reset/confirm",
      { schema: { tags, body: PasswordResetConfirmRequest, response: { 200: LinkSignInResponse } } },
      async (req, reply) => {
        const { userId, redirectTo } = await auth.resetPassword(req.body.token, req.body.password);
        await startSession({ db, policy, realtime }, req, reply, userId);
        return { redirectTo };
      },
    );

    app.post("/api/user/accept-terms", { schema: { tags, response: { 200: MeResponse } } }, async (req) => ({
      user: await auth.acceptTerms(req.viewerUserId),
    }));

    app.patch(
      "/api/user/profile",
      { schema: { tags, body: UpdateProfileRequest, response: { 200: MeResponse } } },
      async (req) => ({ user: await auth.updateProfile(req.viewerUserId, req.body) }),
    );

    app.post("/api/user/password", { schema: { tags, body: ChangePasswordRequest } }, async (req, reply) => {
      const userId = await auth.changePassword(
        req.viewerUserId,
        req.body.currentPassword,
        req.body.newPassword,
        caller(req),
      );
      const current = req.cookies[policy.sessionCookie];
      await auth.endAllSessions(userId, current ? { sessionId: current } : undefined);
      return reply.code(204).send();
    });

    app.get(
      "/api/user/sign-in-accounts",
      { schema: { tags, response: { 200: SignInAccountsResponse } } },
      async (req) => ({
        accounts: (await auth.signInAccounts(req.viewerUserId)).map(({ provider, email }) => ({
          provider,
          email,
        })),
      }),
    );

    app.post(
      "/api/accounts",
      { schema: { tags, body: AccountsRequest, response: { 200: AccountsResponse } } },
      async (req) => ({ accounts: await auth.accountsOf(req.viewerUserId, req.body.email) }),
    );

    await app.register(async (uploads) => {
      await uploads.register(multipart, { limits: { files: 1, fileSize: IMAGE_MAX_BYTES, fields: 0 } });
      uploads.post(
        "/api/user/photo",
        { schema: { tags, consumes: ["multipart/form-data"], response: { 200: MeResponse } } },
        async (req) => {
          if (req.viewerUserId === null) throw Unauthorized();
          const file = await req.file().catch(() => undefined);
          if (file?.fieldname !== "photo") throw BadRequest("invalid_image");
          const bytes = await file.toBuffer().catch(() => null);
          const jpeg = bytes && !file.file.truncated ? await reencodeImage(bytes, AVATAR_SIZE) : null;
          if (!jpeg) throw BadRequest("invalid_image");
          const url = await storage.put(`avatars/${randomBytes(16).toString("hex")}.jpg`, jpeg, "image/jpeg");
          return { user: await auth.setPhoto(req.viewerUserId, url) };
        },
      );
    });
  };
}
