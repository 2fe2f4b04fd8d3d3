import {
  type AiImageService,
  imageMessages,
  imageProviderLabels,
} from "@aurumwire/shared/ai-images";
import { AppError } from "../../errors";
import { failureToAppError } from "../../lib/service-failure";

const keeps = "The article keeps its current image.";

export const serviceLabel = (service: AiImageService) => imageProviderLabels[service];

/** The setting that points at each service. */
export const settingOf: Record<AiImageService, string> = {
  "stable-diffusion": "SD_URL",
  dalle: "OPENAI_API_KEY",
};

/** Image service failures in words for people (decision 297); each says that nothing was lost. */
export function toAppError(error: unknown, service: AiImageService, timeoutMs: number): unknown {
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
  return failureToAppError(error, {
    timeout: {
      code: "image_timeout",
      message: () =>
        `${label} did not deliver an image within ${Math.round(timeoutMs / 1000)} seconds. ${keeps} Please try again.`,
    },
    cancelled: {
      code: "image_cancelled",
      message: () => `The image generation was cancelled. ${keeps}`,
    },
    unreachable: {
      code: "image_service_unreachable",
      message: () =>
        `${label} could not be reached (${imageMessages.unavailable}). ${keeps} Check that it is running and that ${settingOf[service]} is right.`,
    },
    rate_limited: {
      code: "image_rate_limited",
      message: (_, seconds) =>
        `${label} is busy and asked us to wait. Try again in ${seconds} seconds. ${keeps}`,
    },
    too_large: {
      code: "image_too_large",
      message: () => `${label} sent an image larger than 10 MiB. ${keeps}`,
    },
    malformed: {
      code: "image_malformed_answer",
      message: (failure) => `${failure.message}. ${keeps} Please try again.`,
    },
    rejected: { code: "image_rejected", message: (failure) => `${failure.message}. ${keeps}` },
    server_error: {
      code: "image_service_error",
      message: (failure) => `${failure.message}. ${keeps}`,
    },
  });
}
