import {
  type AiImageService,
  imageMessages,
  imageProviderLabels,
} from "@aurumwire/shared/ai-images";
import { AppError } from "../../errors";
import { ImageProviderError } from "./image-provider";

const keeps = "The article keeps its current image.";

export const serviceLabel = (service: AiImageService) => imageProviderLabels[service];

/** The setting that points at each service. */
export const settingOf: Record<AiImageService, string> = {
  "stable-diffusion": "SD_URL",
  dalle: "OPENAI_API_KEY",
};

export /** Provider failures in words for people; every one says that nothing was lost. */
function toAppError(error: unknown, service: AiImageService, timeoutMs: number): unknown {
  const label = serviceLabel(service);
  if (error instanceof AppError) {
    // The media pipeline refused the picture (not an image, unreadable, too many pixels).
    if (error.statusCode === 400 || error.statusCode === 413) {
      return new AppError(
        502,
        "image_not_usable",
        `${label} sent something that is not a usable image (${error.message}) ${keeps}`,
      );
    }
    return error;
  }
  if (!(error instanceof ImageProviderError)) return error;
  switch (error.kind) {
    case "timeout":
      return new AppError(
        504,
        "image_timeout",
        `${label} did not deliver an image within ${Math.round(timeoutMs / 1000)} seconds. ${keeps} Please try again.`,
      );
    case "cancelled":
      return new AppError(499, "image_cancelled", `The image generation was cancelled. ${keeps}`);
    case "unreachable":
      return new AppError(
        502,
        "image_service_unreachable",
        `${label} could not be reached (${imageMessages.unavailable}). ${keeps} Check that it is running and that ${settingOf[service]} is right.`,
      );
    case "rate_limited": {
      const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
      return new AppError(
        429,
        "image_rate_limited",
        `${label} is busy and asked us to wait. Try again in ${seconds} seconds. ${keeps}`,
        undefined,
        seconds,
      );
    }
    case "too_large":
      return new AppError(
        502,
        "image_too_large",
        `${label} sent an image larger than 10 MiB. ${keeps}`,
      );
    case "malformed":
      return new AppError(
        502,
        "image_malformed_answer",
        `${error.message}. ${keeps} Please try again.`,
      );
    case "rejected":
      return new AppError(502, "image_rejected", `${error.message}. ${keeps}`);
    case "server_error":
      return new AppError(502, "image_service_error", `${error.message}. ${keeps}`);
  }
}
