import { z } from "zod";
import { EMAIL_MAX_CHARS, NAME_MAX_CHARS } from "../constants";
import { errorMessage } from "../errors";
import { isSafeRedirect } from "../redirect/rules";
import { SignInProvider } from "../vocabulary";

// Wire shapes of accounts and sign-in (spec 1 §7, §8; spec 3 account upsert).

export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 128;
export const BIO_MAX_CHARS = 500;

const INVALID_EMAIL = { error: errorMessage("invalid_email") };
export const Email = z
  .string(INVALID_EMAIL)
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_CHARS, INVALID_EMAIL)
  .pipe(z.email(INVALID_EMAIL));
export const Password = z.string().min(PASSWORD_MIN_CHARS).max(PASSWORD_MAX_CHARS);
/** Names are checked by the domain rule (nameRefusal); the schema only bounds the size on the wire. */
const Name = z
  .string()
  .trim()
  .max(NAME_MAX_CHARS * 4);

/** A same-site path to return to after signing in, already in its normalised safe form (safeRedirect). */
export const RedirectPath = z.string().max(2000).refine(isSafeRedirect, "must be a path on this site");

/** Spec 1 §7 additionalQueryStrings, carried through an e-mailed link back to the page it came from. */
export const AdditionalQueryStrings = z
  .object({
    redirectTo: RedirectPath.optional(),
    register: z.string().max(20).optional(),
    firstName: z.string().max(200).optional(),
    lastName: z.string().max(200).optional(),
    eventId: z.union([z.string().max(20), z.number().int()]).optional(),
    couponName: z.string().max(64).optional(),
  })
  .strict();
export type AdditionalQueryStrings = z.infer<typeof AdditionalQueryStrings>;

export const CurrentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhoto: z.string().nullable(),
  bio: z.string().nullable(),
  hasPassword: z.boolean(),
  emailVerified: z.boolean(),
  tosAccepted: z.iso.datetime().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const MeResponse = z.object({ user: CurrentUser.nullable() });
export type MeResponse = z.infer<typeof MeResponse>;

export const LookupAccountRequest = z.object({ email: Email }).strict();
export const LookupAccountResponse = z.object({
  accountExists: z.boolean(),
  userHasSetPassword: z.boolean(),
  firstName: z.string().nullable(),
});
export type LookupAccountResponse = z.infer<typeof LookupAccountResponse>;

export const SignUpRequest = z
  .object({
    email: Email,
    firstName: Name,
    lastName: Name,
    password: Password.optional(),
    tosAccepted: z.literal(true),
    additionalQueryStrings: AdditionalQueryStrings.optional(),
  })
  .strict();
export type SignUpRequest = z.infer<typeof SignUpRequest>;

export const SignInRequest = z
  .object({ email: Email, password: z.string().min(1).max(PASSWORD_MAX_CHARS) })
  .strict();
export type SignInRequest = z.infer<typeof SignInRequest>;

export const MagicLinkSendRequest = z
  .object({
    email: Email,
    user_action: z.enum(["signup_confirm", "login"]),
    additionalQueryStrings: AdditionalQueryStrings.optional(),
  })
  .strict();
export type MagicLinkSendRequest = z.infer<typeof MagicLinkSendRequest>;

/** The token travels in the link's #fragment and is sent back only by the confirming POST. */
export const LinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "malformed token");
export const MagicLinkVerifyRequest = z.object({ token: LinkToken }).strict();

export const VerifyEmailRequest = z
  .object({
    email: Email,
    first_name: z.string().max(200).optional(),
    additionalQueryStrings: z.object({ redirectTo: RedirectPath.optional() }).strict().optional(),
  })
  .strict();

export const VerifyEmailFromInviteRequest = z
  .object({ firstName: Name, lastName: Name, token: LinkToken })
  .strict();
export const VerifyEmailFromInviteResponse = z.object({ verified: z.boolean(), authToken: z.null() });

export const PasswordResetRequest = z
  .object({ email: Email, redirectTo: RedirectPath.optional(), hasPassword: z.boolean().optional() })
  .strict();
export const PasswordResetConfirmRequest = z.object({ token: LinkToken, password: Password }).strict();

export const SentResponse = z.object({ sent: z.literal(true) });

export const UpdateProfileRequest = z
  .object({
    firstName: Name.optional(),
    lastName: Name.optional(),
    bio: z.string().max(BIO_MAX_CHARS).optional(),
  })
  .strict();
export const ChangePasswordRequest = z
  .object({ currentPassword: z.string().max(PASSWORD_MAX_CHARS).optional(), newPassword: Password })
  .strict();

export const SignInAccount = z.object({ provider: SignInProvider, email: z.string() });
export const SignInAccountsResponse = z.object({ accounts: z.array(SignInAccount) });
export const AccountsRequest = z.object({ email: Email }).strict();
export const AccountsResponse = z.object({
  accounts: z.array(z.object({ id: z.string(), provider: SignInProvider })),
});

export const CsrfResponse = z.object({ csrfToken: z.string() });
export const ProvidersResponse = z.object({ providers: z.array(SignInProvider.exclude(["email"])) });

/** What the link page gets back: where to go next, with the carried query strings. */
export const LinkSignInResponse = z.object({ redirectTo: z.string() });

export const DevMailAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  /** Where the development mailbox serves the file. */
  url: z.string(),
});
export const DevMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(DevMailAttachment),
  createdAt: z.iso.datetime(),
});
export const DevMailboxResponse = z.object({ messages: z.array(DevMail) });
