import {
  authResponseSchema,
  loginRequestSchema,
  ownerSetupRequestSchema,
  profileUpdateSchema,
  publicUserSchema,
  registerRequestSchema,
  setupStatusSchema,
} from "@aurumwire/shared/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { toPublicUser } from "../users/present";
import type { AuthService } from "./service";

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    "/login",
    { schema: { body: loginRequestSchema, response: { 200: authResponseSchema } } },
    async (request) => auth.login(request.body.email, request.body.password, request.ip),
  );

  app.post(
    "/register",
    { schema: { body: registerRequestSchema, response: { 201: authResponseSchema } } },
    async (request, reply) => reply.status(201).send(await auth.register(request.body, request.ip)),
  );

  app.get("/setup", { schema: { response: { 200: setupStatusSchema } } }, async () => ({
    ownerNeeded: await auth.ownerNeeded(),
  }));

  app.post(
    "/setup",
    { schema: { body: ownerSetupRequestSchema, response: { 201: authResponseSchema } } },
    async (request, reply) => reply.status(201).send(await auth.createOwner(request.body)),
  );

  app.get(
    "/profile",
    {
      preHandler: app.requireUser,
      schema: { response: { 200: z.object({ user: publicUserSchema }) } },
    },
    async (request) => ({ user: toPublicUser(request.user!) }),
  );

  app.put(
    "/profile",
    {
      preHandler: app.requireUser,
      schema: { body: profileUpdateSchema, response: { 200: authResponseSchema } },
    },
    async (request) => auth.updateProfile(request.user!, request.body),
  );

  app.post("/logout", async (_request, reply) => {
    // Tokens are stateless; the client drops its copy. Kept so clients have one place to call.
    return reply.status(204).send();
  });
};
