import { z } from "zod";
import { limits } from "./limits";
import { roles } from "./roles";

/** An email address as typed into a form: trimmed, checked and lower-cased. */
export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: "Password is required" })
  .min(limits.passwordMin, `Password must be at least ${limits.passwordMin} characters`)
  .max(200, "Password must be at most 200 characters");

const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** A user's avatar: empty, an http(s) URL or an uploaded image. */
export const avatarUrlSchema = z
  .string()
  .trim()
  .max(2000, "Avatar URL is too long")
  .refine(
    (value) => value === "" || /^https?:\/\//i.test(value) || value.startsWith("/uploads/"),
    "Avatar must be an http(s) URL or an uploaded image",
  );

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password,
  firstName: personName("First name"),
  lastName: personName("Last name"),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The one-time owner set-up of an install started without demo accounts (SEED_DEMO=false). */
export const ownerSetupRequestSchema = registerRequestSchema.extend({
  password: z
    .string({ error: "Password is required" })
    .min(10, "The owner's password must be at least 10 characters")
    .max(200, "Password must be at most 200 characters"),
});
export type OwnerSetupRequest = z.infer<typeof ownerSetupRequestSchema>;
export const setupStatusSchema = z.object({ ownerNeeded: z.boolean() });

export const profileUpdateSchema = z
  .object({
    firstName: personName("First name").optional(),
    lastName: personName("Last name").optional(),
    bio: z.string().trim().max(1000, "Bio must be at most 1000 characters").optional(),
    avatar: avatarUrlSchema.optional(),
    currentPassword: z.string().max(200).optional(),
    newPassword: password.optional(),
  })
  .refine((body) => !body.newPassword || !!body.currentPassword, {
    message: "Enter your current password to set a new one",
    path: ["currentPassword"],
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** What the API says about a user: an allowlist, never the password hash. */
export const publicUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ user: publicUserSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export function userInitials(user: { firstName?: string | null; lastName?: string | null }) {
  const first = user.firstName?.trim()?.[0] ?? "";
  const last = user.lastName?.trim()?.[0] ?? "";
  return `${first}${last}`.toUpperCase() || "?";
}

/** One signed-in session of the account (issue 31, decision 200). */
export const sessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", from the User-Agent. */
  device: z.string(),
  userAgent: z.string(),
  ipAddress: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionIdParamsSchema = z.object({
  id: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      "This is not a session id",
    ),
});

/** "Forgot password?" (decision 201): the address to send a reset link to. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The reset link's token and the new password. */
export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ error: "The reset link is incomplete. Please open the link from the e-mail again." })
    .min(1, "The reset link is incomplete. Please open the link from the e-mail again.")
    .max(300, "This password reset link does not work. Please ask for a new link."),
  password,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
