import { describeRoles, hasRole, type Role } from "@aurumwire/shared/roles";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { UserRow } from "../db/schema";
import { forbidden, unauthorized } from "../errors";
import { bearerToken } from "../lib/bearer-token";
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
  }
}

/** Bearer-token authentication and role guards, used as route preHandlers. */
export default fp(
  async function authPlugin(app: FastifyInstance, options: { auth: AuthService }) {
    const { auth } = options;
    app.decorateRequest("user", null);
    app.decorateRequest("sessionId", null);

    async function requireUser(request: FastifyRequest) {
      const token = bearerToken(request);
      if (!token) throw unauthorized("Please log in to continue.", "unauthorized");
      const signedIn = await auth.authenticate(token, request.ip);
      request.user = signedIn.user;
      request.sessionId = signedIn.sessionId;
    }

    app.decorate("requireUser", requireUser);

    app.decorate("optionalUser", async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) return;
      // A stale token on a public route just means "anonymous".
      const signedIn = await auth.authenticate(token, request.ip).catch(() => null);
      request.user = signedIn?.user ?? null;
      request.sessionId = signedIn?.sessionId ?? null;
    });

    app.decorate("requireRoles", (allowed: readonly Role[], action = "access this page") => {
      return async (request: FastifyRequest) => {
        if (!request.user) await requireUser(request);
        if (!hasRole(request.user, allowed)) {
          throw forbidden(`You need ${describeRoles(allowed)} privileges to ${action}.`);
        }
      };
    });
  },
  { name: "auth" },
);
