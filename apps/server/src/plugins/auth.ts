import type { Role } from "@aurumwire/shared/roles";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import type { UserRow } from "../db/schema";
import { createAuthGuards } from "../lib/auth-guards";
import type { AuthService } from "../modules/auth/service";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser / requireRoles / optionalUser. */
    user: UserRow | null;
    /** The session of the signed-in user's token (decision 200). */
    sessionId: string | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRoles: (
      allowed: readonly Role[],
      action?: string,
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Every route that needs a signed-in account, as "METHOD url" (the route table's guarded part). */
    signedInRoutes: Array<{ method: string; url: string }>;
  }
}

/** Bearer-token authentication and role guards as decorators (lib/auth-guards.ts). */
export default fp(
  async function authPlugin(app: FastifyInstance, options: { auth: AuthService }) {
    const guards = createAuthGuards(options.auth);
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);
    app.decorate("signedInRoutes", guards.signedInRoutes);
    app.addHook("onRoute", guards.moveGuardsToOnRequest);
    app.decorate("requireUser", guards.requireUser);
    app.decorate("optionalUser", guards.optionalUser);
    app.decorate("requireRoles", guards.requireRoles);
  },
  { name: "auth" },
);
