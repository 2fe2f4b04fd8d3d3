import { z } from "zod";
import { paginationSchema } from "./articles";
import { databaseId } from "./database-id";

/** The contact form (spec point 2: name, email, subject, message, all required; decision 123). */
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactMessageInputSchema = z.object({
  name: required("Name", 100),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email({ error: "Please enter a valid email address" })),
  subject: required("Subject", 200),
  message: required("Message", 5000),
  /** The honeypot: hidden from people, filled by bots; a filled one is dropped silently. */
  website: z.string().max(500).optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactStatuses = ["new", "read", "archived"] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(contactStatuses),
  mailedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z
    .enum(["inbox", ...contactStatuses], { error: "status must be inbox, new, read or archived" })
    .default("inbox"),
});

export const contactListResponseSchema = z.object({
  messages: z.array(contactMessageSchema),
  counts: z.object({ new: z.number(), read: z.number(), archived: z.number() }),
  pagination: paginationSchema,
  mailConfigured: z.boolean(),
  contactEmail: z.string().nullable(),
});
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

export const contactStatusUpdateSchema = z.object({
  status: z.enum(contactStatuses, { error: "status must be new, read or archived" }),
});
export const contactIdParamsSchema = z.object({
  id: databaseId("Message id must be a positive whole number"),
});
