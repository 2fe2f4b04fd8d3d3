import { z } from "zod";

/**
 * Request shapes of the real-time routes (decisions 231-234). The events themselves are typed in
 * realtime-events.ts (no zod, for the public pages).
 */
export * from "./realtime-events";

/** GET /api/stream: `lastEventId` for clients that cannot send the Last-Event-ID header. */
export const streamQuerySchema = z.object({
  lastEventId: z
    .string()
    .max(40, "lastEventId is the id of an event this stream sent, such as 1732672800000-3")
    .optional(),
});
