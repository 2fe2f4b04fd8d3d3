import type { ApiKeyPermission } from "@aurumwire/shared/api-keys";
import { rateLimitHeaders } from "@aurumwire/shared/public-api";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, forbidden, tooManyRequests, unauthorized } from "../errors";
import { hashApiKey, looksLikeApiKey } from "../modules/api-keys/secrets";
import type { ApiKeysService, AuthenticatedApiKey } from "../modules/api-keys/service";
import type { CounterStore } from "./counters";
import { presentedApiKey, type RateLimitRefusals } from "./rate-limit-refusals";

const windowMs = 60_000;
/** Wrong keys from one address per minute before it has to wait: guessing stays pointless. */
const maxInvalidKeysPerIp = 30;

function secondsUntil(resetAt: number) {
  return Math.max(0, Math.ceil((resetAt - Date.now()) / 1000));
}

function requirePresentedKey(request: FastifyRequest): string {
  const secret = presentedApiKey(request.headers);
  if (!secret) {
    throw unauthorized(
      "An API key is required. Send it in the X-API-Key header or as Authorization: Bearer <key>.",
      "api_key_missing",
    );
  }
  return secret;
}

const failureKeyOf = (request: FastifyRequest) => `public-api:invalid-keys:${request.ip}`;

export type ApiKeyCheckOptions = {
  apiKeys: ApiKeysService;
  counters: CounterStore;
  requestsPerMinute: number;
  /** Told of every key over its limit, so the HTTP server refuses its next requests itself. */
  refusals?: RateLimitRefusals;
};

/**
 * API key authentication, per-key rate limit and permission check for the public content API
 * (registered by plugins/api-key-auth.ts inside the /public scope). Order: missing key (401), an
 * address locked out for wrong keys (429), rate limit (429, counted per key hash in the shared
 * CounterStore, so every instance behind a load balancer sees the same count), key lookup (401),
 * permission (403). The limit comes before the lookup: a refusal costs a hash and a counter, never
 * a database query; once a key is over, the HTTP server refuses it by itself, like a cached page
 * (decision 084).
 */
export function createApiKeyCheck(options: ApiKeyCheckOptions) {
  const { apiKeys, counters, requestsPerMinute: limit, refusals } = options;

  /** An address that sent too many wrong keys waits, whatever key it sends now. */
  async function refuseGuessingAddress(request: FastifyRequest) {
    const failures = await counters.peek(failureKeyOf(request));
    if (failures && failures.count >= maxInvalidKeysPerIp) {
      const seconds = secondsUntil(failures.resetAt);
      throw tooManyRequests(
        `Too many requests with invalid API keys. Please try again in ${seconds} seconds.`,
        "api_key_attempts_limited",
        seconds,
      );
    }
  }

  async function authenticate(request: FastifyRequest, secret: string) {
    const failureKey = failureKeyOf(request);
    try {
      return await apiKeys.authenticate(secret);
    } catch (error) {
      if (error instanceof AppError && error.code === "api_key_invalid") {
        await counters.hit(failureKey, windowMs);
      }
      throw error;
    }
  }

  async function applyRateLimit(request: FastifyRequest, reply: FastifyReply, keyHash: string) {
    let window: { count: number; resetAt: number };
    try {
      window = await counters.hit(`public-api:rate:${keyHash.slice(0, 32)}`, windowMs);
    } catch (error) {
      // The counter store (Redis) is down: serve rather than fail every integration.
      request.log.error({ err: error }, "rate limit counter unavailable; request allowed");
      return;
    }
    const reset = secondsUntil(window.resetAt);
    reply.header(rateLimitHeaders.limit, String(limit));
    reply.header(rateLimitHeaders.remaining, String(Math.max(0, limit - window.count)));
    reply.header(rateLimitHeaders.reset, String(reset));
    reply.header(rateLimitHeaders.policy, `${limit};w=${windowMs / 1000}`);
    if (window.count > limit) {
      refusals?.remember(keyHash, window.resetAt);
      throw tooManyRequests(
        `This API key has made more than ${limit} requests in a minute. Please try again in ${Math.max(1, reset)} seconds.`,
        "rate_limited",
        reset,
      );
    }
  }

  /** The key of a request that passed every check, its use recorded; throws the refusal otherwise. */
  return async function checkApiKey(
    request: FastifyRequest,
    reply: FastifyReply,
    permission: ApiKeyPermission,
  ): Promise<AuthenticatedApiKey> {
    const secret = requirePresentedKey(request);
    await refuseGuessingAddress(request);
    // Counted by the hash of what was presented, before the key is looked up: a request over
    // the limit is refused without touching the database. A well-formed key that does not
    // exist can only reach the limit from many addresses (wrong keys are limited per address
    // below), and then learns nothing: every key over its limit gets the same 429.
    if (looksLikeApiKey(secret)) await applyRateLimit(request, reply, hashApiKey(secret));
    const key = await authenticate(request, secret);
    if (!key.permissions.includes(permission)) {
      throw forbidden(
        `This API key does not have the ${permission} permission.`,
        "api_key_permission_missing",
      );
    }
    apiKeys.recordUse(key.id, request.ip);
    return key;
  };
}
