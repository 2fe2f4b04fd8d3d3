import { loginResponseSchema } from "@aurumwire/shared/two-factor";
import {
  authResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  ownerSetupRequestSchema,
  profileUpdateSchema,
  publicUserSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  setupStatusSchema,
} from "@aurumwire/shared/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerToken } from "../../lib/bearer-token";
import { renderMessagePage } from "../mail/message-page";
import { toPublicUser } from "../users/present";
import { clientOf } from "./client";
import type { EmailVerification } from "./email-verification";
import type { PasswordReset } from "./password-reset";
import type { AuthService } from "./service";
import type { SignUp } from "./sign-up";
import type { TwoFactor } from "./two-factor";
import { twoFactorRoutes } from "./two-factor-routes";

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  signUp: SignUp;
  emailVerification: EmailVerification;
  passwordReset: PasswordReset;
  twoFactor: TwoFactor;
  siteName: string;
}> = async (app, { auth, signUp, emailVerification, passwordReset, twoFactor, siteName }) => {
  await app.register(twoFactorRoutes, { prefix: "/2fa", auth, twoFactor });

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
    { schema: { body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request) => auth.login(request.body.email, request.body.password, clientOf(request)),
  );

  // Sign-up (decision 276): always 202 with the same sentence, whether or not the address has an
  // account; the mail says what comes next.
  app.post(
    "/register",
    { schema: { body: registerRequestSchema, response: { 202: messageResponseSchema } } },
    async (request, reply) =>
      reply.status(202).send(await signUp.register(request.body, request.ip)),
  );

  // The link of the sign-up mail: the account is created when it is opened.
  app.get(
    "/complete-sign-up",
    { schema: { querystring: z.object({ token: z.string().max(2000).default("") }) } },
    async (request, reply) => {
      const outcome = await signUp.complete(request.query.token);
      const signIn = { href: "/login", label: "Sign in" };
      const page =
        outcome === "created"
          ? {
              title: "Your account is ready",
              message: "Thank you: your address is confirmed and your account is created.",
              link: signIn,
            }
          : outcome === "exists"
            ? {
                title: "You already have an account",
                message:
                  "This address has an account already. Sign in, or choose a new password from the sign-in page if you forgot it.",
                link: signIn,
              }
            : {
                title: outcome === "expired" ? "This link has expired" : "This link does not work",
                message: "Sign-up links work for 3 days. Please sign up again to get a new one.",
                link: { href: "/register", label: "Sign up again" },
              };
      return reply
        .status(outcome === "created" || outcome === "exists" ? 200 : 400)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(renderMessagePage({ siteName, ...page }));
    },
  );

  // "Forgot password?" (decision 201): always 202 with the same sentence.
  app.post(
    "/forgot-password",
    {
      schema: { body: forgotPasswordRequestSchema, response: { 202: messageResponseSchema } },
    },
    async (request, reply) =>
      reply.status(202).send(await passwordReset.requestReset(request.body.email, request.ip)),
  );

  app.post(
    "/reset-password",
    { schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => passwordReset.reset(request.body.token, request.body.password),
  );

  app.get("/setup", { schema: { response: { 200: setupStatusSchema } } }, async () => ({
    ownerNeeded: await auth.ownerNeeded(),
  }));

  app.post(
    "/setup",
    { schema: { body: ownerSetupRequestSchema, response: { 201: authResponseSchema } } },
    async (request, reply) =>
      reply.status(201).send(await auth.createOwner(request.body, clientOf(request))),
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
    async (request) =>
      auth.updateProfile(request.user!, request.body, {
        sessionId: request.sessionId!,
        client: clientOf(request),
      }),
  );

  // Sessions (issue 31, decision 200): the list, sign out one, sign out everywhere else.
  app.get(
    "/sessions",
    { preHandler: app.requireUser, schema: { response: { 200: sessionListSchema } } },
    async (request) => auth.listSessions(request.user!, request.sessionId!),
  );

  app.delete(
    "/sessions/:id",
    {
      preHandler: app.requireUser,
      schema: { params: sessionIdParamsSchema },
    },
    async (request, reply) => {
      await auth.revokeSession(request.user!, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/sessions/revoke-others",
    {
      preHandler: app.requireUser,
      schema: { response: { 200: z.object({ ended: z.number() }) } },
    },
    async (request) => auth.revokeOtherSessions(request.user!, request.sessionId!),
  );

  app.post("/logout", async (request, reply) => {
    // Ends this token's session; the client drops its copy either way.
    const token = bearerToken(request);
    if (token) await auth.logout(token);
    return reply.status(204).send();
  });
};
