import { AppError } from "../errors";
import { OutboundError } from "./outbound-error";

/**
 * The one failure ladder for the external services we call for a person (decision 297):
 * `OutboundError` (what the HTTP call saw) -> `ServiceError` (what the service did, in its name)
 * -> `AppError` (the status, stable code and sentence the API answers). The AI writer's chat
 * models and the AI image services use it; each names its codes and sentences, not the ladder.
 */
export type ServiceFailure =
  | "timeout"
  | "unreachable"
  | "rate_limited"
  | "rejected"
  | "server_error"
  | "malformed"
  | "too_large"
  | "incomplete"
  | "model_not_found"
  | "cancelled";

export class ServiceError extends Error {
  /** From the service's Retry-After, when it sent a usable one. */
  readonly retryAfterMs?: number;
  /** The service produced (and charged for) a result before we refused it. */
  readonly charged: boolean;

  constructor(
    public readonly kind: ServiceFailure,
    message: string,
    options: { retryAfterMs?: number; charged?: boolean } = {},
  ) {
    super(message);
    this.name = "ServiceError";
    this.retryAfterMs = options.retryAfterMs;
    this.charged = options.charged ?? false;
  }
}

/** The same failure, marked as charged by the service. Anything else is answered unchanged. */
export function chargedFailure(error: unknown): unknown {
  if (!(error instanceof ServiceError)) return error;
  return new ServiceError(error.kind, error.message, {
    retryAfterMs: error.retryAfterMs,
    charged: true,
  });
}

/**
 * An outbound failure in the service's name (`service`: "Ollama", "DALL-E"). `modelNotFound` says
 * whether a refusal means the configured model is missing. Anything else is answered unchanged.
 */
export function serviceFailure(
  error: unknown,
  service: string,
  modelNotFound: (error: OutboundError) => boolean = () => false,
): unknown {
  if (!(error instanceof OutboundError)) return error;
  switch (error.kind) {
    case "timeout":
      return new ServiceError("timeout", `${service} did not answer in time`);
    case "cancelled":
      return new ServiceError("cancelled", `The call to ${service} was cancelled`);
    case "network":
    case "forbidden_address":
      return new ServiceError("unreachable", `${service} could not be reached: ${error.message}`);
    case "rate_limited":
      return new ServiceError("rate_limited", `${service} is rate limiting us`, {
        retryAfterMs: error.retryAfterMs,
      });
    case "too_large":
      return new ServiceError("too_large", `${service} sent a longer answer than we accept`);
    case "malformed":
      return new ServiceError("malformed", `${service} sent an answer we could not read`);
    case "http_status": {
      if (modelNotFound(error)) return new ServiceError("model_not_found", error.message);
      const status = error.status ?? 0;
      // "host:port answered 400: detail" -> "detail"
      const detail = error.message.replace(/^\S+ answered \d+:?\s*/, "");
      return new ServiceError(
        status >= 500 ? "server_error" : "rejected",
        `${service} refused the request (${status})${detail ? `: ${detail}` : ""}`,
      );
    }
  }
}

/** The status each failure is answered with: the same for every service. */
const statusOf: Record<ServiceFailure, number> = {
  timeout: 504,
  cancelled: 499,
  unreachable: 502,
  rate_limited: 429,
  model_not_found: 503,
  malformed: 502,
  too_large: 502,
  incomplete: 502,
  rejected: 502,
  server_error: 502,
};

/** One answer: the stable code and the sentence for people (`seconds`: the wait, rate limits). */
export interface FailureAnswer {
  code: string;
  message: (error: ServiceError, seconds: number) => string;
}

/**
 * A service failure as the API answers it, in the caller's codes and words; a kind the caller
 * names no answer for is answered as `malformed`. Anything but a ServiceError is answered
 * unchanged.
 */
export function failureToAppError(
  error: unknown,
  answers: Partial<Record<ServiceFailure, FailureAnswer>> & { malformed: FailureAnswer },
): unknown {
  if (!(error instanceof ServiceError)) return error;
  const answer = answers[error.kind] ?? answers.malformed;
  const status = answers[error.kind] ? statusOf[error.kind] : statusOf.malformed;
  const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
  return new AppError(
    status,
    answer.code,
    answer.message(error, seconds),
    undefined,
    status === 429 ? seconds : undefined,
  );
}
