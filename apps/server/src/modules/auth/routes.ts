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
import { renderMessagePage } from "../mail/message-page";
import { toPublicUser } from "../users/present";
import type { EmailVerification } from "./email-verification";
import type { AuthService } from "./service";

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  emailVerification: EmailVerification;
  siteName: string;
}> = async (app, { auth, emailVerification, siteName }) => {
  // The link of the sign-up mail (decision 124): a small page, like the newsletter's links.
  app.get(
    "/verify-email",
    { schema: { querystring: z.object({ token: z.string().max(300).default("") }) } },
    async (request, reply) => {
      const outcome = await emailVerification.verify(request.query.token);
      const page =
        outcome === "verified"
          ? {
              title: "E-mail address confirmed",
              message: "Thank you: your account is confirmed, and you can like articles now.",
            }
          : {
              title: outcome === "expired" ? "This link has expired" : "This link does not work",
              message: "Ask for a new confirmation link in Profile Settings.",
            };
      return reply
        .status(outcome === "verified" ? 200 : 400)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(renderMessagePage({ siteName, ...page }));
    },
  );

  app.post(
    "/verify-email/resend",
    {
      preHandler: app.requireUser,
      schema: { response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => emailVerification.resend(request.user!),
  );

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
