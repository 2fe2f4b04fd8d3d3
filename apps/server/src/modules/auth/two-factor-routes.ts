import {
  loginResponseSchema,
  recoveryCodesSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyRequestSchema,
} from "@aurumwire/shared/two-factor";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientOf } from "./client";
import type { AuthService } from "./service";
import type { TwoFactor } from "./two-factor";

/** Two-factor sign-in (issue 31, decision 202), under /api/auth/2fa. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  twoFactor: TwoFactor;
}> = async (app, { auth, twoFactor }) => {
  app.get(
    "/",
    { preHandler: app.requireUser, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => twoFactor.status(request.user!),
  );

  app.post(
    "/setup",
    { preHandler: app.requireUser, schema: { response: { 200: twoFactorSetupSchema } } },
    async (request) => twoFactor.setup(request.user!),
  );

  app.post(
    "/enable",
    {
      preHandler: app.requireUser,
      schema: { body: twoFactorEnableRequestSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => twoFactor.enable(request.user!, request.body.code),
  );

  app.post(
    "/disable",
    { preHandler: app.requireUser, schema: { body: twoFactorDisableRequestSchema } },
    async (request, reply) => {
      const { password, code } = request.body;
      await auth.disableTwoFactor(request.user!, password, code, request.ip);
      return reply.status(204).send();
    },
  );

  // The code step of a sign-in: no bearer token yet, the challenge proves the password.
  app.post(
    "/verify",
    { schema: { body: twoFactorVerifyRequestSchema, response: { 200: loginResponseSchema } } },
    async (request) =>
      auth.verifyTwoFactor(request.body.challenge, request.body.code, clientOf(request)),
  );
};
