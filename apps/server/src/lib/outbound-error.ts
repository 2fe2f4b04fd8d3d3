/** What went wrong in a call to an external service (`outbound-http.ts`), named for people. */
export type OutboundFailure =
  | "timeout"
  | "network"
  | "too_large"
  | "rate_limited"
  | "http_status"
  | "malformed"
  /** The caller aborted the call through its own signal. */
  | "cancelled"
  /** An AddressGuard refused the address: it is internal (loopback, private, metadata...). */
  | "forbidden_address";

export class OutboundError extends Error {
  constructor(
    public readonly kind: OutboundFailure,
    message: string,
    public readonly status?: number,
    /** From a 429's Retry-After header, when it had a usable one. */
    public readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

/** A connection the guard refused, before any byte was sent. */
