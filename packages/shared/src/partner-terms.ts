import { z } from "zod";

/**
 * The term mapping of a connection (issue 28, decision 175): which of the partner's terms our
 * category or tag (by slug) becomes. The WordPress adapter fills it as it finds or creates terms;
 * editors may point a slug at another of the partner's terms, or clear it to have it looked up
 * again on the next send.
 */
export const partnerTaxonomies = ["categories", "tags"] as const;
export const partnerTaxonomyLabels = { categories: "Category", tags: "Tag" } as const;

export const termMappingInputSchema = z.object({
  taxonomy: z.enum(partnerTaxonomies, { error: "Choose category or tag" }),
  slug: z
    .string({ error: "Our slug is required" })
    .trim()
    .toLowerCase()
    .min(1, "Our slug is required")
    .max(200, "The slug must be at most 200 characters")
    .regex(/^[a-z0-9][a-z0-9-]*$/, "A slug has only letters, digits and dashes, like bitcoin-etf"),
  remoteId: z.coerce
    .number({ error: "The partner's term id must be a number" })
    .int("The partner's term id must be a whole number")
    .min(1, "The partner's term id must be a positive whole number")
    .max(2_147_483_647, "The partner's term id is too large"),
});
export type TermMappingInput = z.input<typeof termMappingInputSchema>;

export const termMappingQuerySchema = termMappingInputSchema.pick({ taxonomy: true, slug: true });

export const termMappingSchema = z.object({
  taxonomy: z.enum(partnerTaxonomies),
  slug: z.string(),
  remoteId: z.string(),
  createdAt: z.string(),
});

export const termMappingListSchema = z.object({
  partner: z.object({ id: z.number(), name: z.string(), kind: z.string() }),
  /** false: this platform has no terms to map (Ghost names tags itself; a webhook gets ours). */
  supported: z.boolean(),
  message: z.string(),
  mappings: z.array(termMappingSchema),
});
export type TermMappingList = z.infer<typeof termMappingListSchema>;
