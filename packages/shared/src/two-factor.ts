import { z } from "zod";
import { authResponseSchema } from "./users";

/** Two-factor sign-in (issue 31, decision 202): TOTP codes of any authenticator app. */

/** A six-digit code, or a recovery code (`xxxxx-xxxxx`); spaces and dashes a person types are fine. */
export const twoFactorCodeSchema = z
  .string({ error: "Please enter the code from your authenticator app" })
  .trim()
  .min(1, "Please enter the code from your authenticator app")
  .max(40, "This code is too long: enter the six digits from your app or a recovery code");

/** The answer of POST /api/auth/2fa/setup: scan the QR (or type the key), then confirm a code. */
export const twoFactorSetupSchema = z.object({
  otpauthUri: z.string(),
  /** The QR code of the URI, as an SVG data URL. */
  qrCode: z.string(),
  /** The secret in Base32, for apps that cannot scan. */
  secret: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableRequestSchema = z.object({ code: twoFactorCodeSchema });

/** Shown once: ten single-use codes for when the phone is lost. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableRequestSchema = z.object({
  password: z
    .string({ error: "Please enter your password" })
    .min(1, "Please enter your password")
    .max(200, "Password must be at most 200 characters"),
  code: twoFactorCodeSchema,
});

export const twoFactorVerifyRequestSchema = z.object({
  challenge: z
    .string({ error: "The sign-in step is missing. Please enter your password again." })
    .min(1, "The sign-in step is missing. Please enter your password again.")
    .max(300, "This sign-in step is not valid. Please enter your password again."),
  code: twoFactorCodeSchema,
});

/** GET /api/auth/2fa: the account's two-factor state, for the profile. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
  /** The site asks two-factor of this account (staff, with the Site Settings switch on). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** After a right password of an account with two-factor: the code step. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/**
 * What POST /api/auth/login answers: signed in (with `twoFactorSetupRequired` when the site
 * requires two-factor of this staff account and it has none yet), or the code step.
 */
export const loginResponseSchema = z.union([
  authResponseSchema.extend({ twoFactorSetupRequired: z.boolean().optional() }),
  twoFactorChallengeSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
