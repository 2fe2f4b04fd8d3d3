import { z } from "zod";

/**
 * `{ success: true, data }`: the envelope of spec point 7's answers (users, API keys, market data,
 * the public sentiment index, the partner and campaign endpoints). `data` stays the allowlist.
 */
export const okResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });
