import type { FastifyInstance } from "fastify";
import sharp from "sharp";

/** Small builders shared by the newsroom (dashboard write side) tests. */

export type Headers = { authorization: string } | Record<string, never>;

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export function validArticle(categoryId: number, overrides: Record<string, unknown> = {}) {
  return {
    title: `Bitcoin market update number ${unique()}`,
    excerpt: "A short summary of what moved the crypto market today and why it matters to readers.",
    content: `<p>${"Bitcoin traded in a narrow range as investors weighed macro data. ".repeat(3)}</p>`,
    categoryId,
    tags: ["bitcoin", "markets"],
    status: "draft",
    ...overrides,
  };
}

export async function createCategory(
  app: FastifyInstance,
  headers: Headers,
  overrides: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/categories",
    headers,
    payload: { name: `Category ${unique()}`, ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`category: ${response.body}`);
  return response.json().category as { id: number; slug: string; name: string };
}

export async function createArticle(
  app: FastifyInstance,
  headers: Headers,
  categoryId: number,
  overrides: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/articles",
    headers,
    payload: validArticle(categoryId, overrides),
  });
  if (response.statusCode !== 201) throw new Error(`article: ${response.body}`);
  return response.json().article as {
    id: number;
    slug: string;
    title: string;
    status: string;
    publishedAt: string | null;
  };
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
) {
  const boundary = `----aurumwire${unique()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? "image"}"; filename="${
      options.filename ?? "photo.jpg"
    }"\r\nContent-Type: ${options.contentType ?? "image/jpeg"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export async function sampleImage(
  format: "jpeg" | "png" | "gif" | "webp",
  width = 1600,
  height = 1000,
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 160, b: 20 } },
  });
  return image[format]().toBuffer();
}
