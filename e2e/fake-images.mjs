// A local stand-in for the two AI image services in the e2e run: it speaks the AUTOMATIC1111 API
// (GET /sdapi/v1/options, POST /sdapi/v1/txt2img) and the OpenAI Images API
// (GET /v1/models/dall-e-3, POST /v1/images/generations) and answers a real PNG (a gold and blue
// gradient drawn here), a little slowly so the progress can be seen.
import { createServer } from "node:http";
import { deflateSync } from "node:zlib";

const port = Number(process.env.FAKE_IMAGES_PORT);
const delayMs = Number(process.env.FAKE_IMAGES_DELAY_MS ?? 300);
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** An RGB PNG with a diagonal gradient, different per call so each image can be told apart. */
function gradientPng(width, height, hue) {
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      row[1 + x * 3] = Math.round(20 + 200 * t * hue);
      row[2 + x * 3] = Math.round(30 + 140 * t);
      row[3 + x * 3] = Math.round(90 + 120 * (1 - t));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let calls = 0;
const json = (response, status, body) => {
  response.statusCode = status;
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(body));
};

createServer(async (request, response) => {
  const chunks = [];
  for await (const part of request) chunks.push(part);
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (request.method === "GET" && url.pathname === "/") return json(response, 200, { ok: true });
  if (request.method === "GET" && url.pathname === "/sdapi/v1/options") {
    return json(response, 200, { sd_model_checkpoint: "sd_xl_base_1.0.safetensors" });
  }
  if (request.method === "GET" && url.pathname === "/v1/models/dall-e-3") {
    return json(response, 200, { id: "dall-e-3", object: "model", owned_by: "system" });
  }
  if (request.method === "POST" && url.pathname === "/sdapi/v1/txt2img") {
    calls += 1;
    await wait(delayMs);
    const png = gradientPng(672, 384, (calls % 5) / 5 + 0.2);
    return json(response, 200, { images: [png.toString("base64")], parameters: {}, info: "{}" });
  }
  if (request.method === "POST" && url.pathname === "/v1/images/generations") {
    calls += 1;
    await wait(delayMs);
    const png = gradientPng(512, 512, (calls % 5) / 5 + 0.2);
    return json(response, 200, {
      created: Math.floor(Date.now() / 1000),
      data: [{ b64_json: png.toString("base64"), revised_prompt: "A gold coin on a dark desk." }],
    });
  }
  json(response, 404, { error: "Not Found" });
}).listen(port, "127.0.0.1");
