import { readdirSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageDecodesAtOnce, maxConcurrentImageDecodes } from "../src/lib/sharp";
import { buildTestApp, loginAs } from "./helpers";
import { type Headers, multipartBody, sampleImage } from "./newsroom-fixtures";

let app: FastifyInstance;
let author: Headers;
let uploadsDir: string;

beforeAll(async () => {
  app = await buildTestApp();
  author = await loginAs(app, "author");
  uploadsDir = path.join(app.config.dataDir, "uploads");
});
afterAll(async () => {
  await app?.close();
});

function filesOnDisk(): string[] {
  return readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const upload = (file: Buffer, options: Parameters<typeof multipartBody>[1] = {}, query = "") => {
  const body = multipartBody(file, options);
  return app.inject({
    method: "POST",
    url: `/api/articles/upload${query}`,
    headers: { ...author, ...body.headers },
    payload: body.payload,
  });
};

async function fetchUpload(url: string): Promise<Buffer> {
  const response = await app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe("valid images", () => {
  it.each(["jpeg", "png", "gif", "webp"] as const)(
    "re-encodes a %s into a 1200x600 cover plus 800 and 400 widths",
    async (format) => {
      const response = await upload(await sampleImage(format), {
        filename: `cover.${format}`,
        contentType: `image/${format}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ width: 1200, height: 600 });
      expect(body.url).toMatch(/^\/uploads\/articles\/\d{4}\/\d{2}\/[\w-]+-1200\.jpg$/);
      expect(
        body.variants.map((v: { width: number; height: number }) => [v.width, v.height]),
      ).toEqual([
        [400, 200],
        [800, 400],
        [1200, 600],
      ]);
      expect(body.srcset).toContain(" 400w, ");
      const cover = await sharp(await fetchUpload(body.url)).metadata();
      expect(cover).toMatchObject({ format: "jpeg", width: 1200, height: 600 });
    },
  );

  it("strips metadata such as EXIF from the stored file", async () => {
    const withExif = await sharp({
      create: { width: 1300, height: 700, channels: 3, background: "#336699" },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-location-data", Artist: "camera-owner" } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await upload(withExif);
    expect(response.statusCode).toBe(200);
    const stored = await fetchUpload(response.json().url);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from("secret-location-data"))).toBe(false);
  });

  it("keeps the proportions of inline images and never enlarges them", async () => {
    const response = await upload(await sampleImage("png", 500, 900), {}, "?purpose=inline");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.variants).toEqual([
      expect.objectContaining({ width: 400, height: 720 }),
      expect.objectContaining({ width: 500, height: 900 }),
    ]);
  });

  it("serves a stored picture in the 16:9, 4:3 and 1:1 shapes search engines ask for (decision 212)", async () => {
    const response = await upload(await sampleImage("jpeg"));
    expect(response.statusCode).toBe(200);
    const key = (response.json().url as string).replace(/^\/uploads\//, "");
    const shapes = { "16x9": [1067, 600], "4x3": [800, 600], "1x1": [600, 600] };
    for (const [ratio, [width, height]] of Object.entries(shapes)) {
      const crop = await app.inject({ method: "GET", url: `/uploads/crops/${ratio}/${key}` });
      expect(crop.statusCode, ratio).toBe(200);
      expect(crop.headers["content-type"]).toBe("image/jpeg");
      expect(await sharp(crop.rawPayload).metadata()).toMatchObject({ width, height });
      // Made once, then read from the storage.
      expect(filesOnDisk().some((file) => file.endsWith(path.join("crops", ratio, key)))).toBe(
        true,
      );
      const again = await app.inject({ method: "GET", url: `/uploads/crops/${ratio}/${key}` });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(crop.rawPayload)).toBe(true);
    }
    for (const url of [
      `/uploads/crops/3x2/${key}`,
      `/uploads/crops/1x1/crops/1x1/${key}`,
      "/uploads/crops/1x1/articles/no-such-picture.jpg",
    ]) {
      const missing = await app.inject({ method: "GET", url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error).toMatch(/^There is no picture to crop/);
    }
  });
});

describe("refused files leave nothing on disk", () => {
  it("answers 413 for a file over 10 MiB", async () => {
    const before = filesOnDisk();
    // A real JPEG header followed by padding: the size alone must stop it.
    const header = await sampleImage("jpeg", 20, 20);
    const big = Buffer.concat([header, Buffer.alloc(10 * 1024 * 1024 + 1 - header.length + 1)]);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "file_too_large" });
    expect(response.json().error).toMatch(/larger than 10 MiB/);
    expect(filesOnDisk()).toEqual(before);
  });

  it("answers 400 for a type that is not allowed (SVG), whatever its name says", async () => {
    const before = filesOnDisk();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const response = await upload(svg, { filename: "logo.png", contentType: "image/png" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_failed",
      error: "The file is not a JPEG, PNG, GIF or WebP image.",
    });
    expect(filesOnDisk()).toEqual(before);
  });

  it("answers 400 for a BMP, a real image of a type the site does not take", async () => {
    const bmpHeader = Buffer.from(
      "424d3a0000000000000036000000280000000100000001000000010018000000",
      "hex",
    );
    const response = await upload(bmpHeader, { filename: "photo.bmp", contentType: "image/bmp" });
    expect(response.statusCode).toBe(400);
  });

  it("answers 400 for a script disguised as a JPEG", async () => {
    const before = filesOnDisk();
    const script = Buffer.from("<?php system($_GET['cmd']); ?>");
    const response = await upload(script, { filename: "photo.jpg", contentType: "image/jpeg" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("The file is not a JPEG, PNG, GIF or WebP image.");
    expect(filesOnDisk()).toEqual(before);
  });

  it("answers 400 for a PNG signature glued onto something else", async () => {
    const before = filesOnDisk();
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("this is not image data at all ".repeat(20)),
    ]);
    const response = await upload(fake, { filename: "chart.png", contentType: "image/png" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/could not be read|not a JPEG/);
    expect(filesOnDisk()).toEqual(before);
  });

  it("answers 400 for a truncated JPEG", async () => {
    const before = filesOnDisk();
    const whole = await sampleImage("jpeg", 800, 600);
    const response = await upload(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      "The image could not be read. It may be damaged; please try another file.",
    );
    expect(filesOnDisk()).toEqual(before);
  });

  it("answers 400 when the field is not 'image'", async () => {
    const response = await upload(await sampleImage("png", 50, 50), { field: "file" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ image: "An image is required" });
  });

  it("answers 415 for a JSON body", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/articles/upload",
      headers: author,
      payload: { image: "data:image/png;base64,AAAA" },
    });
    expect(response.statusCode).toBe(415);
  });
});

/** A PNG whose header claims width x height, with a tiny (and incomplete) body: no pixels to decode. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sampleImage("png", 8, 8);
  const header = Buffer.from(png);
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows 13 bytes later.
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.writeUInt32BE(crc32(header.subarray(12, 29)), 29);
  return header;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe("resources", () => {
  it("refuses an image past 25 megapixels from its header, saying how large it is", async () => {
    const response = await upload(await pngClaiming(8000, 8000), {
      filename: "huge.png",
      contentType: "image/png",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "image_too_many_pixels",
      error:
        "The image is 64 megapixels (8000 x 8000); the most this site takes is 25 megapixels. Please make it smaller and try again.",
    });
  });

  it("refuses an avatar past 25 megapixels the same way", async () => {
    const body = multipartBody(await pngClaiming(6000, 5000), {
      field: "avatar",
      filename: "me.png",
      contentType: "image/png",
    });
    const me = await app.inject({ url: "/api/auth/profile", headers: author });
    const response = await app.inject({
      method: "POST",
      url: `/api/users/${me.json().user.id}/avatar`,
      headers: { ...author, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("image_too_many_pixels");
    expect(response.json().error).toMatch(/^The image is 30 megapixels \(6000 x 5000\)/);
  });

  it(`decodes at most ${maxConcurrentImageDecodes} images at once, whatever arrives together`, async () => {
    const image = await sampleImage("png", 2000, 1500);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        upload(image, { filename: `parallel-${index}.png`, contentType: "image/png" }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(imageDecodesAtOnce()).toBe(maxConcurrentImageDecodes);
  });
});
