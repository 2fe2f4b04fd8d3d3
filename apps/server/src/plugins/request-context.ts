import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { requestContext } from "../lib/request-context";

/** Every request runs inside its context (lib/request-context.ts): the audit log's address. */
export default fp(
  async function requestContextPlugin(app: FastifyInstance) {
    app.addHook("onRequest", (request, _reply, done) => {
      requestContext.run({ ip: request.ip }, done);
    });
  },
  { name: "request-context" },
);
