import { describe, expect, it } from "vitest";
import { z } from "zod";
import { partialUpdateSchema } from "./partial-update";

const schema = z.object({
  name: z.string().min(3, "Name is too short"),
  tags: z.array(z.string()).default([]),
  active: z.boolean().default(true),
});
const update = partialUpdateSchema(schema);

describe("partialUpdateSchema", () => {
  it("keeps absent fields absent instead of filling in defaults", () => {
    expect(update.parse({ active: false })).toEqual({ active: false });
    expect(update.parse({})).toEqual({});
  });
  it("checks present fields with their own messages and paths", () => {
    const result = update.safeParse({ name: "ab", active: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["name"], message: "Name is too short" });
  });
  it("drops unknown keys", () => {
    expect(update.parse({ name: "abcd", id: 5 })).toEqual({ name: "abcd" });
  });
});
