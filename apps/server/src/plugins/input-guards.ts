import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { parseJsonOrNothing, refuseNulInBody, refuseUnusableAddress } from "../lib/input-guards";

/** Refuses input no route can use, before any route or the database sees it (lib/input-guards.ts). */
export default fp(
  async function inputGuardsPlugin(app: FastifyInstance) {
    const parseJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string" },
      parseJsonOrNothing(parseJson),
    );
    app.addHook("onRequest", refuseUnusableAddress);
    app.addHook("preValidation", refuseNulInBody);
  },
  { name: "input-guards" },
);
