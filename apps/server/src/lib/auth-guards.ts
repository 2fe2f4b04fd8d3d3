import { describeRoles, hasRole, type Role } from "@aurumwire/shared/roles";
import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { forbidden, unauthorized } from "../errors";
import type { AuthService } from "../modules/auth/service";
import { bearerToken } from "./bearer-token";

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Bearer-token authentication and role guards (registered by plugins/auth.ts). Routes name them
 * as preHandlers; `moveGuardsToOnRequest` (an onRoute hook) moves them to onRequest, so a caller
 * is authenticated before the body is read and validated: an anonymous caller gets 401, never 400
 * with every field's rule (issue 33, decision 222).
 */
export function createAuthGuards(auth: AuthService) {
  const guards = new WeakSet<Hook>();
  /** Every route that needs a signed-in account, as "METHOD url" (the route table's guarded part). */
  const signedInRoutes: Array<{ method: string; url: string }> = [];

  function moveGuardsToOnRequest(route: RouteOptions) {
    const preHandlers = asList(route.preHandler as Hook | Hook[] | undefined);
    const authentication = preHandlers.filter((hook) => guards.has(hook));
    if (authentication.length === 0) return;
    const rest = preHandlers.filter((hook) => !guards.has(hook));
    route.preHandler = rest.length > 0 ? rest : undefined;
    route.onRequest = [...asList(route.onRequest as Hook | Hook[] | undefined), ...authentication];
    for (const method of asList(route.method)) signedInRoutes.push({ method, url: route.url });
  }

  async function requireUser(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthorized("Please log in to continue.", "unauthorized");
    const signedIn = await auth.authenticate(token, request.ip);
    request.user = signedIn.user;
    request.sessionId = signedIn.sessionId;
  }
  guards.add(requireUser);

  async function optionalUser(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) return;
    // A stale token on a public route just means "anonymous".
    const signedIn = await auth.authenticate(token, request.ip).catch(() => null);
    request.user = signedIn?.user ?? null;
    request.sessionId = signedIn?.sessionId ?? null;
  }

  function requireRoles(allowed: readonly Role[], action = "access this page") {
    const guard = async (request: FastifyRequest) => {
      if (!request.user) await requireUser(request);
      if (!hasRole(request.user, allowed)) {
        throw forbidden(`You need ${describeRoles(allowed)} privileges to ${action}.`);
      }
      // "Require two-factor for all staff": no staff call until this account has it on.
      if (await auth.staffMustEnrol(request.user!)) {
        throw forbidden(
          "This site requires two-factor sign-in for staff. Set it up in your profile first.",
          "two_factor_setup_required",
        );
      }
    };
    guards.add(guard);
    return guard;
  }

  return { signedInRoutes, moveGuardsToOnRequest, requireUser, optionalUser, requireRoles };
}
