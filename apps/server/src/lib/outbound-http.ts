/**
 * Calls from this server to external services (price provider, news feeds, and later the AI and
 * partner adapters): one place that bounds time and size and names what went wrong.
 */

export type OutboundFailure =
  | "timeout"
  | "network"
  | "too_large"
  | "rate_limited"
  | "http_status"
  | "malformed";

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

export interface OutboundResponse {
  status: number;
  headers: Headers;
  body: string;
}

export interface OutboundRequest {
  url: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  /** Aborts the call when the server shuts down. */
  signal?: AbortSignal;
  /** Statuses returned instead of thrown (e.g. 304 for conditional feed requests). */
  acceptStatuses?: number[];
}

/**
 * Parses Retry-After (seconds or an HTTP date) into milliseconds from `now`; undefined when the
 * header is missing or unreadable.
 */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

async function readLimited(response: Response, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new OutboundError("too_large", `${url} answered more than ${maxBytes} bytes`);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new OutboundError("too_large", `${url} answered more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** GET a URL with a time limit (connect and body together) and a size limit. */
export async function fetchText(request: OutboundRequest): Promise<OutboundResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const describe = new URL(request.url).host;
  try {
    const response = await fetch(request.url, {
      headers: request.headers,
      signal,
      redirect: "follow",
    });
    if (response.status === 429) {
      await response.body?.cancel().catch(() => {});
      throw new OutboundError(
        "rate_limited",
        `${describe} is rate limiting us (429)`,
        429,
        parseRetryAfter(response.headers.get("retry-after")),
      );
    }
    const accepted = response.ok || request.acceptStatuses?.includes(response.status);
    if (!accepted) {
      await response.body?.cancel().catch(() => {});
      throw new OutboundError(
        "http_status",
        `${describe} answered ${response.status}`,
        response.status,
      );
    }
    const body = await readLimited(response, request.maxBytes, describe);
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    if (timeout.aborted) {
      throw new OutboundError("timeout", `${describe} did not answer in ${request.timeoutMs} ms`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new OutboundError("network", `${describe} could not be reached: ${reason}`);
  }
}
