import { z } from "zod";

/**
 * Ids are PostgreSQL `integer` (int4). A larger number names no record, and the database refuses
 * to even compare it (SQLSTATE 22003), so schemas stop it with a readable message first.
 */
export const maxDatabaseId = 2_147_483_647;

export const idTooLargeMessage = `No record has an id above ${maxDatabaseId}`;

/**
 * A record id from a path, query, form or JSON body: a whole number from 1 to int4's maximum.
 * Text must be the canonical decimal digits (no `0x10`, ` 16`, `1e1`, `016`, `+16`): one id has
 * one spelling, so caches, logs and rate limits see one address per record (issue 33).
 */
export function databaseId(message = "Id must be a positive whole number") {
  // A codec, not a transform: response schemas use it too, and a reply is encoded (a number
  // stays a number), which a one-way transform refuses with a 500.
  return z.codec(
    z.union([z.number(), z.string().regex(/^[1-9][0-9]*$/, message)], { error: message }),
    z.number().int(message).positive(message).max(maxDatabaseId, idTooLargeMessage),
    { decode: (value) => Number(value), encode: (value) => value },
  );
}
