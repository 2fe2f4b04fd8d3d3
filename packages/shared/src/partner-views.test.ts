import { describe, expect, it } from "vitest";
import { z } from "zod";
import { okResponse } from "./ok-response";
import { partnerConnectionViewSchema } from "./partner-views";

describe("the partner response schemas", () => {
  it("let only what they name leave the server", () => {
    const schema = okResponse(z.object({ partner: partnerConnectionViewSchema }));
    const view = {
      id: 4,
      name: "Partner",
      kind: "ghost" as const,
      url: "https://partner.example",
      username: null,
      secretHint: "••••a1b2",
      postStatus: "pending",
      maxArticles: 3,
      windowHours: 24,
      isDefault: false,
      isActive: true,
      source: "dashboard" as const,
      lastCheckedAt: null,
      lastCheckOk: null,
      lastCheckMessage: null,
    };
    // A row passed by mistake, its secret fields along: they are dropped, the rest kept.
    const encoded = schema.encode({
      success: true,
      data: {
        partner: {
          ...view,
          secret: "6489:ffeeddcc",
          secretCiphertext: "sealed-box",
        } as typeof view,
      },
    });
    expect(encoded.data.partner).toEqual(view);
    expect(JSON.stringify(encoded)).not.toMatch(/ffeeddcc|sealed-box/);
  });
});
