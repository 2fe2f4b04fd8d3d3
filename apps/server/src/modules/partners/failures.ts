import type { PartnerKind } from "@aurumwire/shared/partners";
import { OutboundError } from "../../lib/outbound-http";
import { PartnerSetupError, RemoteGoneError } from "./adapters";

/**
 * What a failed partner call means for a person, and whether trying again can help. The
 * partner's own answer body is never shown (it is someone else's text); the status and what we
 * know of it are.
 */
export interface PartnerFailure {
  message: string;
  retryable: boolean;
  retryAfterMs?: number;
  /** The call may have reached the partner: look the post up before creating again. */
  unknownOutcome?: boolean;
  /** The partner no longer has the post: offer "send again as new". */
  gone?: boolean;
}

/** The kind of the PARTNER_API_URL connection when PARTNER_API_KIND is unset (decision 110). */
export function guessPartnerKind(url: string, key: string): PartnerKind {
  if (/^[0-9a-f]{24}:[0-9a-f]{64}$/i.test(key) || /\/ghost\/?$/.test(url)) return "ghost";
  if (/\/wp-json\/?$/.test(url) || key.includes(":")) return "wordpress";
  return "webhook";
}

/** What to check when a partner refuses our credentials, in the words of its platform. */
const credentialNames: Record<PartnerKind, string> = {
  wordpress: "WordPress user name and application password",
  ghost: "Admin API key",
  webhook: "signing secret",
};

export function describePartnerFailure(
  error: unknown,
  partner: { name: string; kind: PartnerKind },
): PartnerFailure {
  const partnerName = partner.name;
  if (error instanceof RemoteGoneError) {
    return {
      message: `${error.message} Use "Send again as new" to post it there again.`,
      retryable: false,
      gone: true,
    };
  }
  if (error instanceof PartnerSetupError) return { message: error.message, retryable: false };
  if (!(error instanceof OutboundError)) {
    return {
      message: `Sending to ${partnerName} failed: ${String((error as Error)?.message ?? error)}`,
      retryable: false,
    };
  }
  switch (error.kind) {
    case "rate_limited":
      return {
        message: `${partnerName} asked us to slow down (429)${error.retryAfterMs !== undefined ? `; trying again in ${Math.ceil(error.retryAfterMs / 1000)} s` : ""}.`,
        retryable: true,
        retryAfterMs: error.retryAfterMs,
      };
    case "timeout":
      return {
        message: `${partnerName} did not answer in time; it may have stored the post, so it is looked up before sending again.`,
        retryable: true,
        unknownOutcome: true,
      };
    case "network":
      return {
        message: `${partnerName} could not be reached or cut the connection.`,
        retryable: true,
        unknownOutcome: true,
      };
    case "malformed":
      return {
        message: `${partnerName} answered with something we could not read; it may have stored the post, so it is looked up before sending again.`,
        retryable: true,
        unknownOutcome: true,
      };
    case "too_large":
      return {
        message: `${partnerName} answered with far more data than expected.`,
        retryable: false,
      };
    case "cancelled":
      return {
        message: "Sending was cancelled because the server is stopping.",
        retryable: true,
        unknownOutcome: true,
      };
    case "forbidden_address":
      return {
        message: `${partnerName}'s address leads inside our own network, where partner connections may not go. Use the partner's public address (the operator can allow an intranet range with OUTBOUND_ALLOW_PRIVATE).`,
        retryable: false,
      };
    default: {
      const status = error.status ?? 0;
      if (status === 401 || status === 403) {
        return {
          message: `${partnerName} refused our credentials (${status}). Check the connection's ${credentialNames[partner.kind]}.`,
          retryable: false,
        };
      }
      if (status >= 500 || status === 408) {
        return {
          message: `${partnerName} had a server error (${status}); it may have stored the post, so it is looked up before sending again.`,
          retryable: true,
          unknownOutcome: true,
        };
      }
      if (status === 404) {
        return {
          message: `${partnerName} answered 404: the address or the API route is wrong. Check the connection's address.`,
          retryable: false,
        };
      }
      return { message: `${partnerName} refused the article (${status}).`, retryable: false };
    }
  }
}

export function backoffMs(attempt: number): number {
  return Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));
}
