import { z } from "zod";

/**
 * Ids are PostgreSQL `integer` (int4). A larger number names no record, and the database refuses
 * to even compare it (SQLSTATE 22003), so schemas stop it with a readable message first.
 */
export const maxDatabaseId = 2_147_483_647;

export const idTooLargeMessage = `No record has an id above ${maxDatabaseId}`;

/** A record id from a path, query or form: a whole number from 1 to int4's maximum. */
export function databaseId(message = "Id must be a positive whole number") {
  return z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(maxDatabaseId, idTooLargeMessage);
}
