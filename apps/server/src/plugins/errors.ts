import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { answerError } from "../lib/error-answers";

/** One error handler for the whole API: lib/error-answers.ts. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler(answerError);
  },
  { name: "errors" },
);
