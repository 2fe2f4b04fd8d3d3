import { createHmac, timingSafeEqual } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type RecordedRequest, sendJson } from "./fake-http-server";

/**
 * Handlers for startFakeServer that speak the partner platforms' protocols and check credentials
 * the way the real ones do: WordPress (REST API, Basic auth with an application password), Ghost
 * (Admin API, HS256 JWT: kid, aud "/admin/", expiry at most 5 minutes, signature) and a webhook
 * receiver (HMAC-SHA256 of "<timestamp>.<body>"). Each keeps the posts it holds.
 */

export interface FakePost {
  id: string;
  title: string;
  html: string;
  status: string;
  updatedAt: string;
  featuredMedia?: number;
  canonicalUrl?: string;
}

function unauthorizedWordPress(response: ServerResponse) {
  sendJson(response, 401, {
    code: "incorrect_password",
    message: "The provided password is an invalid application password.",
    data: { status: 401 },
  });
}

export function fakeWordPress(options: {
  user: string;
  appPassword: string;
  baseUrl: () => string;
}) {
  const posts = new Map<string, FakePost>();
  const media: number[] = [];
  const terms = new Map<string, { id: number; name: string; slug: string }[]>([
    ["tags", []],
    ["categories", []],
  ]);
  let nextId = 100;
  const handler = (request: RecordedRequest, response: ServerResponse) => {
    // The home page announces the REST root, as WordPress does (no credentials needed).
    if (request.path === "/" && request.method === "GET") {
      response.setHeader("link", `<${options.baseUrl()}/wp-json/>; rel="https://api.w.org/"`);
      response.setHeader("content-type", "text/html");
      return response.end("<!doctype html><title>Partner</title>");
    }
    const expected = `Basic ${Buffer.from(`${options.user}:${options.appPassword}`).toString("base64")}`;
    if (request.headers.authorization !== expected) return unauthorizedWordPress(response);
    if (request.path === "/wp-json/wp/v2/users/me") {
      return sendJson(response, 200, {
        id: 1,
        name: options.user,
        capabilities: { edit_posts: true, publish_posts: true },
      });
    }
    const taxonomy = request.path.match(/^\/wp-json\/wp\/v2\/(tags|categories)$/)?.[1];
    if (taxonomy) {
      const list = terms.get(taxonomy) ?? [];
      if (request.method === "GET") {
        return sendJson(
          response,
          200,
          list.filter((term) => term.slug === request.query.get("slug")),
        );
      }
      const body = JSON.parse(request.body || "{}") as { name: string; slug: string };
      const term = { id: nextId++, name: body.name, slug: body.slug };
      list.push(term);
      return sendJson(response, 201, term);
    }
    if (request.path === "/wp-json/wp/v2/posts" && request.method === "GET") {
      const search = request.query.get("search") ?? "";
      return sendJson(
        response,
        200,
        [...posts.values()]
          .filter((post) => post.html.includes(search))
          .map((post) => ({
            id: Number(post.id),
            link: `${options.baseUrl()}/?p=${post.id}`,
            status: post.status,
            content: { raw: post.html },
          })),
      );
    }
    const match = request.path.match(/^\/wp-json\/wp\/v2\/(posts|media)(?:\/(\d+))?$/);
    if (!match)
      return sendJson(response, 404, {
        code: "rest_no_route",
        message: "No route was found matching the URL and request method.",
        data: { status: 404 },
      });
    const [, collection, id] = match;
    if (collection === "media" && request.method === "POST") {
      if (!/attachment; filename=/.test(String(request.headers["content-disposition"] ?? ""))) {
        return sendJson(response, 400, {
          code: "rest_upload_no_content_disposition",
          message: "No Content-Disposition supplied.",
          data: { status: 400 },
        });
      }
      const mediaId = nextId++;
      media.push(mediaId);
      return sendJson(response, 201, {
        id: mediaId,
        source_url: `${options.baseUrl()}/uploads/${mediaId}.webp`,
      });
    }
    if (collection !== "posts")
      return sendJson(response, 404, { code: "rest_no_route", message: "No route" });
    if (request.method === "DELETE" && id) {
      const post = posts.get(id);
      if (!post)
        return sendJson(response, 404, {
          code: "rest_post_invalid_id",
          message: "Invalid post ID.",
          data: { status: 404 },
        });
      if (request.query.get("force") !== "true")
        return sendJson(response, 501, {
          code: "rest_trash_not_supported",
          message: "Posts do not support trashing. Set 'force=true' to delete.",
        });
      posts.delete(id);
      return sendJson(response, 200, { deleted: true, previous: { id: Number(id) } });
    }
    if (request.method !== "POST")
      return sendJson(response, 405, { code: "rest_no_route", message: "Method not allowed" });
    const body = JSON.parse(request.body || "{}") as {
      title?: string;
      content?: string;
      status?: string;
      featured_media?: number;
    };
    if (!["draft", "pending", "future", "publish", undefined].includes(body.status)) {
      return sendJson(response, 400, {
        code: "rest_invalid_param",
        message: "Invalid parameter(s): status",
        data: { status: 400 },
      });
    }
    if (id) {
      const post = posts.get(id);
      if (!post)
        return sendJson(response, 404, {
          code: "rest_post_invalid_id",
          message: "Invalid post ID.",
          data: { status: 404 },
        });
      Object.assign(post, {
        title: body.title ?? post.title,
        html: body.content ?? post.html,
        status: body.status ?? post.status,
        updatedAt: new Date().toISOString(),
      });
      return sendJson(response, 200, {
        id: Number(id),
        link: `${options.baseUrl()}/?p=${id}`,
        status: post.status,
      });
    }
    const postId = String(nextId++);
    posts.set(postId, {
      id: postId,
      title: body.title ?? "",
      html: body.content ?? "",
      status: body.status ?? "draft",
      updatedAt: new Date().toISOString(),
      featuredMedia: body.featured_media,
    });
    return sendJson(response, 201, {
      id: Number(postId),
      link: `${options.baseUrl()}/?p=${postId}`,
      status: body.status ?? "draft",
    });
  };
  return { handler, posts, media, terms };
}

/** Why a Ghost Admin token is refused, or null when it is good. */
export function checkGhostToken(
  authorization: string | undefined,
  key: { id: string; secretHex: string },
  nowMs: number,
): string | null {
  const token = authorization?.match(/^Ghost (.+)$/)?.[1];
  if (!token) return 'Authorization header format is "Ghost [token]"';
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return "Invalid token";
  let head: { alg?: string; kid?: string };
  let claims: { iat?: number; exp?: number; aud?: string };
  try {
    head = JSON.parse(Buffer.from(header, "base64url").toString());
    claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  } catch {
    return "Invalid token";
  }
  if (head.alg !== "HS256") return "Invalid token: algorithm";
  if (head.kid !== key.id) return "Unknown Admin API Key";
  if (claims.aud !== "/admin/") return "Invalid token: audience";
  const nowSeconds = Math.floor(nowMs / 1000);
  if (typeof claims.exp !== "number" || typeof claims.iat !== "number")
    return "Invalid token: expiry";
  if (claims.exp - claims.iat > 300) return "Invalid token: expiry more than 5 minutes";
  if (claims.exp < nowSeconds - 60) return "Invalid token: jwt expired";
  const expected = createHmac("sha256", Buffer.from(key.secretHex, "hex"))
    .update(`${header}.${payload}`)
    .digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return "Invalid token: invalid signature";
  return null;
}

export function fakeGhost(options: {
  id: string;
  secretHex: string;
  baseUrl: () => string;
  now: () => number;
}) {
  const posts = new Map<string, FakePost>();
  let nextId = 1;
  const handler = (request: RecordedRequest, response: ServerResponse) => {
    const refused = checkGhostToken(request.headers.authorization, options, options.now());
    if (refused)
      return sendJson(response, 401, { errors: [{ message: refused, type: "UnauthorizedError" }] });
    if (request.path === "/ghost/api/admin/site/") {
      return sendJson(response, 200, { site: { title: "Partner Ghost", version: "5.130" } });
    }
    if (request.path === "/ghost/api/admin/users/") {
      return sendJson(response, 200, { users: [] });
    }
    if (request.path === "/ghost/api/admin/posts/" && request.method === "GET") {
      const canonical = request.query.get("filter")?.match(/^canonical_url:'(.*)'$/)?.[1];
      return sendJson(response, 200, {
        posts: [...posts.values()]
          .filter((post) => canonical === undefined || post.canonicalUrl === canonical)
          .map((post) => ({
            id: post.id,
            url: `${options.baseUrl()}/p/${post.id}/`,
            canonical_url: post.canonicalUrl,
          })),
      });
    }
    const match = request.path.match(/^\/ghost\/api\/admin\/posts\/(?:([a-f0-9]+)\/)?$/);
    if (!match)
      return sendJson(response, 404, {
        errors: [{ message: "Resource not found", type: "NotFoundError" }],
      });
    const id = match[1];
    const post = id ? posts.get(id) : undefined;
    if (id && !post)
      return sendJson(response, 404, {
        errors: [{ message: "Post not found.", type: "NotFoundError" }],
      });
    const answer = (status: number, value: FakePost) =>
      sendJson(response, status, {
        posts: [
          {
            id: value.id,
            url: `${options.baseUrl()}/p/${value.id}/`,
            updated_at: value.updatedAt,
            status: value.status,
            title: value.title,
          },
        ],
      });
    if (request.method === "GET" && post) return answer(200, post);
    if (request.method === "DELETE" && post) {
      posts.delete(post.id);
      response.statusCode = 204;
      return response.end();
    }
    const body = JSON.parse(request.body || "{}") as {
      posts?: Array<{
        title?: string;
        html?: string;
        status?: string;
        updated_at?: string;
        canonical_url?: string;
      }>;
    };
    const input = body.posts?.[0];
    if (!input?.title && request.method === "POST")
      return sendJson(response, 422, {
        errors: [
          {
            message: "Validation error, cannot save post.",
            context: "Value in [posts.title] cannot be blank.",
            type: "ValidationError",
          },
        ],
      });
    if (request.query.get("source") !== "html" && input?.html)
      return sendJson(response, 422, {
        errors: [{ message: "html was sent without ?source=html", type: "ValidationError" }],
      });
    if (request.method === "PUT" && post && input) {
      if (input.updated_at !== post.updatedAt)
        return sendJson(response, 409, {
          errors: [
            {
              message: "Saving failed! Someone else is editing this post.",
              type: "UpdateCollisionError",
            },
          ],
        });
      Object.assign(post, {
        title: input.title ?? post.title,
        html: input.html ?? post.html,
        status: input.status ?? post.status,
        updatedAt: new Date(Date.parse(post.updatedAt) + 1000).toISOString(),
      });
      return answer(200, post);
    }
    if (request.method === "POST" && !id && input) {
      const created = {
        id: (nextId++).toString(16).padStart(24, "0"),
        title: input.title ?? "",
        html: input.html ?? "",
        status: input.status ?? "draft",
        updatedAt: new Date(options.now()).toISOString(),
        canonicalUrl: input.canonical_url,
      };
      posts.set(created.id, created);
      return answer(201, created);
    }
    return sendJson(response, 405, {
      errors: [{ message: "Method not allowed", type: "MethodNotAllowedError" }],
    });
  };
  return { handler, posts };
}

export function fakeWebhook(options: { secret: string }) {
  const received: Array<{ event: string; delivery: string; document: Record<string, unknown> }> =
    [];
  const handler = (request: RecordedRequest, response: ServerResponse) => {
    const timestamp = String(request.headers["x-aurumwire-timestamp"] ?? "");
    const signature = String(request.headers["x-aurumwire-signature"] ?? "");
    const expected = `sha256=${createHmac("sha256", options.secret).update(`${timestamp}.${request.body}`).digest("hex")}`;
    if (
      !timestamp ||
      signature.length !== expected.length ||
      !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
    ) {
      return sendJson(response, 401, { error: "bad signature" });
    }
    const event = String(request.headers["x-aurumwire-event"] ?? "");
    received.push({
      event,
      delivery: String(request.headers["x-aurumwire-delivery"] ?? ""),
      document: JSON.parse(request.body),
    });
    if (event === "ping") return sendJson(response, 200, { ok: true });
    return sendJson(response, 200, {
      id: `story-${received.length}`,
      url: `https://partner.example/story-${received.length}`,
    });
  };
  return { handler, received };
}
