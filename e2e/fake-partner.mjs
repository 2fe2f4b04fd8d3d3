// A local stand-in for the partner platforms (issue 15), on FAKE_PARTNER_PORT: the WordPress REST
// API (/wp-json/wp/v2, Basic auth with an application password), the Ghost Admin API
// (/ghost/api/admin, HS256 token: kid, aud, expiry, signature) and a webhook receiver (/hook,
// HMAC-SHA256 of "<timestamp>.<body>"). It checks credentials like the real ones and keeps posts
// in memory. GET /posts lists what it holds, for the tests.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const port = Number(process.env.FAKE_PARTNER_PORT ?? 3399);
const credentials = {
  wordpress: { user: "syndication", appPassword: "e2e1 pass word 2024" },
  ghost: { id: "6489f0f2a1b2c3d4e5f60718", secretHex: "c3".repeat(32) },
  webhookSecret: "e2e-webhook-secret",
};
const posts = [];
let nextId = 500;

function send(response, status, body) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(body === undefined ? "" : JSON.stringify(body));
}

function ghostRefusal(header) {
  const token = /^Ghost (.+)$/.exec(header ?? "")?.[1];
  if (!token) return 'Authorization header format is "Ghost [token]"';
  const [head, payload, signature] = token.split(".");
  try {
    const h = JSON.parse(Buffer.from(head, "base64url").toString());
    const p = JSON.parse(Buffer.from(payload, "base64url").toString());
    if (h.alg !== "HS256" || h.kid !== credentials.ghost.id) return "Unknown Admin API Key";
    if (p.aud !== "/admin/" || p.exp - p.iat > 300 || p.exp < Date.now() / 1000)
      return "Invalid token";
    const expected = createHmac("sha256", Buffer.from(credentials.ghost.secretHex, "hex"))
      .update(`${head}.${payload}`)
      .digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return "Invalid token: invalid signature";
  } catch {
    return "Invalid token";
  }
  return null;
}

const server = createServer(async (request, response) => {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString("utf8");
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const path = url.pathname;
  const base = `http://127.0.0.1:${port}`;
  if (path === "/" || path === "/posts") {
    // As WordPress's home page does: where its REST API lives.
    response.setHeader("link", `<${base}/wp-json/>; rel="https://api.w.org/"`);
    return send(response, 200, { posts });
  }

  if (path.startsWith("/wp-json/wp/v2/")) {
    const expected = `Basic ${Buffer.from(`${credentials.wordpress.user}:${credentials.wordpress.appPassword}`).toString("base64")}`;
    if (request.headers.authorization !== expected) {
      return send(response, 401, {
        code: "incorrect_password",
        message: "The provided password is an invalid application password.",
        data: { status: 401 },
      });
    }
    if (path === "/wp-json/wp/v2/users/me") {
      return send(response, 200, {
        name: credentials.wordpress.user,
        capabilities: { edit_posts: true, publish_posts: true },
      });
    }
    if (/^\/wp-json\/wp\/v2\/(tags|categories)$/.test(path)) {
      if (request.method === "GET") return send(response, 200, []);
      const term = JSON.parse(body || "{}");
      return send(response, 201, { id: nextId++, name: term.name, slug: term.slug });
    }
    if (path === "/wp-json/wp/v2/posts" && request.method === "GET") return send(response, 200, []);
    const match = /^\/wp-json\/wp\/v2\/(posts|media)(?:\/(\d+))?$/.exec(path);
    if (!match)
      return send(response, 404, {
        code: "rest_no_route",
        message: "No route was found matching the URL and request method.",
      });
    const [, collection, id] = match;
    if (collection === "media")
      return send(response, 201, { id: nextId++, source_url: `${base}/media.webp` });
    if (request.method === "DELETE") {
      const index = posts.findIndex((post) => post.id === Number(id));
      if (index >= 0) posts.splice(index, 1);
      return send(response, 200, { deleted: true, previous: { id: Number(id) } });
    }
    const input = JSON.parse(body || "{}");
    if (id) {
      const post = posts.find((item) => item.id === Number(id));
      if (!post)
        return send(response, 404, { code: "rest_post_invalid_id", message: "Invalid post ID." });
      Object.assign(post, { title: input.title ?? post.title, updates: (post.updates ?? 0) + 1 });
      return send(response, 200, { id: post.id, link: `${base}/?p=${post.id}` });
    }
    const post = { id: nextId++, platform: "wordpress", title: input.title, status: input.status };
    posts.push(post);
    return send(response, 201, { id: post.id, link: `${base}/?p=${post.id}` });
  }

  if (path.startsWith("/ghost/api/admin/")) {
    const refused = ghostRefusal(request.headers.authorization);
    if (refused)
      return send(response, 401, { errors: [{ message: refused, type: "UnauthorizedError" }] });
    const id = /^\/ghost\/api\/admin\/posts\/([a-f0-9]+)\/$/.exec(path)?.[1];
    if (request.method === "DELETE") {
      response.writeHead(204);
      return response.end();
    }
    const input = JSON.parse(body || "{}").posts?.[0] ?? {};
    const post = id
      ? posts.find((item) => String(item.id) === id)
      : {
          id: (nextId++).toString(16).padStart(24, "0"),
          platform: "ghost",
          title: input.title,
          status: input.status,
        };
    if (!post)
      return send(response, 404, {
        errors: [{ message: "Post not found.", type: "NotFoundError" }],
      });
    if (!id) posts.push(post);
    return send(response, id ? 200 : 201, {
      posts: [
        {
          id: String(post.id),
          url: `${base}/p/${post.id}/`,
          updated_at: "2026-01-01T00:00:00.000Z",
        },
      ],
    });
  }

  if (path === "/hook") {
    const timestamp = String(request.headers["x-aurumwire-timestamp"] ?? "");
    const expected = `sha256=${createHmac("sha256", credentials.webhookSecret).update(`${timestamp}.${body}`).digest("hex")}`;
    const given = String(request.headers["x-aurumwire-signature"] ?? "");
    if (
      given.length !== expected.length ||
      !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    ) {
      return send(response, 401, { error: "bad signature" });
    }
    if (request.headers["x-aurumwire-event"] === "ping") return send(response, 200, { ok: true });
    const document = JSON.parse(body);
    const post = { id: nextId++, platform: "webhook", title: document.headlines?.[0]?.value };
    posts.push(post);
    return send(response, 200, { id: String(post.id), url: `${base}/story/${post.id}` });
  }
  return send(response, 404, { error: "not found" });
});

server.listen(port, "127.0.0.1");
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
