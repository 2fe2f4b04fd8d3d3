import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "./helpers";
import { admin, app, createUser, useUsersApp } from "./users-setup";

useUsersApp();

function multipartBody(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = "----aurumwire-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
describe("avatar upload", () => {
  let userId: number;
  beforeAll(async () => {
    userId = (await createUser({ email: "avatar@example.com", password: "secret1" })).json().data
      .user.id;
  });

  const png = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: "#c9a227" } })
      .png()
      .toBuffer();

  it("re-encodes an image to a square WebP under /uploads/avatars and serves it", async () => {
    const upload = multipartBody("avatar", "me.png", "image/png", await png());
    const response = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().data.user.avatar_url;
    expect(url).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    const file = path.join(app.config.dataDir, url);
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
    const served = await app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");

    // A second upload replaces the file of the first.
    const again = multipartBody("avatar", "me2.png", "image/png", await png());
    const second = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...again.headers },
      payload: again.payload,
    });
    expect(second.statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a file that is not an image, whatever it claims to be", async () => {
    const upload = multipartBody(
      "avatar",
      "evil.png",
      "image/png",
      Buffer.from("<script>alert(1)</script>"),
    );
    const response = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Please select an image file", code: "not_an_image" });

    const svg = multipartBody(
      "avatar",
      "logo.svg",
      "image/svg+xml",
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    );
    const svgResponse = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...svg.headers },
      payload: svg.payload,
    });
    expect(svgResponse.statusCode).toBe(400);
  });

  it("refuses files of 5 MB and more with 413", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const upload = multipartBody("avatar", "big.png", "image/png", big);
    const response = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: "File size must be less than 5MB",
      code: "file_too_large",
    });
  });

  it("needs the field avatar and multipart", async () => {
    const upload = multipartBody("picture", "me.png", "image/png", await png());
    const wrongField = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...admin, ...upload.headers },
      payload: upload.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().code).toBe("avatar_missing");
    const json = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: admin,
      payload: { avatar: "x" },
    });
    expect(json.statusCode).toBe(400);
  });

  it("lets users set their own avatar but not someone else's", async () => {
    const author = await loginAs(app, "author");
    const me = (
      await app.inject({ method: "GET", url: "/api/auth/profile", headers: author })
    ).json().user;
    const own = multipartBody("avatar", "me.png", "image/png", await png());
    const ownResponse = await app.inject({
      method: "POST",
      url: `/api/users/${me.id}/avatar`,
      headers: { ...author, ...own.headers },
      payload: own.payload,
    });
    expect(ownResponse.statusCode).toBe(200);
    const other = multipartBody("avatar", "me.png", "image/png", await png());
    const otherResponse = await app.inject({
      method: "POST",
      url: `/api/users/${userId}/avatar`,
      headers: { ...author, ...other.headers },
      payload: other.payload,
    });
    expect(otherResponse.statusCode).toBe(403);
  });
});
