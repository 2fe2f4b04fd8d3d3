import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { migrateLocalUploads } from "../src/modules/media/migrate-uploads";
import { createS3FileStorage } from "../src/modules/media/s3-storage";
import { serverRoot } from "../src/paths";
import { startFakeServer } from "./fake-http-server";
import { buildTestApp, loginAs } from "./helpers";
import { type LocalS3, startLocalS3 } from "./local-s3-server";
import { type Headers, multipartBody, sampleImage } from "./newsroom-fixtures";

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

async function uploadImage(app: FastifyInstance, auth: Headers) {
  const body = multipartBody(await sampleImage("png", 1400, 800));
  return app.inject({
    method: "POST",
    url: "/api/articles/upload",
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

describe("STORAGE=s3", () => {
  let app: FastifyInstance;
  let author: Headers;
  beforeAll(async () => {
    app = await buildTestApp({}, s3.env);
    author = await loginAs(app, "author");
  });
  afterAll(async () => {
    await app?.close();
  });

  it("stores every width of an upload in the bucket, none on local disk", async () => {
    const response = await uploadImage(app, author);
    expect(response.statusCode, response.body).toBe(200);
    const { variants } = response.json() as { variants: Array<{ url: string; width: number }> };
    expect(variants.map((variant) => variant.width)).toEqual([400, 800, 1200]);
    for (const variant of variants) {
      expect(variant.url).toMatch(/^\/uploads\/articles\/\d{4}\/\d{2}\/[\w-]+-\d+\.jpg$/);
      const stored = await s3.read(variant.url.slice("/uploads/".length));
      expect(stored?.contentType).toBe("image/jpeg");
      expect((await sharp(stored?.body).metadata()).width).toBe(variant.width);
      expect(existsSync(path.join(app.config.dataDir, variant.url))).toBe(false);
    }
  });

  it("serves /uploads/ from the bucket, then from memory, with ETag and 304", async () => {
    const { url } = (await uploadImage(app, author)).json() as { url: string };
    const first = await app.inject({ method: "GET", url });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/jpeg");
    expect(first.headers["cache-control"]).toBe("public, max-age=604800");
    expect(first.headers["x-upload-cache"]).toBe("miss");
    expect(first.rawPayload.equals((await s3.read(url.slice(9)))?.body ?? Buffer.alloc(0))).toBe(
      true,
    );
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const second = await app.inject({ method: "GET", url });
    expect(second.headers["x-upload-cache"]).toBe("hit");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const unchanged = await app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(unchanged.statusCode).toBe(304);
  });

  it("answers 404 for a key the bucket lacks or a name we never write", async () => {
    for (const url of ["/uploads/articles/2020/01/missing-400.jpg", "/uploads/a/%2e%2e/b.jpg"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe("file_not_found");
    }
  });

  it("keeps avatars in the bucket and removes the one a new avatar replaces", async () => {
    const admin = await loginAs(app, "admin");
    const profile = await app.inject({ method: "GET", url: "/api/auth/profile", headers: admin });
    const userId = profile.json().user.id as number;
    const avatar = async () => {
      const png = await sharp({
        create: { width: 300, height: 300, channels: 3, background: "#c9a227" },
      })
        .png()
        .toBuffer();
      const upload = multipartBody(png, {
        field: "avatar",
        filename: "me.png",
        contentType: "image/png",
      });
      const response = await app.inject({
        method: "POST",
        url: `/api/users/${userId}/avatar`,
        headers: { ...admin, ...upload.headers },
        payload: upload.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.user.avatar_url as string;
    };
    const first = await avatar();
    expect(first).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    expect(await s3.exists(first.slice(9))).toBe(true);
    const second = await avatar();
    expect(await s3.exists(second.slice(9))).toBe(true);
    expect(await s3.exists(first.slice(9))).toBe(false);
  });
});

describe("STORAGE=s3 with a public URL (CDN)", () => {
  it("hands out the public URL and redirects /uploads/ there", async () => {
    const app = await buildTestApp({}, { ...s3.env, S3_PUBLIC_URL: "https://cdn.aurumwire.test/" });
    try {
      const response = await uploadImage(app, await loginAs(app, "author"));
      expect(response.statusCode).toBe(200);
      const { url } = response.json() as { url: string };
      expect(url).toMatch(/^https:\/\/cdn\.aurumwire\.test\/articles\/\d{4}\/\d{2}\/[\w-]+\.jpg$/);
      const key = url.slice("https://cdn.aurumwire.test/".length);
      expect(await s3.exists(key)).toBe(true);
      const old = await app.inject({ method: "GET", url: `/uploads/${key}` });
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(url);
    } finally {
      await app.close();
    }
  });
});

describe("a bucket that fails", () => {
  it("answers 503 with a message when S3 answers 503 (SlowDown) or refuses the credentials", async () => {
    const slowDown = await startFakeServer((_request, response) => {
      response.writeHead(503, { "content-type": "application/xml" });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>',
      );
    });
    const cases = [
      { ...s3.env, S3_ENDPOINT: slowDown.url },
      { ...s3.env, S3_SECRET_ACCESS_KEY: "not-the-secret" },
    ];
    try {
      for (const env of cases) {
        const app = await buildTestApp({}, env);
        try {
          const response = await uploadImage(app, await loginAs(app, "author"));
          expect(response.statusCode).toBe(503);
          expect(response.headers["retry-after"]).toBe("5");
          expect(response.json()).toEqual({
            error:
              "The file could not be stored because the file storage is not reachable. Please try again in a moment.",
            code: "storage_unavailable",
          });
        } finally {
          await app.close();
        }
      }
      // The SDK retried the 503 (3 attempts per object) and then gave up.
      expect(slowDown.requests.length).toBeGreaterThanOrEqual(3);
    } finally {
      await slowDown.close();
    }
  });

  it("refuses to start with STORAGE=s3 and no bucket, or half the credentials", () => {
    expect(() => loadConfig({ STORAGE: "s3" }, { jwtSecret: "x".repeat(32) })).toThrow(
      /S3_BUCKET: required when STORAGE=s3/,
    );
    expect(() =>
      loadConfig(
        { STORAGE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id" },
        { jwtSecret: "x".repeat(32) },
      ),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ STORAGE: "s3", S3_BUCKET: "Not A Bucket" }, { jwtSecret: "x".repeat(32) }),
    ).toThrow(/S3_BUCKET: must be a bucket name/);
  });
});

describe("moving local uploads into the bucket", () => {
  let uploadsDir: string;
  beforeAll(() => {
    uploadsDir = mkdtempSync(path.join(tmpdir(), "aurumwire-uploads-"));
    for (const [name, text] of [
      ["covers/bitcoin-halving.jpg", "cover"],
      ["articles/2025/01/abc-400.jpg", "small"],
      ["avatars/1-00ff.webp", "avatar"],
      ["notes/bad name.txt", "not ours"],
    ]) {
      mkdirSync(path.dirname(path.join(uploadsDir, name)), { recursive: true });
      writeFileSync(path.join(uploadsDir, name), text);
    }
  });
  afterAll(() => {
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("copies each file once under the same key, and a second run copies nothing", async () => {
    const config = loadConfig(s3.env, { jwtSecret: "x".repeat(32), dataDir: uploadsDir });
    if (!config.s3) throw new Error("STORAGE=s3 expected");
    const storage = await createS3FileStorage(config.s3);
    try {
      const dry = await migrateLocalUploads({ uploadsDir, to: storage, dryRun: true });
      expect(dry).toMatchObject({ total: 4, copied: 0, skippedNames: 1 });
      expect(await s3.exists("covers/bitcoin-halving.jpg")).toBe(false);

      const events: string[] = [];
      const first = await migrateLocalUploads({
        uploadsDir,
        to: storage,
        onFile: (event) => events.push(`${event.outcome} ${event.key}`),
      });
      expect(first).toEqual({ total: 4, copied: 3, alreadyThere: 0, failed: 0, skippedNames: 1 });
      expect(events).toContain("not_a_storage_name notes/bad name.txt");
      const cover = await s3.read("covers/bitcoin-halving.jpg");
      expect(cover?.body.toString()).toBe("cover");
      expect(cover?.contentType).toBe("image/jpeg");
      expect((await s3.read("avatars/1-00ff.webp"))?.contentType).toBe("image/webp");

      // A file changed (or half-copied) since: copied again; the rest are left alone.
      writeFileSync(path.join(uploadsDir, "articles/2025/01/abc-400.jpg"), "smaller?");
      const second = await migrateLocalUploads({ uploadsDir, to: storage });
      expect(second).toMatchObject({ copied: 1, alreadyThere: 2, failed: 0 });
    } finally {
      await storage.close();
    }
  });

  it("counts the files a failing bucket did not take, and copies them on the next run", async () => {
    const failing = await startFakeServer((_request, response) => {
      response.writeHead(500, { "content-type": "application/xml" });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>',
      );
    });
    const config = loadConfig(
      { ...s3.env, S3_ENDPOINT: failing.url, S3_BUCKET: "other-bucket" },
      { jwtSecret: "x".repeat(32), dataDir: uploadsDir },
    );
    if (!config.s3) throw new Error("STORAGE=s3 expected");
    const storage = await createS3FileStorage(config.s3);
    try {
      const errors: string[] = [];
      const summary = await migrateLocalUploads({
        uploadsDir,
        to: storage,
        onFile: (event) => {
          if (event.error) errors.push(event.error);
        },
      });
      expect(summary).toMatchObject({ total: 4, copied: 0, failed: 3, skippedNames: 1 });
      expect(errors[0]).toContain("file storage is not reachable");
    } finally {
      await storage.close();
      await failing.close();
    }
  });

  it("runs as npm run uploads:migrate and says what it did", async () => {
    // tsx keeps a cache in TMPDIR: a folder of this test's own, removed after.
    const childTmp = mkdtempSync(path.join(tmpdir(), "aurumwire-migrate-"));
    onTestFinished(() => rmSync(childTmp, { recursive: true, force: true }));
    const run = (file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) =>
      promisify(execFile)(file, args, { ...options, env: { ...options.env, TMPDIR: childTmp } });
    const { stdout } = await run(
      process.execPath,
      ["--no-warnings", "--import", "tsx", "src/commands/migrate-uploads.ts", "--from", uploadsDir],
      {
        cwd: serverRoot,
        env: { ...process.env, ...s3.env, DATA_DIR: uploadsDir, S3_BUCKET: s3.bucket },
      },
    );
    expect(stdout).toContain("4 files: 0 copied, 3 already in the bucket, 0 failed");
    const refused = await run(
      process.execPath,
      ["--no-warnings", "--import", "tsx", "src/commands/migrate-uploads.ts"],
      { cwd: serverRoot, env: { ...process.env, STORAGE: "local", DATA_DIR: uploadsDir } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2 });
    expect((refused as { stderr: string }).stderr).toContain("Set STORAGE=s3");
  });
});
