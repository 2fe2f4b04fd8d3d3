import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldPath, FieldValues, Resolver, UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../lib/api-client";

/**
 * The form kit's resolver: the shared zod schema checks the form exactly as it checks the request
 * on the server. `toInput` turns what the fields hold (empty strings for unset numbers, local
 * dates) into what the schema reads.
 */
export function schemaResolver<Values extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  toInput: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema as never);
  return ((values: Values, context: unknown, options: unknown) =>
    resolve(toInput(values) as never, context, options as never)) as unknown as Resolver<
    Values,
    unknown,
    z.output<Schema>
  >;
}

/** The server's field messages (a 400's `fields`) shown on the fields this form has. */
export function showServerFieldErrors<Values extends FieldValues>(
  caught: unknown,
  setError: UseFormSetError<Values>,
  fieldNames: readonly string[],
): void {
  if (!(caught instanceof ApiError) || !caught.fields) return;
  for (const [field, message] of Object.entries(caught.fields)) {
    if (fieldNames.includes(field))
      setError(field as FieldPath<Values>, { type: "server", message });
  }
}
