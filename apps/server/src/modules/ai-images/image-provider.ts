import type { AiImageService } from "@aurumwire/shared/ai-images";
import { ServiceError } from "../../lib/service-failure";

/**
 * What the image module needs from an AI image service. The adapters
 * (stable-diffusion-provider.ts, openai-images-provider.ts) speak their service's protocol and
 * report every failure as a ServiceError (lib/service-failure.ts).
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

/** The largest picture we take (spec point 9: featured images up to 10 MiB). */
export const maxImageBytes = 10 * 1024 * 1024;
/** A JSON answer carries the picture in base64 (4 characters for 3 bytes) plus a little more. */
export const maxJsonAnswerBytes = Math.ceil((maxImageBytes * 4) / 3) + 256 * 1024;

/** Decodes a base64 picture, refusing one past the size limit before decoding it. */
export function decodeBase64Image(data: string, service: string): Buffer {
  const trimmed = data.replace(/^data:image\/[a-z]+;base64,/i, "").replace(/\s+/g, "");
  if ((trimmed.length * 3) / 4 > maxImageBytes + 3) {
    throw new ServiceError("too_large", `${service} sent an image larger than 10 MiB`);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed) || trimmed.length === 0) {
    throw new ServiceError("malformed", `${service} sent an image that is not base64`);
  }
  return Buffer.from(trimmed, "base64");
}
