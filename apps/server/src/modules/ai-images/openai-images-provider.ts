import { imageServiceDefaults } from "@aurumwire/shared/ai-images";
import { requestBytes, requestJson } from "../../lib/outbound-http";
import { chargedFailure, ServiceError, serviceFailure } from "../../lib/service-failure";
import {
  decodeBase64Image,
  type ImageProviderAdapter,
  maxImageBytes,
  maxJsonAnswerBytes,
} from "./image-provider";

const service = "DALL-E";

/** OpenAI's price per 1024x1024 picture of DALL-E 3 by quality. */
const pricePerImage = { standard: 0.04, hd: 0.08 } as const;

/**
 * DALL-E 3 through the OpenAI Images API: `POST /v1/images/generations` with model, prompt, n=1,
 * size and quality answers `{created, data: [{b64_json | url, revised_prompt}]}`; a URL answer is
 * downloaded with the same size limit. `GET /v1/models/{model}` tells whether the key works.
 * 1024x1024 standard is the $0.04 picture of spec point 9; the media pipeline crops it to 2:1.
 */
export function createOpenAiImagesProvider(options: {
  baseUrl: string;
  apiKey: string;
  quality: "standard" | "hd";
}): ImageProviderAdapter {
  const trimmed = options.baseUrl.replace(/\/+$/, "");
  const base = /\/v1$/.test(trimmed) ? trimmed : `${trimmed}/v1`;
  const headers = { authorization: `Bearer ${options.apiKey}` };
  const model = imageServiceDefaults.dalle.model;
  return {
    name: "dalle",
    model,
    quality: options.quality,
    costPerImage: pricePerImage[options.quality],

    async generate(request) {
      let answer: unknown;
      try {
        answer = await requestJson({
          url: `${base}/images/generations`,
          headers,
          body: {
            model,
            prompt: request.prompt,
            n: 1,
            size: "1024x1024",
            quality: options.quality,
            style: "natural",
            response_format: "b64_json",
          },
          timeoutMs: request.timeoutMs,
          maxBytes: maxJsonAnswerBytes,
          signal: request.signal,
        });
      } catch (error) {
        throw serviceFailure(error, service);
      }
      const first = (answer as { data?: unknown })?.data;
      const image = Array.isArray(first)
        ? (first[0] as { b64_json?: unknown; url?: unknown; revised_prompt?: unknown } | undefined)
        : undefined;
      const revisedPrompt = typeof image?.revised_prompt === "string" ? image.revised_prompt : null;
      if (typeof image?.b64_json === "string") {
        try {
          return { bytes: decodeBase64Image(image.b64_json, service), revisedPrompt };
        } catch (error) {
          throw chargedFailure(error);
        }
      }
      if (typeof image?.url === "string" && /^https?:\/\//i.test(image.url)) {
        try {
          const bytes = await requestBytes({
            url: image.url,
            timeoutMs: request.timeoutMs,
            maxBytes: maxImageBytes,
            signal: request.signal,
          });
          return { bytes, revisedPrompt };
        } catch (error) {
          throw chargedFailure(serviceFailure(error, service));
        }
      }
      throw new ServiceError("malformed", `${service} answered without an image`);
    },

    async currentModel({ timeoutMs }) {
      try {
        await requestJson({ url: `${base}/models/${model}`, headers, timeoutMs, maxBytes: 65536 });
      } catch (error) {
        throw serviceFailure(error, service);
      }
      return model;
    },
  };
}
