import { imageServiceDefaults } from "@aurumwire/shared/ai-images";
import { requestJson } from "../../lib/outbound-http";
import { ServiceError, serviceFailure } from "../../lib/service-failure";
import { decodeBase64Image, type ImageProviderAdapter, maxJsonAnswerBytes } from "./image-provider";

const service = "Stable Diffusion";

/**
 * Stable Diffusion through the AUTOMATIC1111 web UI's API (`--api`): `POST /sdapi/v1/txt2img`
 * answers `{images: [base64 PNG], parameters, info}`; `GET /sdapi/v1/options` names the loaded
 * checkpoint. 1344x768 is an SDXL-native size close to our 2:1 frame, which the media pipeline
 * crops to.
 */
export function createStableDiffusionProvider(options: {
  baseUrl: string;
  steps?: number;
}): ImageProviderAdapter {
  const base = options.baseUrl.replace(/\/+$/, "");
  const defaults = imageServiceDefaults["stable-diffusion"];
  return {
    name: "stable-diffusion",
    model: defaults.model,
    quality: defaults.quality,
    costPerImage: defaults.costPerImage,

    async generate(request) {
      let answer: unknown;
      try {
        answer = await requestJson({
          url: `${base}/sdapi/v1/txt2img`,
          body: {
            prompt: request.prompt,
            negative_prompt: request.negativePrompt,
            width: 1344,
            height: 768,
            steps: options.steps ?? 30,
            cfg_scale: 7,
            sampler_name: "DPM++ 2M",
            batch_size: 1,
            n_iter: 1,
            send_images: true,
            save_images: false,
          },
          timeoutMs: request.timeoutMs,
          maxBytes: maxJsonAnswerBytes,
          signal: request.signal,
        });
      } catch (error) {
        throw serviceFailure(error, service);
      }
      const images = (answer as { images?: unknown })?.images;
      if (!Array.isArray(images) || typeof images[0] !== "string") {
        throw new ServiceError("malformed", `${service} answered without an image`);
      }
      return { bytes: decodeBase64Image(images[0], service), revisedPrompt: null };
    },

    async currentModel({ timeoutMs }) {
      let answer: unknown;
      try {
        answer = await requestJson({
          url: `${base}/sdapi/v1/options`,
          timeoutMs,
          maxBytes: 1024 * 1024,
        });
      } catch (error) {
        throw serviceFailure(error, service);
      }
      const checkpoint = (answer as { sd_model_checkpoint?: unknown })?.sd_model_checkpoint;
      return typeof checkpoint === "string" && checkpoint.trim()
        ? checkpoint.trim()
        : defaults.model;
    },
  };
}
