import type { ServerResponse } from "node:http";
import sharp from "sharp";
import { type RecordedRequest, sendJson } from "./fake-http-server";

/**
 * Handlers that speak the AUTOMATIC1111 API (`/sdapi/v1/options`, `/sdapi/v1/txt2img`) and the
 * OpenAI Images API (`/v1/models/dall-e-3`, `/v1/images/generations`, answering base64 or a URL to
 * download), with the failure modes a test picks through `mode`.
 */
export type ImageServerMode =
  | "ok"
  | "url"
  | "server_error"
  | "rate_limited"
  | "hang"
  | "malformed"
  | "not_an_image"
  | "too_large"
  | "bad_request";

export async function pictureBytes(width = 1344, height = 768): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
}

export function createImageServerHandler(options: { picture: Buffer; baseUrl: () => string }) {
  const state = { mode: "ok" as ImageServerMode };
  const b64 = () => {
    switch (state.mode) {
      case "not_an_image":
        return Buffer.from("this is plain text, not a picture").toString("base64");
      case "too_large":
        return Buffer.alloc(11 * 1024 * 1024, 7).toString("base64");
      default:
        return options.picture.toString("base64");
    }
  };
  const failure = (response: ServerResponse): boolean => {
    switch (state.mode) {
      case "server_error":
        sendJson(response, 500, { error: "CUDA out of memory" });
        return true;
      case "bad_request":
        sendJson(response, 400, {
          error: {
            message: "Your request was rejected as a result of our safety system.",
            type: "invalid_request_error",
          },
        });
        return true;
      case "rate_limited":
        response.statusCode = 429;
        response.setHeader("retry-after", "7");
        response.end("slow down");
        return true;
      case "hang":
        return true; // never answers
      case "malformed":
        response.statusCode = 200;
        response.setHeader("content-type", "application/json");
        response.end('{"images": ["abc"');
        return true;
      default:
        return false;
    }
  };
  const handler = (request: RecordedRequest, response: ServerResponse) => {
    if (request.method === "GET" && request.path === "/sdapi/v1/options") {
      return sendJson(response, 200, { sd_model_checkpoint: "sd_xl_base_1.0.safetensors" });
    }
    if (request.method === "GET" && request.path === "/v1/models/dall-e-3") {
      return sendJson(response, 200, { id: "dall-e-3", object: "model", owned_by: "system" });
    }
    if (request.method === "GET" && request.path === "/files/picture.png") {
      response.statusCode = 200;
      response.setHeader("content-type", "image/png");
      return response.end(options.picture);
    }
    if (request.method === "POST" && request.path === "/sdapi/v1/txt2img") {
      if (failure(response)) return;
      return sendJson(response, 200, { images: [b64()], parameters: {}, info: "{}" });
    }
    if (request.method === "POST" && request.path === "/v1/images/generations") {
      if (request.headers.authorization !== "Bearer test-key") {
        return sendJson(response, 401, { error: { message: "Incorrect API key provided" } });
      }
      if (failure(response)) return;
      const revised_prompt = "A calm editorial illustration of a gold coin on a dark desk.";
      if (state.mode === "url") {
        return sendJson(response, 200, {
          created: 1,
          data: [{ url: `${options.baseUrl()}/files/picture.png`, revised_prompt }],
        });
      }
      return sendJson(response, 200, { created: 1, data: [{ b64_json: b64(), revised_prompt }] });
    }
    sendJson(response, 404, { error: "Not Found" });
  };
  return { handler, state };
}
