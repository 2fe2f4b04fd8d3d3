import { z } from "zod";

/**
 * A PUT body that may carry any subset of an input schema's fields. Each field that is present is
 * checked by that field's own schema (same messages); absent fields stay absent. Zod's own
 * `.partial()` would fill in the defaults of absent fields (tags [], status draft, ...), which
 * would quietly overwrite stored values on a partial update such as `{ isFeatured: true }`.
 */
export function partialUpdateSchema<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const shape = schema.shape;
  const keys = Object.keys(shape);
  const loose = z.object(Object.fromEntries(keys.map((key) => [key, z.unknown().optional()])));
  return loose.transform((body, context) => {
    const parsed: Record<string, unknown> = {};
    for (const key of keys) {
      const value = (body as Record<string, unknown>)[key];
      if (value === undefined) continue;
      const result = (shape[key] as z.ZodType).safeParse(value);
      if (result.success) {
        parsed[key] = result.data;
        continue;
      }
      for (const issue of result.error.issues) {
        context.addIssue({
          code: "custom",
          message: issue.message,
          path: [key, ...issue.path],
          input: value,
        });
      }
    }
    return parsed as Partial<z.output<z.ZodObject<Shape>>>;
  });
}
