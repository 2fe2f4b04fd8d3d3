import { z } from "zod";

/** Every error answer of the API: a sentence for people, a stable code for programs. */
export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
