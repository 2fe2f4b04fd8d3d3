import { type AddressGuard, refusedAddress } from "./address-guard";
import { OutboundError } from "./outbound-error";
import { open, openGet } from "./outbound-open";

/**
 * Calls from this server to external services (price provider, news feeds, the AI writer, and
 * the partner adapters): one place that bounds time and size and names what went wrong. Calls to
 * an address staff can set (partner connections and webhooks) also go through an AddressGuard.
 */

export { type AddressGuard, createAddressGuard } from "./address-guard";
export { OutboundError, type OutboundFailure } from "./outbound-error";

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
  /**
   * The address was set by staff (a partner connection, a webhook): connect only where the guard
   * allows, and never put the remote's answer into a message a user reads (issue 33).
   */
  guard?: AddressGuard;
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
  return (await readLimitedBytes(response, maxBytes, url)).toString("utf8");
}

async function readLimitedBytes(
  response: Response,
  maxBytes: number,
  url: string,
): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new OutboundError("too_large", `${url} answered more than ${maxBytes} bytes`);
  }
  if (!response.body) return Buffer.alloc(0);
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
  return Buffer.concat(chunks);
}

/**
 * The one place an answer is refused: 429 with its Retry-After, any other status that is not OK
 * (or accepted by the caller) as "http_status", with the refusal's own error text when asked for
 * (WordPress, Ghost and the AI services explain themselves there).
 */
async function refuseUnlessAccepted(
  response: Response,
  describe: string,
  options: { accept?: (status: number) => boolean; detail: boolean },
): Promise<void> {
  if (response.status === 429) {
    await response.body?.cancel().catch(() => {});
    throw new OutboundError(
      "rate_limited",
      `${describe} is rate limiting us (429)`,
      429,
      parseRetryAfter(response.headers.get("retry-after")),
    );
  }
  if (response.ok || options.accept?.(response.status)) return;
  let detail: string | undefined;
  if (options.detail) {
    try {
      detail = readErrorBody(await readLimited(response, 64 * 1024, describe));
    } catch {
      // the status alone has to do
    }
  } else {
    await response.body?.cancel().catch(() => {});
  }
  throw new OutboundError(
    "http_status",
    `${describe} answered ${response.status}${detail ? `: ${detail}` : ""}`,
    response.status,
  );
}

/** GET a URL with a time limit (connect and body together) and a size limit. */
export async function fetchText(request: OutboundRequest): Promise<OutboundResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const describe = new URL(request.url).host;
  try {
    const response = await openGet(
      request.url,
      { headers: request.headers, signal, redirect: "follow" },
      request.guard,
    );
    await refuseUnlessAccepted(response, describe, {
      accept: (status) => request.acceptStatuses?.includes(status) ?? false,
      detail: false,
    });
    const body = await readLimited(response, request.maxBytes, describe);
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    const refused = refusedAddress(error);
    if (refused) throw refused;
    if (timeout.aborted) {
      throw new OutboundError("timeout", `${describe} did not answer in ${request.timeoutMs} ms`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new OutboundError("network", `${describe} could not be reached: ${reason}`);
  }
}

export interface OutboundStreamRequest {
  url: string;
  /** Sent as JSON with POST. */
  body: unknown;
  headers?: Record<string, string>;
  /** Time limit for the whole call, connect to last byte. */
  timeoutMs: number;
  /** Limit on the whole streamed answer. */
  maxBytes: number;
  /** Aborts the call (a cancelled generation, a closed browser tab, a server shutting down). */
  signal?: AbortSignal;
}

/** The JSON error body of a refused call, when the service sent one: its `error` text or object. */
function readErrorBody(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown; errors?: unknown };
    const error = parsed.error;
    // Ghost: { errors: [{ message, context }] }
    if (Array.isArray(parsed.errors) && parsed.errors[0] && typeof parsed.errors[0] === "object") {
      const first = parsed.errors[0] as { message?: unknown; context?: unknown };
      if (typeof first.message === "string") {
        return typeof first.context === "string" && first.context
          ? `${first.message} ${first.context}`
          : first.message;
      }
    }
    if (typeof error === "string") return error;
    if (
      error &&
      typeof error === "object" &&
      typeof (error as { message?: unknown }).message === "string"
    ) {
      return (error as { message: string }).message;
    }
    if (typeof parsed.message === "string") return parsed.message;
  } catch {
    // not JSON: no detail
  }
  return undefined;
}

/**
 * POSTs JSON and yields the answer line by line as it arrives (NDJSON, server-sent events), with
 * the same time, size and status rules as fetchText. A refused call's error text (JSON `error`)
 * is kept in the OutboundError's message, because services name the real problem there (for
 * example Ollama's "model not found").
 */
export async function* postJsonLines(request: OutboundStreamRequest): AsyncGenerator<string> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const describe = new URL(request.url).host;
  const translate = (error: unknown): Error => {
    if (error instanceof OutboundError) return error;
    if (request.signal?.aborted)
      return new OutboundError("cancelled", `${describe}: call cancelled`);
    if (timeout.aborted) {
      return new OutboundError("timeout", `${describe} did not finish in ${request.timeoutMs} ms`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new OutboundError("network", `${describe} could not be reached: ${reason}`);
  };
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...request.headers },
      body: JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    throw translate(error);
  }
  await refuseUnlessAccepted(response, describe, { detail: true });
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let pending = "";
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw translate(error);
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > request.maxBytes) {
        throw new OutboundError(
          "too_large",
          `${describe} answered more than ${request.maxBytes} bytes`,
        );
      }
      pending += decoder.decode(chunk.value, { stream: true });
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        const line = pending.slice(0, newline).replace(/\r$/, "");
        pending = pending.slice(newline + 1);
        yield line;
        newline = pending.indexOf("\n");
      }
    }
    pending += decoder.decode();
    if (pending) yield pending.replace(/\r$/, "");
  } finally {
    await reader.cancel().catch(() => {});
  }
}

export interface OutboundSendRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  /** A string or bytes, sent as they are (set content-type in headers). */
  body?: string | Uint8Array;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  /** Follow redirects (a generated picture's download link); refused by default. */
  followRedirects?: boolean;
  /**
   * The address was set by staff (a partner connection, a webhook): connect only where the guard
   * allows, and never put the remote's answer into a message a user reads (issue 33).
   */
  guard?: AddressGuard;
}

/**
 * One request with any method (the partner adapters' writes), under the same rules as fetchText:
 * time and size limits, 429 with its Retry-After, and a refusal's own error text (WordPress and
 * Ghost explain "invalid application password" there) kept in the message.
 */
export async function sendRequest(request: OutboundSendRequest): Promise<OutboundResponse> {
  const answer = await sendForBytes(request);
  return { status: answer.status, headers: answer.headers, body: answer.bytes.toString("utf8") };
}

/** sendRequest, answering the body as bytes: the one place that makes these calls. */
async function sendForBytes(
  request: OutboundSendRequest,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const describe = new URL(request.url).host;
  try {
    const response = await open(
      request.url,
      {
        method: request.method,
        headers: request.headers,
        body: request.body as BodyInit | undefined,
        signal,
        redirect: request.followRedirects ? "follow" : "error",
      },
      request.guard,
    );
    // A staff-set address's own error text is not ours to show (it could be any internal answer).
    await refuseUnlessAccepted(response, describe, { detail: !request.guard });
    const bytes = await readLimitedBytes(response, request.maxBytes, describe);
    return { status: response.status, headers: response.headers, bytes };
  } catch (error) {
    if (error instanceof OutboundError) throw error;
    const refused = refusedAddress(error);
    if (refused) throw refused;
    if (request.signal?.aborted)
      throw new OutboundError("cancelled", `${describe}: call cancelled`);
    if (timeout.aborted) {
      throw new OutboundError("timeout", `${describe} did not answer in ${request.timeoutMs} ms`);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new OutboundError("network", `${describe} could not be reached: ${reason}`);
  }
}

export interface OutboundJsonRequest {
  url: string;
  /** GET without a body; POST sends it as JSON. */
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
}

/**
 * One JSON call (the image services): the rules of sendRequest, redirects followed, and the answer
 * parsed as JSON (a body that is not JSON is "malformed").
 */
export async function requestJson(request: OutboundJsonRequest): Promise<unknown> {
  const bytes = await requestBytes({
    ...request,
    headers: {
      accept: "application/json",
      ...(request.body === undefined ? {} : { "content-type": "application/json" }),
      ...request.headers,
    },
  });
  try {
    return JSON.parse(bytes.toString("utf8")) as unknown;
  } catch {
    throw new OutboundError(
      "malformed",
      `${new URL(request.url).host} answered something that is not JSON`,
    );
  }
}

/** GET or POST answering raw bytes (a picture to download), with the rules of requestJson. */
export async function requestBytes(request: OutboundJsonRequest): Promise<Buffer> {
  const answer = await sendForBytes({
    method: request.method ?? (request.body === undefined ? "GET" : "POST"),
    url: request.url,
    headers: request.headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    timeoutMs: request.timeoutMs,
    maxBytes: request.maxBytes,
    signal: request.signal,
    followRedirects: true,
  });
  return answer.bytes;
}
