import { z } from "zod";
import { paginationSchema } from "./articles";
import { databaseId } from "./database-id";
import { limits } from "./limits";
import { okResponse } from "./ok-response";
import { roles } from "./roles";
import { avatarUrlSchema, emailSchema } from "./users";

/**
 * The admin user-management API (spec points 3 and 7). Its payloads use the snake_case names of
 * the spec (first_name, last_name, is_active, avatar_url, article_count, api_key_count,
 * created_at), and every answer is wrapped as `{ success, data }` ("user calls read
 * response.data.data").
 */

export const newPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(limits.passwordMin, `Password must be at least ${limits.passwordMin} characters`)
  .max(200, "Password must be at most 200 characters");

const optionalName = (label: string) =>
  z.string().trim().max(100, `${label} must be at most 100 characters`);

const bio = z.string().trim().max(1000, "Bio must be at most 1000 characters");

export const managedUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(roles),
  is_active: z.boolean(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
  email_verified: z.boolean(),
  article_count: z.number(),
  api_key_count: z.number(),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userStatusFilters = ["active", "inactive"] as const;

export const listUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limits.maxPageSize).default(limits.defaultPageSize),
  search: z.string().trim().max(200).optional(),
  role: z.enum(roles).optional(),
  status: z.enum(userStatusFilters).optional(),
});
export type ListUsersQuery = z.infer<typeof listUsersQuerySchema>;

export const createUserSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  first_name: optionalName("First name").default(""),
  last_name: optionalName("Last name").default(""),
  role: z.enum(roles, { error: "Please choose a role" }).default("author"),
  is_active: z.boolean().default(true),
  bio: bio.optional(),
  avatar_url: avatarUrlSchema.optional(),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
  first_name: optionalName("First name").optional(),
  last_name: optionalName("Last name").optional(),
  role: z.enum(roles, { error: "Please choose a role" }).optional(),
  is_active: z.boolean().optional(),
  bio: bio.optional(),
  avatar_url: avatarUrlSchema.optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const resetPasswordSchema = z.object({ new_password: newPasswordSchema });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** The reset-password dialog: both fields must match before the button is enabled. */
export const resetPasswordFormSchema = z
  .object({ new_password: newPasswordSchema, confirm_password: z.string() })
  .refine((form) => form.new_password === form.confirm_password, {
    message: "Passwords do not match",
    path: ["confirm_password"],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const userIdParamsSchema = z.object({ id: databaseId() });

export const userListResponseSchema = okResponse(
  z.object({ users: z.array(managedUserSchema), pagination: paginationSchema }),
);
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userResponseSchema = okResponse(z.object({ user: managedUserSchema }));
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Avatar rules of spec point 5, checked in the dialog and again (from the bytes) on the server. */
export const avatarRules = {
  maxBytes: limits.avatarMaxBytes,
  notAnImage: "Please select an image file",
  tooLarge: "File size must be less than 5MB",
} as const;
