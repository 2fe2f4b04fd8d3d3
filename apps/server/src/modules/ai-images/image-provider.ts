import type { AiImageService } from "@aurumwire/shared/ai-images";
import { OutboundError } from "../../lib/outbound-http";

/**
 * What the image module needs from an AI image service. The adapters
 * (stable-diffusion-provider.ts, openai-images-provider.ts) speak their service's protocol and
 * report every failure as an ImageProviderError.
 */
export interface ImageRequest {
  prompt: string;
  negativePrompt: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface ImageAnswer {
  bytes: Buffer;
  /** DALL-E rewrites prompts and says how. */
  revisedPrompt: string | null;
}

export interface ImageProviderAdapter {
  readonly name: AiImageService;
  readonly model: string;
  readonly quality: string;
  /** US dollars per picture. */
  readonly costPerImage: number;
  generate(request: ImageRequest): Promise<ImageAnswer>;
  /** The model the service runs now (the service is reachable when this answers). */
  currentModel(options: { timeoutMs: number }): Promise<string>;
}

export type ImageFailure =
  | "timeout"
  | "unreachable"
  | "rate_limited"
  | "rejected"
  | "server_error"
  | "malformed"
  | "too_large"
  | "cancelled";

export class ImageProviderError extends Error {
  constructor(
    public readonly kind: ImageFailure,
    message: string,
    public readonly retryAfterMs?: number,
    /** The service produced a picture (and charged for it) before we refused it. */
    public readonly charged = false,
  ) {
    super(message);
    this.name = "ImageProviderError";
  }
}

/** The largest picture we take (spec point 9: featured images up to 10 MiB). */
export const maxImageBytes = 10 * 1024 * 1024;
/** A JSON answer carries the picture in base64 (4 characters for 3 bytes) plus a little more. */
export const maxJsonAnswerBytes = Math.ceil((maxImageBytes * 4) / 3) + 256 * 1024;

export function fromOutbound(error: unknown, service: string): unknown {
  if (!(error instanceof OutboundError)) return error;
  switch (error.kind) {
    case "timeout":
      return new ImageProviderError("timeout", `${service} did not answer in time`);
    case "cancelled":
      return new ImageProviderError("cancelled", "The image generation was cancelled");
    case "network":
      return new ImageProviderError("unreachable", `${service} could not be reached`);
    case "rate_limited":
      return new ImageProviderError(
        "rate_limited",
        `${service} is rate limiting us`,
        error.retryAfterMs,
      );
    case "too_large":
      return new ImageProviderError("too_large", `${service} sent an image larger than 10 MiB`);
    case "malformed":
      return new ImageProviderError("malformed", `${service} sent an answer we could not read`);
    case "http_status": {
      const status = error.status ?? 0;
      const detail = error.message.replace(/^[^:]*answered \d+:?\s*/, "");
      return new ImageProviderError(
        status >= 500 ? "server_error" : "rejected",
        `${service} refused the request (${status})${detail ? `: ${detail}` : ""}`,
      );
    }
  }
}

/** Decodes a base64 picture, refusing one past the size limit before decoding it. */
export function decodeBase64Image(data: string, service: string): Buffer {
  const trimmed = data.replace(/^data:image\/[a-z]+;base64,/i, "").replace(/\s+/g, "");
  if ((trimmed.length * 3) / 4 > maxImageBytes + 3) {
    throw new ImageProviderError("too_large", `${service} sent an image larger than 10 MiB`);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed) || trimmed.length === 0) {
    throw new ImageProviderError("malformed", `${service} sent an image that is not base64`);
  }
  return Buffer.from(trimmed, "base64");
}
