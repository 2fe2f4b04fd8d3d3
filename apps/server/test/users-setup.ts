import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildTestApp, loginAs } from "./helpers";

/**
 * The user-management test files (users, users-avatar, users-deactivation): one server with the
 * admin signed in. The bindings below are set by `useUsersApp()`'s hooks; a test reads them once
 * it runs.
 */

export let app: FastifyInstance;
export let admin: { authorization: string };

/** Starts the server and signs the admin in before the file's tests, and stops it after. */
export function useUsersApp() {
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await loginAs(app, "admin");
  });
  afterAll(async () => {
    await app?.close();
  });
}

export async function createUser(payload: Record<string, unknown>, auth = admin) {
  return app.inject({ method: "POST", url: "/api/users", headers: auth, payload });
}

export async function login(email: string, password: string) {
  return app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
}
